import { isAllow, isAlways, ONCE, readAnswer } from './answers.js';
import { assessCall } from './assess.js';
import { gate, gateResult, hardDenial, type Gate } from './gate.js';
import { editProblem } from './grains.js';
import { hashArgsSync } from './hash.js';
import { snapshotCall } from './snapshot.js';
import { timeOf } from './store.js';
import type { EngineCore } from './core.js';
import { ConsentError, InvalidAnswerError, type InvalidInputSource } from './errors.js';
import type { Grants } from './grants.js';
import { asError } from './hub.js';
import type { NewEntry, PromptEntry, Waiter } from './prompt-queue.js';
import type {
  Assessment,
  ChoiceDetail,
  DecisionOrigin,
  Grant,
  LookupResult,
  PromptAnswer,
  RequestResult,
  Settlement,
  ToolCall,
} from './types.js';

/** The call as it runs after an answer: as asked, or with the user's edited arguments. */
type Ran = { call: ToolCall; argsHash: string | null; edited?: true };

/** The answer as it stands after an attempt to remember it: its grant, the save, what failed. */
interface Kept {
  answer: ChoiceDetail;
  grant?: Grant;
  saved?: Promise<void>;
  failure?: Error;
}

/** `{ edited: true }` for a result of edited arguments, else nothing. */
const editedOf = (ran: Ran) => (ran.edited ? { edited: true as const } : {});

/** An answer made "once", keeping the note and the edit. */
function onceOf(given: ChoiceDetail): ChoiceDetail {
  return {
    choice: ONCE[given.choice],
    ...(given.reason !== undefined ? { reason: given.reason } : {}),
    ...(given.args !== undefined ? { args: given.args } : {}),
  };
}

/** Who ended a prompt without the user. */
const ENDED_BY: Partial<Record<Settlement, DecisionOrigin>> = {
  timeout: 'timeout',
  abort: 'cancelled',
  cancel: 'cancelled',
  error: 'no_renderer',
};

/** Who decided a prompt's outcome: the user, or what ended it without them. */
const originOf = (entry: PromptEntry, settledBy: Settlement): DecisionOrigin =>
  ENDED_BY[settledBy] ??
  (entry.lookup.reason === 'expired' ? 'auto_revoke_renewal' : 'user_prompt');

/** How one request waits on a prompt: its own timeout and abort signal. */
export interface WaitOptions {
  signal?: AbortSignal;
  timeoutMs: number | null;
}

/**
 * The prompt queue at work: one prompt on screen at a time, in call order; identical calls share
 * a prompt; a grant made meanwhile answers the prompts it covers; every request waiting on a
 * prompt settles exactly once (answer, timeout, abort, cancel, a renderer error: Deny once).
 */
export class Scheduler {
  private active: PromptEntry | undefined;
  /** Requests still hashing or waiting for the store: later prompts wait for them to queue. */
  private readonly inFlight = new Set<number>();

  constructor(
    private readonly core: EngineCore,
    private readonly grants: Grants,
  ) {
    // A Deny always given elsewhere (another tab or process) after the prompt on screen
    // opened settles it as that denial: the "no" is final and the prompt closes. Checked
    // after the change is applied, never inside a settle that saved it (a microtask); the
    // hub lives as long as the scheduler. An allow given elsewhere leaves the prompt open.
    core.hub.subscribe((event) => {
      const entry = this.active;
      if (event.type === 'grants' && entry) {
        void Promise.resolve()
          .then(() => this.deniedSince(entry, entry, entry))
          .catch((error: unknown) => this.settleWithError(entry, error));
      }
    });
  }

  private finish(waiter: Waiter, result: RequestResult): void {
    if (waiter.settled) return;
    waiter.settled = true;
    waiter.cleanup();
    try {
      this.core.audit(result, waiter.call, waiter.kind);
    } finally {
      waiter.resolve(result);
    }
  }

  private close(entry: PromptEntry): void {
    this.core.queue.remove(entry);
    entry.controller.abort();
    if (this.active === entry) this.active = undefined;
    this.core.hub.pendingChanged();
    this.pump();
  }

