import { toAuditEvent } from './audit.js';
import { GrantCache, type HitCheck } from './grant-cache.js';
import { createHub, type Hub } from './hub.js';
import type { ResolvedOptions } from './options.js';
import { PromptQueue } from './prompt-queue.js';
import { createStoreSync, type StoreSync } from './sync.js';
import type { Assessment, LookupResult, PromptKind, RequestResult, ToolCall } from './types.js';

/** What every part of the engine shares: its options, cache, queue, events and store sync. */
export interface EngineCore {
  readonly options: ResolvedOptions;
  readonly cache: GrantCache;
  readonly queue: PromptQueue;
  readonly hub: Hub;
  readonly sync: StoreSync;
  /** The lookup on a checked call; `argsHash` null when the arguments cannot be hashed. */
  find(call: ToolCall, argsHash: string | null, assessment: Assessment): LookupResult;
  /** Writes one R6 event to every sink and reports the decision. Never throws. */
  audit(result: RequestResult, call: ToolCall, kind?: PromptKind): void;
}

export function createCore(options: ResolvedOptions): EngineCore {
  const cache = new GrantCache();
  const queue = new PromptQueue();
  const hub = createHub(queue);
  const sync = createStoreSync(options.store, cache, hub);
  const { clock, sinks, expiry } = options;

  const find = (call: ToolCall, argsHash: string | null, assessment: Assessment): LookupResult => {
    if (hub.status !== 'ready')
      return { status: 'prompt', reason: hub.status === 'failed' ? 'store_failed' : 'not_ready' };
    const check: HitCheck = {
      tier: assessment.risk.tier,
      allowAlwaysPermitted: assessment.allowAlwaysEnabled,
      life: expiry,
    };
    return cache.lookup(call, argsHash, clock.now(), check);
  };

  /** Fans one event out to every sink; a failing sink is reported and never changes a decision. */
  const audit = (result: RequestResult, call: ToolCall, kind?: PromptKind) => {
    const event = toAuditEvent(
      call,
      result.choice,
      result.argsHash,
      result.risk.tier,
      result.origin,
      clock.now(),
    );
    if (kind === 'dry_run') event.dry_run = result.allowed ? 'sent' : 'not_sent';
    for (const sink of sinks) {
      try {
        const written = sink.write(event);
        if (written) written.catch((error: unknown) => hub.notify({ type: 'audit_error', error }));
      } catch (error) {
        hub.notify({ type: 'audit_error', error });
      }
    }
    hub.notify({ type: 'decision', event, result });
  };

  return { options, cache, queue, hub, sync, find, audit };
}
