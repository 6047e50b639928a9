import {
  checkLifetime,
  checkLifetimes,
  DAY_MS,
  isAllow,
  isAlways,
  ONCE,
  readAnswer,
} from './answers.js';
import { toAuditEvent, toAuditSinks } from './audit.js';
import { createEmitter } from './emitter.js';
import type {
  EngineEvent,
  EngineSnapshot,
  EngineStatus,
  PermissionEngine,
  PermissionEngineOptions,
} from './engine-types.js';
import {
  ConsentError,
  InvalidInputError,
  StoreUnavailableError,
  type InvalidInputSource,
} from './errors.js';
import { GrantCache, scopeOf, type GrantFilter, type HitCheck } from './grant-cache.js';
import { grantKey } from './grant-key.js';
import { hashArgs, hashArgsSync, pinTool } from './hash.js';
import { PromptQueue, type PromptEntry, type Waiter } from './prompt-queue.js';
import { deriveRisk, isAllowAlwaysPermitted } from './risk.js';
import { snapshotCall, validateCall, wireCopy } from './snapshot.js';
import { readChange, readLoaded } from './store-input.js';
import type { StoreChange } from './store.js';
import { systemClock } from './system-clock.js';
import type {
  Choice,
  ChoiceDetail,
  Grant,
  LookupResult,
  RequestResult,
  RiskAssessment,
  RiskTier,
  Settlement,
  ToolCall,
} from './types.js';

export { DAY_MS };

/** Allow-always lifetimes per tier (spec R5). */
export const DEFAULT_EXPIRY: Readonly<Record<RiskTier, number | null>> = {
  low: 90 * DAY_MS,
  medium: 30 * DAY_MS,
  high: 7 * DAY_MS,
};

/** The tier a call gets when it is too malformed to assess. */
const UNKNOWN_RISK: RiskAssessment = Object.freeze({
  tier: 'high',
  reasons: Object.freeze(['no_annotations']) as RiskAssessment['reasons'],
  source: 'defaults',
});

const FILTER_KEYS: ReadonlySet<string> = new Set(['userId', 'workspaceId', 'serverId', 'toolName']);

/** A filter that names a key must name an id: `{ userId: undefined }` must never mean "everyone". */
function checkFilter(filter: unknown): GrantFilter {
  if (filter === undefined) return {};
  if (typeof filter !== 'object' || filter === null) {
    throw new TypeError('A grant filter must be an object such as { userId, workspaceId }.');
  }
  for (const [key, value] of Object.entries(filter)) {
    if (!FILTER_KEYS.has(key)) {
      throw new TypeError(
        `Unknown grant filter key "${key}": use userId, workspaceId, serverId or toolName.`,
      );
    }
    if (typeof value !== 'string' || value.length === 0) {
      throw new TypeError(
        `The grant filter's ${key} must be a non-empty id, not ${value === '' ? 'an empty string' : String(value)}; pass no filter to mean every grant.`,
      );
    }
  }
  return filter as GrantFilter;
}