  /** A decision taken from a grant, without asking. */
  cacheHit(
    facts: Pick<PromptEntry, 'risk' | 'argsHash'>,
    found: LookupResult,
    call: ToolCall,
  ): RequestResult {
    const allowed = found.status === 'allow';
    return {
      allowed,
      choice: allowed ? 'allow_always' : 'deny_always',
      origin: 'cache_hit',
      risk: facts.risk,
      settledBy: 'grant',
      argsHash: facts.argsHash,
      call,
      // The grain it was given with: an answer for this session, or for a time.
      ...(found.grant
        ? {
            grant: found.grant,
            // Session ids are never empty.
            grain: found.grant.sessionId ? 'session' : found.grant.grain,
          }
        : {}),
    };
  }

  /** Makes and saves the grant an "always" answer asks for; what cannot be remembered is answered once. */
  private remember(entry: PromptEntry, given: ChoiceDetail, ran: Ran): Kept {
    // Without persistence "always" means "this time"; so does "for these exact arguments"
    // when the arguments cannot be hashed (nothing could recognise them again).
    let answer: ChoiceDetail =
      entry.persist && !(given.argsOnly && ran.argsHash === null) ? given : onceOf(given);
    let grant: Grant | undefined;
    let saved: Promise<void> | undefined;
    let failure: Error | undefined;
    if (isAlways(answer.choice)) {
      try {
        grant = this.grants.make(entry, answer, ran);
        if (grant && answer.session) this.grants.keepForSession(grant);
        else if (grant) saved = this.grants.save(grant);
      } catch (caught) {
        failure = asError(caught);
        answer = onceOf(answer);
        grant = undefined;
      }
    }
    return { answer, grant, saved, failure };
  }

  /** The call as it will run: the user's edited arguments (checked, copied, hashed), or as asked. */
  private ranOf(entry: PromptEntry, given: ChoiceDetail): Ran | InvalidAnswerError {
    if (given.args === undefined || !isAllow(given.choice)) return entry;
    const problem = editProblem(entry.call.tool, entry.call.args, given.args);
    if (problem) return new InvalidAnswerError(`The edited arguments cannot be sent: ${problem}.`);
    try {
      const call = snapshotCall({ ...entry.call, args: given.args });
      return { call, argsHash: hashArgsSync(call.args), edited: true };
    } catch (error) {
      return new InvalidAnswerError(
        `The edited arguments cannot be sent: ${asError(error).message}`,
      );
    }
  }

  /**
   * Settles the prompt as the remembered denial that covers the call as it will run, when the
   * user edited the arguments or the denial was given after the prompt opened; true if so.
   */
  private deniedSince(entry: PromptEntry, ran: Ran, assessment: Assessment): boolean {
    const found = this.core.find(ran.call, ran.argsHash, assessment);
    if (
      found.status !== 'deny' ||
      (!ran.edited && timeOf(found.grant?.grantedAt) < entry.createdAt)
    ) {
      return false;
    }
    const hit = this.cacheHit({ risk: entry.risk, argsHash: ran.argsHash }, found, ran.call);
    this.settleWith(entry, { ...hit, promptId: entry.id, ...editedOf(ran) });
    return true;
  }

  /** Settles every request waiting on a prompt with one decision the answer did not make. */
  private settleWith(entry: PromptEntry, result: RequestResult): void {
    if (!this.core.queue.has(entry)) return;
    for (const waiter of entry.waiters) this.finish(waiter, result);
    this.close(entry);
  }

  /** The denial a rule, the mode or the host callback gives the call the user allowed. */
  private denialOf(
    entry: PromptEntry,
    pre: Extract<Gate, { effect: 'deny' }>,
    ran: Ran,
  ): RequestResult {
    return {
      ...gateResult(pre, { risk: entry.risk, argsHash: ran.argsHash, call: ran.call }),
      promptId: entry.id,
      ...editedOf(ran),
    };
  }

  /**
   * An allow, checked again before it runs. Deny wins: a remembered denial that covers the call
   * as it will run settles it as that denial, when the user edited the arguments or when the
   * denial was given after the prompt opened (a Deny always in another tab or process: the user
   * never saw it; one given before was on record when a forced prompt asked). Edited arguments
   * also get the whole gate again: a deny rule, the mode or the host callback that covers what
   * the user typed denies it (the user's allow was for a call no rule forbade).
   */
  private checkAllow(
    entry: PromptEntry,
    given: ChoiceDetail,
    ran: Ran,
    assessment: Assessment,
  ): void {
    // An entry settled meanwhile (a timeout, a cancel) stays settled: settling checks the queue.
    const go = (pre: Gate | null) => {
      if (pre?.effect === 'deny') return this.settleWith(entry, this.denialOf(entry, pre, ran));
      if (!this.deniedSince(entry, ran, assessment))
        this.settle(entry, given, 'answer', undefined, ran);
    };
    if (!ran.edited) return go(null);
    try {
      const pre = gate(this.core, ran.call, assessment);
      if (pre instanceof Promise)
        pre.then(go).catch((error: unknown) => this.settleWithError(entry, error));
      else go(pre);
    } catch (error) {
      this.settleWithError(entry, error);
    }
  }

