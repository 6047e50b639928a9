import { toAuditEvent } from './audit.js';
import { toOutcomeEvent } from './outcomes.js';
import type { RequestOutcome } from './outcome-types.js';
import { GrantCache, type ArgsHasher, type HitCheck } from './grant-cache.js';
import { createHub, type Hub } from './hub.js';
import { checkMode, type ResolvedOptions } from './options.js';
import { PolicyHolder } from './policy-holder.js';
import { SessionGrants } from './session.js';
import { PromptQueue } from './prompt-queue.js';
import { createStoreSync, type StoreSync } from './sync.js';
import type {
  Assessment,
  AuditEvent,
  DecisionAuditEvent,
  LookupResult,
  PermissionMode,
  PromptKind,
  RequestResult,
  ToolCall,
} from './types.js';
import type { PermissionEngineOptions } from './engine-types.js';

/** What the host or the user may change while the engine runs. */
export interface EngineSettings {
  mode: PermissionMode;
}

let sessions = 0;
const sessionPrefix = Math.random().toString(36).slice(2, 10);

/** A session id unique in this process and unlikely to repeat across processes. */
export function newSessionId(): string {
  return `session-${sessionPrefix}-${++sessions}`;
}

/** What every part of the engine shares: its options, cache, queue, events and store sync. */
export interface EngineCore {
  readonly options: ResolvedOptions;
  readonly cache: GrantCache;
  readonly queue: PromptQueue;
  readonly hub: Hub;
  readonly sync: StoreSync;
  readonly policy: PolicyHolder;
  readonly session: SessionGrants;
  readonly settings: EngineSettings;
  /**
   * The lookup on a checked call; `argsHash` null when the arguments cannot be hashed, a hasher
   * to hash them only when a per-arguments grant exists for the tool.
   */
  find(call: ToolCall, argsHash: string | null | ArgsHasher, assessment: Assessment): LookupResult;
  /** Writes one R6 event to every sink and reports the decision. Never throws. */
  audit(result: RequestResult, call: ToolCall, kind?: PromptKind): void;
  /** Writes the event of an answered elicitation, sampling or roots request. Throws only on invalid input. */
  record(outcome: RequestOutcome): void;
}

export function createCore(
  options: ResolvedOptions,
  given: Pick<PermissionEngineOptions, 'policy' | 'sessionId' | 'mode'> = {},
): EngineCore {
  const cache = new GrantCache();
  const policy = new PolicyHolder();
  policy.set(given.policy);
  const session = new SessionGrants(
    typeof given.sessionId === 'string' && given.sessionId.length > 0
      ? given.sessionId
      : newSessionId(),
  );
  const settings: EngineSettings = { mode: checkMode(given.mode ?? 'ask') };
  const queue = new PromptQueue();
  const hub = createHub(queue);
  const sync = createStoreSync(options.store, cache, hub);
  const { clock, sinks } = options;

  /** Session grains are read even before the store syncs: they never came from it. */
  const findInSession = (
    call: ToolCall,
    argsHash: string | null | ArgsHasher,
    assessment: Assessment,
    now: number,
  ): LookupResult | undefined => {
    if (session.size === 0) return undefined;
    return session.lookup(call, argsHash, now, {
      tier: assessment.risk.tier,
      allowAlwaysPermitted: assessment.allowAlwaysEnabled || options.sessionGrainsForDestructive,
      life: options.expiry,
    });
  };

  const find = (
    call: ToolCall,
    argsHash: string | null | ArgsHasher,
    assessment: Assessment,
  ): LookupResult => {
    const now = clock.now();
    const inSession = findInSession(call, argsHash, assessment, now);
    if (hub.status !== 'ready') {
      // A remembered denial may be in the store not read yet: only a session deny decides.
      if (inSession?.status === 'deny') return inSession;
      return { status: 'prompt', reason: hub.status === 'failed' ? 'store_failed' : 'not_ready' };
    }
    const check: HitCheck = {
      tier: assessment.risk.tier,
      allowAlwaysPermitted: assessment.allowAlwaysEnabled,
      life: options.expiry,
    };
    const stored = cache.lookup(call, argsHash, now, check);
    if (!inSession || stored.status === 'deny') return stored;
    if (inSession.status === 'deny' || stored.status === 'allow') {
      return inSession.status === 'deny' ? inSession : stored;
    }
    return inSession.status === 'allow' ? inSession : stored;
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
    decorate(event, result, options.auditDenyReasonText);
    write(event);
    hub.notify({ type: 'decision', event, result });
  };

  const record = (outcome: RequestOutcome) => {
    const event = toOutcomeEvent(outcome, clock.now());
    write(event);
    hub.notify({ type: 'outcome', event });
  };

  /** Sinks that batch share one promise among a batch's events: its failure is reported once. */
  const watched = new WeakSet<Promise<void>>();
  /** Best effort: a failing sink is reported (`audit_error`) and never throws here. */
  const write = (event: AuditEvent) => {
    for (const sink of sinks) {
      try {
        const written = sink.write(event);
        if (written && !watched.has(written)) {
          watched.add(written);
          written.catch((error: unknown) => hub.notify({ type: 'audit_error', error }));
        }
      } catch (error) {
        hub.notify({ type: 'audit_error', error });
      }
    }
  };

  return { options, cache, queue, hub, sync, policy, session, settings, find, audit, record };
}

/** The fields beyond R6 that say who decided and how: the rule, the grain, a note, an edit. */
function decorate(event: DecisionAuditEvent, result: RequestResult, withNoteText: boolean): void {
  const { rule } = result;
  if (rule) {
    event.policy_rule = {
      layer: rule.layer,
      file: rule.file,
      index: rule.index,
      ...(rule.ruleId === undefined ? {} : { id: rule.ruleId }),
    };
  }
  if (result.grain === 'session' || result.grain === 'timed') event.grain = result.grain;
  const byUser = result.origin === 'user_prompt' || result.origin === 'auto_revoke_renewal';
  if (byUser && !result.allowed && result.reason !== undefined) {
    event.deny_reason = true;
    if (withNoteText) event.deny_reason_text = result.reason;
  }
  if (result.edited) event.edited = true;
  if (result.origin === 'mode' && result.mode) event.mode = result.mode;
}