const iso = (ms: number) => new Date(ms).toISOString();
const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export function createPermissionEngine(options: PermissionEngineOptions): PermissionEngine {
  const { store } = options;
  if (
    typeof store !== 'object' ||
    store === null ||
    typeof store.load !== 'function' ||
    typeof store.put !== 'function' ||
    typeof store.delete !== 'function' ||
    typeof store.clear !== 'function'
  ) {
    throw new InvalidInputError(
      'options',
      'createPermissionEngine needs a store with load, put, delete and clear.',
    );
  }
  const clock = options.clock ?? systemClock;
  const expiry = checkLifetimes(DEFAULT_EXPIRY, options.expiry);
  const denyExpiry =
    options.denyExpiry === undefined ? null : checkLifetime('denyExpiry', options.denyExpiry);
  const readyWaitMs = options.readyWaitMs ?? 250;
  const saveWaitMs = options.saveWaitMs ?? 2000;
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
    // Decisions and error reports change no snapshot field: keep the same object, so
    // useSyncExternalStore subscribers do not re-render on every cache hit.
    if (event.type !== 'decision' && event.type !== 'audit_error' && event.type !== 'invalid')
      refreshSnapshot();
    emitter.emit(event);
  };
  const reportInvalid = (source: InvalidInputSource, error: Error, count?: number) =>
    notify({ type: 'invalid', source, error, ...(count !== undefined ? { count } : {}) });
  const fail = (error: unknown) => {
    status = 'failed';
    storeError = asError(error);
    notify({ type: 'status', status, error: storeError });
  };
  const grantsChanged = () => {
    grantsVersion += 1;
    notify({ type: 'grants' });
  };

  // A load that ends late merges into what was answered meanwhile: it never overwrites a newer
  // answer or brings back a revoked grant (the cache keeps revocations, as stores do).
  const ready = Promise.resolve()
    .then((): Promise<unknown> => (store.loadState ? store.loadState() : store.load()))
    .then((loaded: unknown) => {
      const { changes, invalid } = readLoaded(loaded);
      if (invalid > 0) {
        reportInvalid(
          'store',
          new InvalidInputError(
            'store',
            `${invalid} stored grant(s) are malformed and were not applied; the calls they covered will be asked.`,
          ),
          invalid,
        );
      }
      for (const change of changes) cache.apply(change);
      if (status === 'syncing') status = 'ready';
      grantsChanged();
      notify({ type: 'status', status });
    })
    .catch((error: unknown) => {
      fail(error);
      throw storeError;
    });
  ready.catch(() => {}); // The failure is reported through status and events; nobody must await it.
  const settledReady = () => ready.catch(() => undefined);

  let unsubscribeStore: (() => void) | undefined;
  try {
    unsubscribeStore = store.subscribe?.((heard: StoreChange) => {
      const change = readChange(heard);
      if (!change) {
        reportInvalid(
          'store',
          new InvalidInputError('store', 'A malformed change from another writer was ignored.'),
          1,
        );
        return;
      }
      if (cache.apply(change)) grantsChanged();
    });
  } catch (error) {
    fail(error);
  }

  const hitCheck = (call: ToolCall, risk: RiskAssessment): HitCheck => ({
    tier: risk.tier,
    allowAlwaysPermitted: isAllowAlwaysPermitted(call.tool),
    life: expiry,
  });

  /** The lookup on a checked call; `argsHash` null when the arguments cannot be hashed. */
  const find = (call: ToolCall, argsHash: string | null, risk: RiskAssessment): LookupResult => {
    if (status !== 'ready')
      return { status: 'prompt', reason: status === 'failed' ? 'store_failed' : 'not_ready' };
    return cache.lookup(call, argsHash, clock.now(), hitCheck(call, risk));
  };

  const lookup: PermissionEngine['lookup'] = (call, lookupOptions = {}) => {
    validateCall(call);
    let argsHash = lookupOptions.argsHash;
    if (argsHash === undefined) {
      // A per-arguments grant (a Deny always for these arguments) must be found without one.
      argsHash = status === 'ready' && cache.needsArgsHash(call) ? wireHash(call.args) : null;
    }
    return find(call, argsHash, deriveRisk(call.tool, call.server, options.risk));
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
    try {
      audit(result, waiter.call);
    } finally {
      waiter.resolve(result);
    }
  };

  /** Caches a grant and saves it; resolves once the store has it, rejects (and fails the engine) if not. */
  const writeGrant = (grant: Grant): Promise<void> => {
    cache.apply({ type: 'put', grant });
    grantsChanged();
    return Promise.resolve()
      .then(() => store.put(cache.get(grant.key) ?? grant))
      .catch((error: unknown) => {
        // A write that fails leaves us unsure what is stored: stop trusting the cache.
        fail(error);
        throw error;
      });
  };

  /**
   * The save a settled "always" answer waits for, at most `saveWaitMs`: a store that hangs must
   * not hang the decision. Past that, the answer applies with an error saying it may not be saved
   * (the write goes on; if it fails, the engine fails closed).
   */
  const boundedSave = (save: Promise<void>): Promise<void> => {
    if (!clock.setTimer) return save;
    return new Promise<void>((resolve, reject) => {
      const cancel = clock.setTimer!(
        () =>
          reject(
            new StoreUnavailableError(
              `The answer was not saved within ${saveWaitMs} ms: it applies to this call, but may not be remembered.`,
            ),
          ),
        saveWaitMs,
      );
      save.then(
        () => (cancel(), resolve()),
        (error: unknown) => (cancel(), reject(asError(error))),
      );
    });
  };

  const makeGrant = (entry: PromptEntry, detail: ChoiceDetail): Grant | undefined => {
    const allow = detail.choice === 'allow_always';
    const pin = allow ? pinTool(entry.call.tool) : null;
    if (allow && !pin) return undefined; // Cannot pin it, so it cannot be remembered.
    const now = clock.now();
    const tierLife = allow ? expiry[entry.risk.tier] : denyExpiry;
    const life =
      detail.ttlMs !== undefined ? Math.min(detail.ttlMs, tierLife ?? Infinity) : tierLife;
    const scope = {
      ...scopeOf(entry.call),
      ...(detail.argsOnly && entry.argsHash ? { argsHash: entry.argsHash } : {}),
    };
    const key = grantKey(scope);
    return {
      ...scope,
      key,
      decision: allow ? 'allow' : 'deny',
      // Newer than anything held for the key (a grant, a revoke), even within one millisecond.
      grantedAt: iso(Math.max(now, cache.floor(key) + 1)),
      expiresAt: life === null ? null : iso(now + life),
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
    // Without persistence an "always" answer means "this time"; so does "for these exact
    // arguments" when the arguments cannot be hashed (nothing could recognise them again).
    let answer =
      entry.persist && !(given.argsOnly && entry.argsHash === null)
        ? given
        : { choice: ONCE[given.choice] };
    let failure = error;
    let grant: Grant | undefined;
    let saved: Promise<void> | undefined;
    if (settledBy === 'answer' && isAlways(answer.choice)) {
      try {
        grant = makeGrant(entry, answer);
        if (grant) saved = boundedSave(writeGrant(grant));
      } catch (caught) {
        // Nothing may leave a request unsettled: what cannot be remembered is answered once.
        failure = asError(caught);
        answer = { choice: ONCE[answer.choice] };
        grant = undefined;
      }
    }
    const origin = entry.lookup.reason === 'expired' ? 'auto_revoke_renewal' : 'user_prompt';
    const result: RequestResult = {
      allowed: isAllow(answer.choice),
      choice: answer.choice,
      origin,
      risk: entry.risk,
      settledBy,
      argsHash: entry.argsHash,
      promptId: entry.id,
      call: entry.call,
      ...(grant ? { grant: cache.get(grant.key) ?? grant } : {}),
      ...(failure ? { error: failure } : {}),
    };
    for (const waiter of entry.waiters) {
      const own = { ...result, call: waiter.call };
      if (!saved) {
        finish(waiter, own);
        continue;
      }
      // Answered: a timeout or an abort can no longer change it. Settle once the grant is saved.
      waiter.cleanup();
      saved.then(
        () => finish(waiter, own),
        (saveError: unknown) => finish(waiter, { ...own, error: asError(saveError) }),
      );
    }
    closeEntry(entry);
  };

  const settleWithError = (entry: PromptEntry, error: unknown, source?: InvalidInputSource) => {
    const failure = asError(error);
    if (source) reportInvalid(source, failure);
    settleEntry(entry, { choice: 'deny_once' }, 'error', failure);
  };

  /** Shows the next prompt when none is showing. A grant made meanwhile may answer it. */
  const pump = () => {
    while (!active) {
      const next = queue.first();
      if (!next) return;
      // An earlier call still hashing its arguments goes first: prompts keep call order.
      if (inFlight.size > 0 && next.arrival > Math.min(...inFlight)) return;
      try {
        if (!next.forcePrompt) {
          const now = find(next.call, next.argsHash, next.risk);
          if (now.status !== 'prompt') {
            for (const waiter of next.waiters) finish(waiter, cacheHit(next, now, waiter.call));
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
              const detail = readAnswer(answer, {
                toolName: entry.call.tool.name,
                allowAlwaysEnabled: entry.allowAlwaysEnabled,
              });
              if (detail instanceof ConsentError) settleWithError(entry, detail, 'answer');
              else settleEntry(entry, detail, 'answer');
            },
            (error: unknown) => settleWithError(entry, error),
          )
          .catch((error: unknown) => settleWithError(entry, error));
      } catch (error) {
        settleWithError(next, error);
      }
    }
  };

  const cacheHit = (
    entry: Pick<PromptEntry, 'risk' | 'argsHash'>,
    result: LookupResult,
    call: ToolCall,
  ): RequestResult => ({
    allowed: result.status === 'allow',
    choice: result.status === 'allow' ? 'allow_always' : 'deny_always',
    origin: 'cache_hit',
    risk: entry.risk,
    settledBy: 'grant',
    argsHash: entry.argsHash,
    call,
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

  /** A denial for a request that could not be decided on; audited when the call is valid. */
  const refuseRequest = (call: ToolCall | undefined, error: Error): RequestResult => {
    const result: RequestResult = {
      allowed: false,
      choice: 'deny_once',
      origin: 'user_prompt',
      risk: UNKNOWN_RISK,
      settledBy: 'error',
      argsHash: null,
      error,
      ...(call ? { call } : {}),
    };
    if (call) {
      try {
        audit({ ...result, risk: deriveRisk(call.tool, call.server, options.risk) }, call);
      } catch {
        // The denial stands whether or not it could be audited.
      }
    }
    return result;
  };

  const decide: PermissionEngine['request'] = async (rawCall, requestOptions) => {
    let call: ToolCall;
    try {
      call = snapshotCall(rawCall);
    } catch (error) {
      const failure = asError(error);
      reportInvalid('call', failure);
      return refuseRequest(undefined, failure);
    }
    if (typeof requestOptions?.prompt !== 'function') {
      const failure = new InvalidInputError(
        'options',
        'request(call, { prompt }) needs a prompt callback that asks the user.',
      );
      reportInvalid('options', failure);
      return refuseRequest(call, failure);
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
      const found = find(call, null, risk);
      if (found.status !== 'prompt') {
        const hit = cacheHit({ risk, argsHash: hashOrNull(call.args) }, found, call);
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
      const base = { risk, argsHash, call };
      const signal = requestOptions.signal;
      if (signal?.aborted) {
        const denial: RequestResult = {
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
      const found = requestOptions.forcePrompt ? undefined : find(call, argsHash, risk);
      if (found && found.status !== 'prompt') {
        const hit = cacheHit(base, found, call);
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
        if (entry.waiters.size === 0 && queue.has(entry)) closeEntry(entry);
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

  const request: PermissionEngine['request'] = (call, requestOptions) =>
    decide(call, requestOptions).catch((error: unknown) => {
      // Nothing on the way to a decision may reject: whatever failed, the call is denied.
      let checked: ToolCall | undefined;
      try {
        checked = snapshotCall(call);
      } catch {
        checked = undefined;
      }
      return refuseRequest(checked, asError(error));
    });

  /** Revokes one key as of now: its grant (if any) and every older grant of it that arrives later. */
  const revokeKey = (key: string, removed: Grant | undefined) => {
    const revokedAt = iso(Math.max(clock.now(), cache.floor(key) + 1));
    cache.apply({ type: 'delete', key, revokedAt });
    return { removed, revokedAt };
  };

  return {
    ready,
    lookup,
    request,
    pending: () => queue.list(),
    resolve(promptId, answer) {
      const entry = queue.get(promptId);
      if (!entry) return false;
      const detail = readAnswer(answer, {
        toolName: entry.call.tool.name,
        allowAlwaysEnabled: entry.allowAlwaysEnabled,
      });
      if (detail instanceof ConsentError) {
        reportInvalid('answer', detail);
        throw detail;
      }
      settleEntry(entry, detail, 'answer');
      return true;
    },
    cancel(promptId) {
      const entry = queue.get(promptId);
      if (!entry) return false;
      settleEntry(entry, { choice: 'deny_once' }, 'cancel');
      return true;
    },
    grants: (filter) => cache.list(checkFilter(filter)),
    async revoke(keyOrGrant) {
      const key = typeof keyOrGrant === 'string' ? keyOrGrant : keyOrGrant?.key;
      if (typeof key !== 'string' || key.length === 0) {
        throw new TypeError('revoke() needs a grant or its non-empty key.');
      }
      // Once synced, the cache changes before this returns: the next lookup already sees it.
      if (status === 'syncing') await settledReady();
      const { removed, revokedAt } = revokeKey(key, cache.get(key));
      if (removed) grantsChanged();
      try {
        await store.delete(key, removed, revokedAt);
      } catch (error) {
        fail(error);
        throw error;
      }
      return removed !== undefined;
    },
    async revokeAll(filter) {
      const checked = checkFilter(filter);
      // Once synced, the cache changes before this returns: the next lookup already sees it.
      if (status === 'syncing') await settledReady();
      const everything = Object.keys(checked).length === 0;
      if (status === 'failed' && !everything) {
        // What the store holds is unknown, so the grants the filter means cannot be listed:
        // revoking "none" would tell the user their grants are gone while the store keeps them.
        throw new StoreUnavailableError(
          `Cannot revoke by filter: the saved permissions could not be read (${storeError?.message ?? 'store failed'}). Revoke a grant by its key, or revoke all.`,
        );
      }
      const doomed = cache.list(checked);
      try {
        if (everything) {
          const latest = Math.max(
            clock.now(),
            ...doomed.map((grant) => Date.parse(grant.grantedAt) + 1),
          );
          const clearedAt = iso(latest);
          cache.apply({ type: 'clear', clearedAt });
          grantsChanged();
          await store.clear(clearedAt);
        } else {
          const revoked = doomed.map((grant) => revokeKey(grant.key, grant));
          grantsChanged();
          for (const { removed, revokedAt } of revoked) {
            await store.delete(removed!.key, removed, revokedAt);
          }
        }
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

function hashOrNull(args: unknown): string | null {
  try {
    return hashArgsSync(args);
  } catch {
    return null; // Unhashable arguments: audited without a hash, as in the slow path.
  }
}

/** The hash of arguments as the wire would carry them (a caller's object, not yet copied). */
function wireHash(args: unknown): string | null {
  try {
    return hashArgsSync(wireCopy(args));
  } catch {
    return null;
  }
}