  /**
   * Takes a checked answer. An allow is checked against the rules, the mode and the remembered
   * denials as they are now (an admin's deny pushed, or a Deny always given elsewhere, while
   * the prompt was open wins); edited arguments get the whole gate again.
   */
  private take(entry: PromptEntry, given: ChoiceDetail): void {
    const ran = this.ranOf(entry, given);
    if (ran instanceof InvalidAnswerError) return this.settleWithError(entry, ran, 'answer');
    // A deny stands as given (edits come only with an allow).
    if (!isAllow(given.choice)) return this.settle(entry, given, 'answer', undefined, ran);
    const assessment = assessCall(ran.call, this.core.options.risk);
    const { denial } = hardDenial(this.core, ran.call, assessment);
    if (denial) return this.settleWith(entry, this.denialOf(entry, denial, ran));
    this.checkAllow(entry, given, ran, assessment);
  }

  /** Settles every request waiting on a prompt with one answer, once its grant (if any) is saved. */
  private settle(
    entry: PromptEntry,
    given: ChoiceDetail,
    settledBy: Settlement,
    error?: Error,
    checked?: Ran,
  ) {
    if (!this.core.queue.has(entry)) return;
    const ran = settledBy === 'answer' ? (checked ?? this.ranOf(entry, given)) : entry;
    if (ran instanceof InvalidAnswerError) {
      this.settleWithError(entry, ran, 'answer');
      return;
    }
    const kept: Kept =
      settledBy === 'answer' ? this.remember(entry, given, ran) : { answer: given };
    const { answer, grant, saved } = kept;
    const failure = error ?? kept.failure;
    const result: RequestResult = {
      allowed: isAllow(answer.choice),
      choice: answer.choice,
      origin: originOf(entry, settledBy),
      risk: entry.risk,
      settledBy,
      argsHash: ran.argsHash,
      promptId: entry.id,
      ...(grant
        ? {
            grant: this.grantOf(grant),
            grain: answer.session ? 'session' : answer.ttlMs !== undefined ? 'timed' : 'always',
          }
        : {}),
      ...(failure ? { error: failure } : {}),
      ...(entry.rule ? { rule: entry.rule } : {}),
      ...(answer.reason !== undefined && !isAllow(answer.choice) ? { reason: answer.reason } : {}),
      ...editedOf(ran),
    };
    for (const waiter of entry.waiters) {
      const own = { ...result, call: 'edited' in ran ? ran.call : waiter.call };
      if (!saved) {
        this.finish(waiter, own);
        continue;
      }
      // Answered: a timeout or an abort can no longer change it. Settle once the grant is saved.
      waiter.cleanup();
      saved.then(
        () => this.finish(waiter, own),
        (saveError: unknown) => this.finish(waiter, { ...own, error: asError(saveError) }),
      );
    }
    this.close(entry);
  }

  private grantOf(grant: Grant): Grant {
    return this.core.cache.get(grant.key) ?? this.core.session.get(grant.key) ?? grant;
  }

  private settleWithError(entry: PromptEntry, error: unknown, source?: InvalidInputSource): void {
    const failure = asError(error);
    if (source) this.core.hub.reportInvalid(source, failure);
    this.settle(entry, { choice: 'deny_once' }, 'error', failure);
  }

  private answerOf(entry: PromptEntry, answer: unknown) {
    return readAnswer(answer, {
      toolName: entry.call.tool.name,
      allowAlwaysEnabled: entry.allowAlwaysEnabled,
      grains: entry.grains,
      editable: entry.editable,
    });
  }

  /** Calls the renderer for an entry and settles it with what comes back. */
  private show(entry: PromptEntry): void {
    this.active = entry;
    entry.shown = true;
    const request = this.core.queue.toRequest(entry);
    this.core.hub.pendingChanged();
    Promise.resolve()
      .then(() => entry.prompt(request))
      .then((answer) => {
        const detail = this.answerOf(entry, answer);
        if (detail instanceof ConsentError) this.settleWithError(entry, detail, 'answer');
        else this.take(entry, detail);
      })
      // A renderer that throws or rejects, or a failure taking its answer: Deny once.
      .catch((error: unknown) => this.settleWithError(entry, error));
  }

