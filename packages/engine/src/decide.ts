import { assessCall } from './assess.js';
import type { EngineCore } from './core.js';
import type { RequestOptions } from './engine-types.js';
import { InvalidInputError } from './errors.js';
import { changedParts, hashArgs, hashArgsSync } from './hash.js';
import { asError } from './hub.js';
import { gate, gateResult, type Gate } from './gate.js';
import { grainsFor, isEditable } from './grains.js';
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
function refuse(
  core: EngineCore,
  call: ToolCall | undefined,
  error: Error,
  origin: 'invalid' | 'no_renderer' = 'invalid',
): RequestResult {
  const result: RequestResult = {
    allowed: false,
    choice: 'deny_once',
    origin,
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
    return refuse(core, call, failure, 'no_renderer');
  }
  return call;
}

/** The decision, its audit event recorded. */
const audited = (core: EngineCore, call: ToolCall, result: RequestResult) => (
  core.audit(result, call),
  result
);

/**
 * What the lookup and the gate decide together: a remembered denial first (never undone by a
 * rule), then the gate's allow, then a remembered allow unless the gate asks. Null: ask.
 */
function fromLookup(
  scheduler: Scheduler,
  pre: Gate | null,
  found: LookupResult,
  risk: RiskAssessment,
  /** The arguments' hash, asked for only when a result is made. */
  hash: () => string | null,
  call: ToolCall,
): RequestResult | null {
  const deny = found.status === 'deny';
  // Before the store is read (or once it failed) a remembered denial may be unseen: ask.
  const unread = found.reason === 'not_ready' || found.reason === 'store_failed';
  if (!deny && pre?.effect === 'allow' && !unread) {
    return gateResult(pre, { risk, argsHash: hash(), call });
  }
  return deny || (found.status === 'allow' && pre?.effect !== 'ask')
    ? scheduler.cacheHit({ risk, argsHash: hash() }, found, call)
    : null;
}

/**
 * One request from call to decision: check and copy the call, let the gate (rules, mode, host
 * callback) deny at once, decide from a grant when one decides (at once, without hashing when
 * no per-arguments grant exists), else hash the arguments, wait briefly for the first sync, and
 * queue a prompt (or, in `non_interactive` mode, deny). Never rejects.
 */
export function createDecide(core: EngineCore, scheduler: Scheduler) {
  const { hub, options } = core;
  const { clock } = options;
  let arrivals = 0;

  const decide = async (raw: ToolCall, request: RequestOptions): Promise<RequestResult> => {
    const call = checked(core, raw, request);
    if (!('userId' in call)) return call;
    const dryRun = request.dryRun;
    const assessment: Assessment = assessCall(call, options.risk);
    const { risk } = assessment;
    const gateOrPromise = gate(core, call, assessment);
    const pre = gateOrPromise instanceof Promise ? await gateOrPromise : gateOrPromise;
    if (pre?.effect === 'deny') {
      return audited(core, call, gateResult(pre, { risk, argsHash: hashOrNull(call.args), call }));
    }
    const forcePrompt = dryRun !== undefined || request.forcePrompt === true;
    // Fast path: a grant decides now, the arguments hashed in line (only when a per-arguments
    // grant exists for the tool, and for the audit event) instead of awaiting WebCrypto.
    if (hub.status === 'ready' && !forcePrompt && !request.signal?.aborted) {
      // Hashed at most once, whether a per-arguments grant or the result asks first.
      let hashed: string | null | undefined;
      const hashOnce = () => (hashed === undefined ? (hashed = hashOrNull(call.args)) : hashed);
      const found = core.find(call, hashOnce, assessment);
      const hit = fromLookup(scheduler, pre, found, risk, hashOnce, call);
      if (hit) return audited(core, call, hit);
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
      return audited(core, call, {
        allowed: false,
        choice: 'deny_once',
        origin: 'cancelled',
        risk,
        argsHash,
        call,
        settledBy: 'abort',
      });
    }
    // A dry run or a forced prompt still asks, whatever the gate allowed: it reviews the call.
    const found = forcePrompt ? undefined : core.find(call, argsHash, assessment);
    if (found) {
      const hit = fromLookup(scheduler, pre, found, risk, () => argsHash, call);
      if (hit) return audited(core, call, hit);
    }
    if (core.settings.mode === 'non_interactive') {
      const rule = pre?.rule ? { rule: pre.rule } : {};
      return audited(
        core,
        call,
        gateResult(
          { effect: 'deny', origin: 'mode', mode: 'non_interactive', ...rule },
          { risk, argsHash, call },
        ),
      );
    }
    const change: DefinitionChange | undefined = request.change ?? changeOf(found, request);
    const asks = pre?.effect === 'ask';
    const persist = dryRun === undefined && request.persist !== false;
    return scheduler.ask(
      {
        ...assessment,
        kind: dryRun ? 'dry_run' : 'permission',
        call,
        dryRun,
        change,
        argsHash,
        lookup: asks
          ? found?.status === 'prompt' && found.reason !== 'no_grant'
            ? found
            : { status: 'prompt', reason: pre.reason }
          : (found ?? { status: 'prompt', reason: 'no_grant' }),
        rule: pre?.effect === 'ask' ? pre.rule : undefined,
        prompt: request.prompt,
        // A rule that asks asks every time: a grant made meanwhile must not answer it.
        forcePrompt: forcePrompt || asks,
        persist,
        grains: grainsFor(options, assessment, { remembered: persist, ruleAsks: asks }),
        editable: dryRun === undefined && isEditable(call.tool),
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
