import { toAuditEvent, toAuditSinks, type AuditInput } from './audit.js';
import type { Clock } from './clock.js';
import { createEmitter } from './emitter.js';
import { InvalidAnswerError } from './errors.js';
import { GrantCache, scopeOf, type GrantFilter } from './grant-cache.js';
import { grantKey } from './grant-key.js';
import { hashArgs, hashArgsSync, pinTool } from './hash.js';
import { PromptQueue, type PendingPrompt, type PromptEntry, type Waiter } from './prompt-queue.js';
import { deriveRisk, isAllowAlwaysPermitted, type RiskOptions } from './risk.js';
import type { GrantStore, StoreChange } from './store.js';
import { systemClock } from './system-clock.js';
import type {
  Choice,
  ChoiceDetail,
  Grant,
  LookupResult,
  PromptAnswer,
  PromptCallback,
  RequestResult,
  RiskTier,
  Settlement,
  ToolCall,
} from './types.js';
import { validateCall } from './validate.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Allow-always lifetimes per tier (spec R5). */
export const DEFAULT_EXPIRY: Readonly<Record<RiskTier, number | null>> = {
  low: 90 * DAY_MS,
  medium: 30 * DAY_MS,
  high: 7 * DAY_MS,
};

export interface PermissionEngineOptions {
  /** Where grants persist. The cache is synced from it once at start. */
  store: GrantStore;
  /** @default systemClock */
  clock?: Clock;
  /** A callback, a sink, or several. Audit failures never change a decision. */
  audit?: AuditInput;
  /** Allow-always lifetime per tier in ms; `null` = never expires. @default DEFAULT_EXPIRY (90/30/7 days) */
  expiry?: Partial<Record<RiskTier, number | null>>;
  /** Deny-always lifetime in ms. @default null (never expires) */
  denyExpiry?: number | null;
  risk?: RiskOptions;
  /**
   * How long `request` waits for the initial store sync before asking anyway
   * (spec R4.1: never a silent allow or deny). Needs `clock.setTimer`.
   * @default 250
   */
  readyWaitMs?: number;
  /** Default prompt timeout; a timed-out prompt answers Deny once. @default null (none) */
  promptTimeoutMs?: number | null;
}

export interface RequestOptions {
  /** The renderer's callback that asks the user. */
  prompt: PromptCallback;
  /** Aborting denies the call (Deny once) and closes the prompt when no one else waits on it. */
  signal?: AbortSignal;
  /** Overrides the engine's `promptTimeoutMs`. */
  timeoutMs?: number | null;
  /** Extra data for the renderer (for example `{ kind: 'dry_run_preview', preview }`). */
  context?: Record<string, unknown>;
  /** Ask even when a grant would decide. @default false */
  forcePrompt?: boolean;
  /** Store "always" answers as grants. When false they act as "once". @default true */
  persist?: boolean;
}

export type EngineStatus = 'syncing' | 'ready' | 'failed';

export type EngineEvent =
  | { type: 'status'; status: EngineStatus; error?: Error }
  | { type: 'pending'; pending: readonly PendingPrompt[] }
  | { type: 'checking'; count: number }
  | { type: 'grants' }
  | { type: 'decision'; event: ReturnType<typeof toAuditEvent>; result: RequestResult }
  | { type: 'audit_error'; error: unknown };

/** An immutable view for `useSyncExternalStore`-style adapters; a new object on every change. */
export interface EngineSnapshot {
  status: EngineStatus;
  error?: Error;
  pending: readonly PendingPrompt[];
  /** Requests still hashing arguments or waiting for the store sync ("Checking permissions…"). */
  checking: number;
  grantsVersion: number;
}