  /** What denies a queued call before it is shown: a rule or mode set while it waited. */
  private waitedDenial(entry: PromptEntry): { denial: Extract<Gate, { effect: 'deny' }> | null } {
    const hard = hardDenial(this.core, entry.call, entry);
    if (hard.denial || this.core.settings.mode !== 'non_interactive') return hard;
    return { denial: { effect: 'deny', origin: 'mode', mode: 'non_interactive' } };
  }

  /** Shows the next prompt when none is showing. A grant made meanwhile may answer it. */
  readonly pump = (): void => {
    const { queue } = this.core;
    while (!this.active) {
      const next = queue.first();
      if (!next) return;
      // An earlier call still hashing its arguments goes first: prompts keep call order.
      if (this.inFlight.size > 0 && next.arrival > Math.min(...this.inFlight)) return;
      try {
        const found = next.forcePrompt ? undefined : this.core.find(next.call, next.argsHash, next);
        // A deny rule, plan mode or non_interactive mode set while the call waited denies it
        // without asking.
        const { denial } = this.waitedDenial(next);
        if (denial || (found && found.status !== 'prompt')) {
          for (const waiter of next.waiters) {
            this.finish(
              waiter,
              denial
                ? { ...this.denialOf(next, denial, next), call: waiter.call }
                : this.cacheHit(next, found!, waiter.call),
            );
          }
          this.close(next);
          continue;
        }
        this.show(next);
      } catch (error) {
        this.settleWithError(next, error);
      }
    }
  };

  /** Queues a request's prompt (or joins an identical one) and resolves with its decision. */
  ask(init: NewEntry, wait: WaitOptions): Promise<RequestResult> {
    const { queue, hub, options } = this.core;
    return new Promise<RequestResult>((resolve) => {
      const entry = queue.enqueue(init);
      const { call } = init;
      const waiter: Waiter = { call, kind: init.kind, settled: false, resolve, cleanup: () => {} };
      const end = (settledBy: Settlement) => {
        if (waiter.settled) return;
        this.finish(waiter, {
          allowed: false,
          choice: 'deny_once',
          origin: originOf(entry, settledBy),
          risk: init.risk,
          argsHash: init.argsHash,
          call,
          settledBy,
          promptId: entry.id,
        });
        entry.waiters.delete(waiter);
        if (entry.waiters.size === 0 && queue.has(entry)) this.close(entry);
      };
      const cancelTimer =
        wait.timeoutMs != null && options.clock.setTimer
          ? options.clock.setTimer(() => end('timeout'), wait.timeoutMs)
          : undefined;
      const onAbort = () => end('abort');
      wait.signal?.addEventListener('abort', onAbort, { once: true });
      waiter.cleanup = () => {
        cancelTimer?.();
        wait.signal?.removeEventListener('abort', onAbort);
      };
      entry.waiters.add(waiter);
      hub.pendingChanged();
      this.pump();
    });
  }

  /** A request is still hashing or syncing: prompts made after it wait for it. */
  hold(arrival: number): void {
    this.inFlight.add(arrival);
  }

  release(arrival: number): void {
    this.inFlight.delete(arrival);
    // Whatever happens next, prompts held back for this request may go on.
    void Promise.resolve().then(this.pump);
  }

  /** `engine.resolve`: answers a pending prompt from elsewhere; throws for a refused answer. */
  readonly resolve = (promptId: string, answer: PromptAnswer): boolean => {
    const entry = this.core.queue.get(promptId);
    if (!entry) return false;
    const detail = this.answerOf(entry, answer);
    if (detail instanceof ConsentError) {
      this.core.hub.reportInvalid('answer', detail);
      throw detail;
    }
    this.take(entry, detail);
    return true;
  };

  /** `engine.cancel`: every request waiting on the prompt gets Deny once. */
  readonly cancel = (promptId: string): boolean => {
    const entry = this.core.queue.get(promptId);
    if (!entry) return false;
    this.settle(entry, { choice: 'deny_once' }, 'cancel');
    return true;
  };

  /** Every pending prompt gets Deny once (the host is going away). */
  dispose(): void {
    for (const pending of this.core.queue.list()) this.cancel(pending.id);
  }
}
