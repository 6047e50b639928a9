import { assessCall } from './assess.js';
import type { EngineCore } from './core.js';
import type { RequestOptions } from './engine-types.js';
import { InvalidInputError } from './errors.js';
import { changedParts, hashArgs, hashArgsSync } from './hash.js';
import { asError } from './hub.js';
import type { Scheduler } from './scheduler.js';
import { snapshotCall } from './snapshot.js';
import type {
  Assessment,
  DefinitionChange,
  LookupResult,
  RequestResult,
  RiskAssessment,
  ToolCall,
} from './types.js';

/** The tier a call gets when it is too malformed to assess. */
const UNKNOWN_RISK: RiskAssessment = Object.freeze({
  tier: 'high',
  reasons: Object.freeze(['no_annotations']) as RiskAssessment['reasons'],
  source: 'defaults',
});

export function hashOrNull(args: unknown): string | null {
  try {
    return hashArgsSync(args);
  } catch {
    return null; // Unhashable arguments: audited without a hash, as in the slow path.
  }
}

/** Waits up to `readyWaitMs` for the first store sync ("Checking permissions…"), then asks anyway. */
function waitForSync(core: EngineCore): Promise<void> {
  const { hub, sync, options } = core;
  const { clock, readyWaitMs } = options;
  if (hub.status !== 'syncing' || readyWaitMs <= 0 || !clock.setTimer) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const cancel = clock.setTimer!(resolve, readyWaitMs);
    void sync.settled().then(() => (cancel(), resolve()));
  });
}

/** A denial for a request that could not be decided on; audited when the call is valid. */
function refuse(core: EngineCore, call: ToolCall | undefined, error: Error): RequestResult {
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
      core.audit({ ...result, risk: assessCall(call, core.options.risk).risk }, call);
    } catch {
      // The denial stands whether or not it could be audited.
    }
  }
  return result;
}

/** What changed since the grant, when the host can look up the definition it was pinned to. */
function changeOf(
  found: LookupResult | undefined,
  request: RequestOptions,
): DefinitionChange | undefined {
  if (found?.reason !== 'definition_changed' || !found.grant?.pin || !request.previousDefinition)
    return undefined;
  const previous = request.previousDefinition(found.grant.pin.hash);
  if (!previous) return undefined;
  return { previous, parts: found.changed ?? changedParts(found.grant.pin, null) };
}

/** The call checked and copied, or the denial that a call which cannot be decided on gets. */
function checked(
  core: EngineCore,
  raw: ToolCall,
  request: RequestOptions,
): ToolCall | RequestResult {
  let call: ToolCall;
  try {
    call = snapshotCall(raw);
  } catch (error) {
    const failure = asError(error);
    core.hub.reportInvalid('call', failure);
    return refuse(core, undefined, failure);
  }
  if (typeof request?.prompt !== 'function') {
    const failure = new InvalidInputError(
      'options',
      'request(call, { prompt }) needs a prompt callback that asks the user.',
    );
    core.hub.reportInvalid('options', failure);
    return refuse(core, call, failure);
  }
  return call;
}

/**
 * One request from call to decision: check and copy the call, decide from a grant when one
 * decides (at once, without hashing when no per-arguments grant exists), else hash the
 * arguments, wait briefly for the first sync, and queue a prompt. Never rejects.
 */
export function createDecide(core: EngineCore, scheduler: Scheduler) {
  const { hub, cache, options } = core;
  const { clock } = options;
  let arrivals = 0;

  const decide = async (raw: ToolCall, request: RequestOptions): Promise<RequestResult> => {
    const call = checked(core, raw, request);
    if (!('userId' in call)) return call;
    const dryRun = request.dryRun;
    const forcePrompt = dryRun !== undefined || request.forcePrompt === true;
    const assessment: Assessment = assessCall(call, options.risk);
    const { risk } = assessment;
    // Fast path: a per-tool grant decides whatever the arguments' hash, so decide now and
    // hash in line for the audit event instead of waiting on a WebCrypto round trip.
    if (
      hub.status === 'ready' &&
      !forcePrompt &&
      !request.signal?.aborted &&
      !cache.needsArgsHash(call)
    ) {
      const found = core.find(call, null, assessment);
      if (found.status !== 'prompt') {
        const hit = scheduler.cacheHit({ risk, argsHash: hashOrNull(call.args) }, found, call);
        core.audit(hit, call);
        return hit;
      }
    }
    const arrival = ++arrivals;
    scheduler.hold(arrival);
    hub.checking(1);
    let argsHash: string | null;
    try {
      argsHash = await hashArgs(call.args).catch(() => null); // Unhashable: only per-tool grants can match.
      await waitForSync(core);
    } finally {
      hub.checking(-1);
      scheduler.release(arrival);
    }

    if (request.signal?.aborted) {
      const denial: RequestResult = {
        allowed: false,
        choice: 'deny_once',
        origin: 'user_prompt',
        risk,
        argsHash,
        call,
        settledBy: 'abort',
      };
      core.audit(denial, call);
      return denial;
    }
    const found = forcePrompt ? undefined : core.find(call, argsHash, assessment);
    if (found && found.status !== 'prompt') {
      const hit = scheduler.cacheHit({ risk, argsHash }, found, call);
      core.audit(hit, call);
      return hit;
    }
    const change: DefinitionChange | undefined = request.change ?? changeOf(found, request);
    return scheduler.ask(
      {
        ...assessment,
        kind: dryRun ? 'dry_run' : 'permission',
        call,
        dryRun,
        change,
        argsHash,
        lookup: found ?? { status: 'prompt', reason: 'no_grant' },
        prompt: request.prompt,
        forcePrompt,
        persist: dryRun === undefined && request.persist !== false,
        createdAt: clock.now(),
        arrival,
      },
      {
        ...(request.signal ? { signal: request.signal } : {}),
        timeoutMs: request.timeoutMs !== undefined ? request.timeoutMs : options.promptTimeoutMs,
      },
    );
  };

  /** `engine.request`: nothing on the way to a decision may reject, whatever failed. */
  return (call: ToolCall, request: RequestOptions): Promise<RequestResult> =>
    decide(call, request).catch((error: unknown) => {
      let copy: ToolCall | undefined;
      try {
        copy = snapshotCall(call);
      } catch {
        copy = undefined;
      }
      return refuse(core, copy, asError(error));
    });
}