export interface PermissionEngine {
  /** Settles when the lookup cache is synced; rejects with the store's error (already handled internally). */
  readonly ready: Promise<void>;
  /** Synchronous O(1) lookup. Before `ready` or after a store failure: always 'prompt'. */
  lookup(call: ToolCall, options?: { argsHash?: string | null }): LookupResult;
  /** The whole flow: lookup, queue, prompt, record, audit. Settles exactly once, never rejects for a decision. */
  request(call: ToolCall, options: RequestOptions): Promise<RequestResult>;
  pending(): readonly PendingPrompt[];
  /** Answers a pending prompt from elsewhere. False when no such prompt; throws InvalidAnswerError for a refused answer. */
  resolve(promptId: string, answer: PromptAnswer): boolean;
  /** Cancels a pending prompt: every request waiting on it gets Deny once. */
  cancel(promptId: string): boolean;
  grants(filter?: GrantFilter): Grant[];
  revoke(keyOrGrant: string | Grant): Promise<boolean>;
  revokeAll(filter?: GrantFilter): Promise<number>;
  subscribe(listener: (event: EngineEvent) => void): () => void;
  getSnapshot(): EngineSnapshot;
  /** Stops listening to the store; pending prompts are cancelled. */
  dispose(): void;
}

export function createPermissionEngine(options: PermissionEngineOptions): PermissionEngine {
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const expiry = { ...DEFAULT_EXPIRY, ...options.expiry };
  const denyExpiry = options.denyExpiry ?? null;
  const readyWaitMs = options.readyWaitMs ?? 250;
  const sinks = toAuditSinks(options.audit);
  const emitter = createEmitter<EngineEvent>();
  const cache = new GrantCache();
  const queue = new PromptQueue();

  let status: EngineStatus = 'syncing';
  let storeError: Error | undefined;
  let checking = 0;
  let grantsVersion = 0;
  let snapshot: EngineSnapshot = { status, pending: [], checking, grantsVersion };
  let active: PromptEntry | undefined;
  let arrivals = 0;
  /** Requests still hashing or waiting for the store: later prompts wait for them to queue. */
  const inFlight = new Set<number>();

  const refreshSnapshot = () => {
    snapshot = {
      status,
      pending: queue.list(),
      checking,
      grantsVersion,
      ...(storeError ? { error: storeError } : {}),
    };
  };
  const notify = (event: EngineEvent) => {
    // Decisions and audit errors change no snapshot field: keep the same object, so
    // useSyncExternalStore subscribers do not re-render on every cache hit.
    if (event.type !== 'decision' && event.type !== 'audit_error') refreshSnapshot();
    emitter.emit(event);
  };
  const fail = (error: unknown) => {
    status = 'failed';
    storeError = error instanceof Error ? error : new Error(String(error));
    notify({ type: 'status', status, error: storeError });
  };
  const grantsChanged = () => {
    grantsVersion += 1;
    notify({ type: 'grants' });
  };

  const ready = store.load().then(
    (grants) => {
      cache.replaceAll(grants);
      if (status === 'syncing') status = 'ready';
      grantsChanged();
      notify({ type: 'status', status });
    },
    (error: unknown) => {
      fail(error);
      throw storeError;
    },
  );
  ready.catch(() => {}); // The failure is reported through status and events; nobody must await it.

  const unsubscribeStore = store.subscribe?.((change: StoreChange) => {
    if (cache.apply(change)) grantsChanged();
  });

  const lookup: PermissionEngine['lookup'] = (call, lookupOptions = {}) => {
    if (status !== 'ready')
      return { status: 'prompt', reason: status === 'failed' ? 'store_failed' : 'not_ready' };
    return cache.lookup(call, lookupOptions.argsHash, clock.now());
  };

  const audit = (result: RequestResult, call: ToolCall) => {
    const event = toAuditEvent(
      call,
      result.choice,
      result.argsHash,
      result.risk.tier,
      result.origin,
      clock.now(),
    );
    for (const sink of sinks) {
      try {
        const written = sink.write(event);
        if (written) written.catch((error: unknown) => notify({ type: 'audit_error', error }));
      } catch (error) {
        notify({ type: 'audit_error', error });
      }
    }
    notify({ type: 'decision', event, result });
  };

  const finish = (waiter: Waiter, result: RequestResult) => {
    if (waiter.settled) return;
    waiter.settled = true;
    waiter.cleanup();
    audit(result, waiter.call);
    waiter.resolve(result);
  };

  const writeGrant = (grant: Grant) => {
    cache.set(grant);
    grantsChanged();
    // A write that fails leaves us unsure what is stored: stop trusting the cache.
    store.put(grant).catch(fail);
  };

  const makeGrant = (entry: PromptEntry, detail: ChoiceDetail): Grant | undefined => {
    const allow = detail.choice === 'allow_always';
    const pin = allow ? pinTool(entry.call.tool) : null;
    if (allow && !pin) return undefined; // Cannot pin it, so it cannot be remembered.
    const now = clock.now();
    const tierLife = allow ? expiry[entry.risk.tier] : denyExpiry;
    const life =
      detail.ttlMs !== undefined && detail.ttlMs > 0
        ? Math.min(detail.ttlMs, tierLife ?? Infinity)
        : tierLife;
    const scope = {
      ...scopeOf(entry.call),
      ...(detail.argsOnly && entry.argsHash ? { argsHash: entry.argsHash } : {}),
    };
    const key = grantKey(scope);
    // A new answer is newer than the grant it replaces, even within one millisecond (compareGrants).
    const previous = Date.parse(cache.get(key)?.grantedAt ?? '') + 1 || 0;
    return {
      ...scope,
      key,
      decision: allow ? 'allow' : 'deny',
      grantedAt: new Date(Math.max(now, previous)).toISOString(),
      expiresAt: life === null ? null : new Date(now + life).toISOString(),
      grantedBy: entry.call.userId,
      riskTier: entry.risk.tier,
      ...(pin ? { pin } : {}),
    };
  };

  const closeEntry = (entry: PromptEntry) => {
    queue.remove(entry);
    entry.controller.abort();
    if (active === entry) active = undefined;
    notify({ type: 'pending', pending: queue.list() });
    pump();
  };

  /** Settles every request waiting on a prompt with one answer. */
  const settleEntry = (
    entry: PromptEntry,
    given: ChoiceDetail,
    settledBy: Settlement,
    error?: Error,
  ) => {
    if (!queue.has(entry)) return;
    // Without persistence an "always" answer means "this time".
    const answer = entry.persist ? given : { choice: ONCE[given.choice] };
    let grant: Grant | undefined;
    if (
      settledBy === 'answer' &&
      (answer.choice === 'allow_always' || answer.choice === 'deny_always') &&
      entry.persist
    ) {
      grant = makeGrant(entry, answer);
      if (grant) writeGrant(grant);
    }
    const origin = entry.lookup.reason === 'expired' ? 'auto_revoke_renewal' : 'user_prompt';
    for (const waiter of entry.waiters) {
      finish(waiter, {
        allowed: answer.choice === 'allow_once' || answer.choice === 'allow_always',
        choice: answer.choice,
        origin,
        risk: entry.risk,
        settledBy,
        argsHash: entry.argsHash,
        promptId: entry.id,
        ...(grant ? { grant } : {}),
        ...(error ? { error } : {}),
      });
    }
    closeEntry(entry);
  };

  /** Shows the next prompt when none is showing. A grant made meanwhile may answer it. */
  const pump = () => {
    while (!active) {
      const next = queue.first();
      if (!next) return;
      // An earlier call still hashing its arguments goes first: prompts keep call order.
      if (inFlight.size > 0 && next.arrival > Math.min(...inFlight)) return;
      if (!next.forcePrompt) {
        const now = lookup(next.call, { argsHash: next.argsHash });
        if (now.status !== 'prompt') {
          for (const waiter of next.waiters) finish(waiter, cacheHit(next, now));
          closeEntry(next);
          continue;
        }
      }
      active = next;
      next.shown = true;
      const entry = next;
      const request = queue.toRequest(entry);
      notify({ type: 'pending', pending: queue.list() });
      Promise.resolve()
        .then(() => entry.prompt(request))
        .then(
          (answer) => {
            const detail = normalizeAnswer(answer);
            const refusal = detail
              ? refuse(entry, detail)
              : new InvalidAnswerError(
                  `The prompt answered ${JSON.stringify(answer)}, which is not a choice.`,
                );
            if (refusal) settleEntry(entry, { choice: 'deny_once' }, 'error', refusal);
            else settleEntry(entry, detail!, 'answer');
          },
          (error: unknown) => {
            const failure = error instanceof Error ? error : new Error(String(error));
            settleEntry(entry, { choice: 'deny_once' }, 'error', failure);
          },
        );
    }
  };

  const cacheHit = (
    entry: Pick<PromptEntry, 'risk' | 'argsHash'>,
    result: LookupResult,
  ): RequestResult => ({
    allowed: result.status === 'allow',
    choice: result.status === 'allow' ? 'allow_always' : 'deny_always',
    origin: 'cache_hit',
    risk: entry.risk,
    settledBy: 'grant',
    argsHash: entry.argsHash,
    ...(result.grant ? { grant: result.grant } : {}),
  });

  const waitForSync = (): Promise<void> => {
    if (status !== 'syncing' || readyWaitMs <= 0 || !clock.setTimer) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const cancel = clock.setTimer!(resolve, readyWaitMs);
      ready.then(
        () => (cancel(), resolve()),
        () => (cancel(), resolve()),
      );
    });
  };

  const setChecking = (delta: number) => {
    checking += delta;
    notify({ type: 'checking', count: checking });
  };

  const request: PermissionEngine['request'] = async (call, requestOptions) => {
    validateCall(call);
    if (typeof requestOptions?.prompt !== 'function') {
      throw new TypeError('request(call, { prompt }) needs a prompt callback that asks the user.');
    }
    const arrival = ++arrivals;
    const risk = deriveRisk(call.tool, call.server, options.risk);
    // Fast path: when a per-tool grant decides, the arguments' hash cannot change the
    // outcome, so decide now; the audit event's hash is computed in-line (same SHA-256
    // of the same canonical JSON) instead of waiting on a WebCrypto round trip.
    if (
      status === 'ready' &&
      !requestOptions.forcePrompt &&
      !requestOptions.signal?.aborted &&
      !cache.needsArgsHash(call)
    ) {
      const found = cache.lookup(call, undefined, clock.now());
      if (found.status !== 'prompt') {
        const hit = cacheHit({ risk, argsHash: hashOrNull(call.args) }, found);
        audit(hit, call);
        return hit;
      }
    }
    inFlight.add(arrival);
    setChecking(1);
    let argsHash: string | null;
    try {
      argsHash = await hashArgs(call.args).catch(() => null); // Unhashable arguments can only match per-tool grants.
      await waitForSync();
    } finally {
      setChecking(-1);
      inFlight.delete(arrival);
      // Whatever happens next, prompts held back for this request may go on.
      void Promise.resolve().then(pump);
    }

    return new Promise<RequestResult>((resolve) => {
      const base = { risk, argsHash };
      const signal = requestOptions.signal;
      if (signal?.aborted) {
        const denial = {
          allowed: false,
          choice: 'deny_once' as Choice,
          origin: 'user_prompt' as const,
          ...base,
          settledBy: 'abort' as const,
        };
        audit(denial, call);
        resolve(denial);
        pump();
        return;
      }
      const found = requestOptions.forcePrompt ? undefined : lookup(call, { argsHash });
      if (found && found.status !== 'prompt') {
        const hit = cacheHit(base, found);
        audit(hit, call);
        resolve(hit);
        pump();
        return;
      }
      const entry = queue.enqueue({
        call,
        risk,
        argsHash,
        lookup: found ?? { status: 'prompt', reason: 'no_grant' },
        allowAlwaysEnabled: isAllowAlwaysPermitted(call.tool),
        prompt: requestOptions.prompt,
        forcePrompt: requestOptions.forcePrompt === true,
        persist: requestOptions.persist !== false,
        context: requestOptions.context,
        createdAt: clock.now(),
        arrival,
      });
      const waiter: Waiter = { call, settled: false, resolve, cleanup: () => {} };
      const endWaiter = (settledBy: Settlement) => {
        if (waiter.settled) return;
        finish(waiter, {
          allowed: false,
          choice: 'deny_once',
          origin: entry.lookup.reason === 'expired' ? 'auto_revoke_renewal' : 'user_prompt',
          ...base,
          settledBy,
          promptId: entry.id,
        });
        entry.waiters.delete(waiter);
        if (entry.waiters.size === 0) closeEntry(entry);
      };
      const timeoutMs =
        requestOptions.timeoutMs !== undefined ? requestOptions.timeoutMs : options.promptTimeoutMs;
      const cancelTimer =
        timeoutMs != null && clock.setTimer
          ? clock.setTimer(() => endWaiter('timeout'), timeoutMs)
          : undefined;
      const onAbort = () => endWaiter('abort');
      signal?.addEventListener('abort', onAbort, { once: true });
      waiter.cleanup = () => {
        cancelTimer?.();
        signal?.removeEventListener('abort', onAbort);
      };
      entry.waiters.add(waiter);
      notify({ type: 'pending', pending: queue.list() });
      pump();
    });
  };

  const refuse = (entry: PromptEntry, detail: ChoiceDetail): InvalidAnswerError | undefined => {
    if (detail.choice === 'allow_always' && !entry.allowAlwaysEnabled) {
      return new InvalidAnswerError(
        `Allow always is not available for "${entry.call.tool.name}": it may be destructive, so it can only be allowed once.`,
      );
    }
    return undefined;
  };

  return {
    ready,
    lookup,
    request,
    pending: () => queue.list(),
    resolve(promptId, answer) {
      const entry = queue.get(promptId);
      if (!entry) return false;
      const detail = normalizeAnswer(answer);
      if (!detail)
        throw new InvalidAnswerError(
          `${JSON.stringify(answer)} is not one of allow_once, allow_always, deny_once, deny_always.`,
        );
      const refusal = refuse(entry, detail);
      if (refusal) throw refusal;
      settleEntry(entry, detail, 'answer');
      return true;
    },
    cancel(promptId) {
      const entry = queue.get(promptId);
      if (!entry) return false;
      settleEntry(entry, { choice: 'deny_once' }, 'cancel');
      return true;
    },
    grants: (filter) => cache.list(filter),
    async revoke(keyOrGrant) {
      const key = typeof keyOrGrant === 'string' ? keyOrGrant : keyOrGrant.key;
      const removed = cache.delete(key);
      grantsChanged();
      try {
        await store.delete(key, removed);
      } catch (error) {
        fail(error);
        throw error;
      }
      return removed !== undefined;
    },
    async revokeAll(filter = {}) {
      const doomed = cache.list(filter);
      for (const grant of doomed) cache.delete(grant.key);
      grantsChanged();
      try {
        if (Object.keys(filter).length === 0) await store.clear();
        else for (const grant of doomed) await store.delete(grant.key, grant);
      } catch (error) {
        fail(error);
        throw error;
      }
      return doomed.length;
    },
    subscribe: emitter.subscribe,
    getSnapshot: () => snapshot,
    dispose() {
      unsubscribeStore?.();
      for (const entry of queue.list()) {
        const live = queue.get(entry.id);
        if (live) settleEntry(live, { choice: 'deny_once' }, 'cancel');
      }
    },
  };
}

const ONCE: Record<Choice, Choice> = {
  allow_once: 'allow_once',
  allow_always: 'allow_once',
  deny_once: 'deny_once',
  deny_always: 'deny_once',
};

const CHOICES: ReadonlySet<string> = new Set([
  'allow_once',
  'allow_always',
  'deny_once',
  'deny_always',
]);

/** Accepts 'allow_once' or { choice: 'allow_once', … }; anything else is not an answer. */
function normalizeAnswer(answer: unknown): ChoiceDetail | undefined {
  if (typeof answer === 'string')
    return CHOICES.has(answer) ? { choice: answer as Choice } : undefined;
  if (typeof answer !== 'object' || answer === null) return undefined;
  const detail = answer as Partial<ChoiceDetail>;
  if (typeof detail.choice !== 'string' || !CHOICES.has(detail.choice)) return undefined;
  return {
    choice: detail.choice,
    ...(detail.argsOnly === true ? { argsOnly: true } : {}),
    ...(typeof detail.ttlMs === 'number' && Number.isFinite(detail.ttlMs)
      ? { ttlMs: detail.ttlMs }
      : {}),
  };
}

function hashOrNull(args: unknown): string | null {
  try {
    return hashArgsSync(args);
  } catch {
    return null; // Unhashable arguments: audited without a hash, as in the slow path.
  }
}
