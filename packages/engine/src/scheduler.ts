import { isAllow, isAlways, ONCE, readAnswer } from './answers.js';
import type { EngineCore } from './core.js';
import { ConsentError, type InvalidInputSource } from './errors.js';
import type { Grants } from './grants.js';
import { asError } from './hub.js';
import type { NewEntry, PromptEntry, Waiter } from './prompt-queue.js';
import type {
  ChoiceDetail,
  Grant,
  LookupResult,
  PromptAnswer,
  RequestResult,
  Settlement,
  ToolCall,
} from './types.js';

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
export function createScheduler(core: EngineCore, grants: Grants) {
  const { queue, hub, options } = core;
  const { clock } = options;
  let active: PromptEntry | undefined;
  /** Requests still hashing or waiting for the store: later prompts wait for them to queue. */
  const inFlight = new Set<number>();

  const finish = (waiter: Waiter, result: RequestResult) => {
    if (waiter.settled) return;
    waiter.settled = true;
    waiter.cleanup();
    try {
      core.audit(result, waiter.call);
    } finally {
      waiter.resolve(result);
    }
  };

  const close = (entry: PromptEntry) => {
    queue.remove(entry);
    entry.controller.abort();
    if (active === entry) active = undefined;
    hub.pendingChanged();
    pump();
  };

  const cacheHit = (
    facts: Pick<PromptEntry, 'risk' | 'argsHash'>,
    found: LookupResult,
    call: ToolCall,
  ): RequestResult => ({
    allowed: found.status === 'allow',
    choice: found.status === 'allow' ? 'allow_always' : 'deny_always',
    origin: 'cache_hit',
    risk: facts.risk,
    settledBy: 'grant',
    argsHash: facts.argsHash,
    call,
    ...(found.grant ? { grant: found.grant } : {}),
  });

  /** What an answer settles to: "always" means "this time" when it cannot be remembered. */
  const remembered = (entry: PromptEntry, given: ChoiceDetail): ChoiceDetail =>
    entry.persist && !(given.argsOnly && entry.argsHash === null)
      ? given
      : { choice: ONCE[given.choice] };

  /** Settles every request waiting on a prompt with one answer, once its grant (if any) is saved. */
  const settle = (
    entry: PromptEntry,
    given: ChoiceDetail,
    settledBy: Settlement,
    error?: Error,
  ) => {
    if (!queue.has(entry)) return;
    let answer = remembered(entry, given);
    let failure = error;
    let grant: Grant | undefined;
    let saved: Promise<void> | undefined;
    if (settledBy === 'answer' && isAlways(answer.choice)) {
      try {
        grant = grants.make(entry, answer);
        if (grant) saved = grants.save(grant);
      } catch (caught) {
        // Nothing may leave a request unsettled: what cannot be remembered is answered once.
        failure = asError(caught);
        answer = { choice: ONCE[answer.choice] };
        grant = undefined;
      }
    }
    const result: RequestResult = {
      allowed: isAllow(answer.choice),
      choice: answer.choice,
      origin: entry.lookup.reason === 'expired' ? 'auto_revoke_renewal' : 'user_prompt',
      risk: entry.risk,
      settledBy,
      argsHash: entry.argsHash,
      promptId: entry.id,
      ...(grant ? { grant: core.cache.get(grant.key) ?? grant } : {}),
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
    close(entry);
  };

  const settleWithError = (entry: PromptEntry, error: unknown, source?: InvalidInputSource) => {
    const failure = asError(error);
    if (source) hub.reportInvalid(source, failure);
    settle(entry, { choice: 'deny_once' }, 'error', failure);
  };

  const answerOf = (entry: PromptEntry, answer: unknown) =>
    readAnswer(answer, {
      toolName: entry.call.tool.name,
      allowAlwaysEnabled: entry.allowAlwaysEnabled,
    });

  /** Calls the renderer for an entry and settles it with what comes back. */
  const show = (entry: PromptEntry) => {
    active = entry;
    entry.shown = true;
    const request = queue.toRequest(entry);
    hub.pendingChanged();
    Promise.resolve()
      .then(() => entry.prompt(request))
      .then(
        (answer) => {
          const detail = answerOf(entry, answer);
          if (detail instanceof ConsentError) settleWithError(entry, detail, 'answer');
          else settle(entry, detail, 'answer');
        },
        (error: unknown) => settleWithError(entry, error),
      )
      .catch((error: unknown) => settleWithError(entry, error));
  };

  /** Shows the next prompt when none is showing. A grant made meanwhile may answer it. */
  const pump = () => {
    while (!active) {
      const next = queue.first();
      if (!next) return;
      // An earlier call still hashing its arguments goes first: prompts keep call order.
      if (inFlight.size > 0 && next.arrival > Math.min(...inFlight)) return;
      try {
        const found = next.forcePrompt ? undefined : core.find(next.call, next.argsHash, next);
        if (found && found.status !== 'prompt') {
          for (const waiter of next.waiters) finish(waiter, cacheHit(next, found, waiter.call));
          close(next);
          continue;
        }
        show(next);
      } catch (error) {
        settleWithError(next, error);
      }
    }
  };

  /** Queues a request's prompt (or joins an identical one) and resolves with its decision. */
  const ask = (init: NewEntry, wait: WaitOptions): Promise<RequestResult> =>
    new Promise<RequestResult>((resolve) => {
      const entry = queue.enqueue(init);
      const { call } = init;
      const waiter: Waiter = { call, settled: false, resolve, cleanup: () => {} };
      const end = (settledBy: Settlement) => {
        if (waiter.settled) return;
        finish(waiter, {
          allowed: false,
          choice: 'deny_once',
          origin: entry.lookup.reason === 'expired' ? 'auto_revoke_renewal' : 'user_prompt',
          risk: init.risk,
          argsHash: init.argsHash,
          call,
          settledBy,
          promptId: entry.id,
        });
        entry.waiters.delete(waiter);
        if (entry.waiters.size === 0 && queue.has(entry)) close(entry);
      };
      const cancelTimer =
        wait.timeoutMs != null && clock.setTimer
          ? clock.setTimer(() => end('timeout'), wait.timeoutMs)
          : undefined;
      const onAbort = () => end('abort');
      wait.signal?.addEventListener('abort', onAbort, { once: true });
      waiter.cleanup = () => {
        cancelTimer?.();
        wait.signal?.removeEventListener('abort', onAbort);
      };
      entry.waiters.add(waiter);
      hub.pendingChanged();
      pump();
    });

  return {
    ask,
    cacheHit,
    pump,
    /** A request is still hashing or syncing: prompts made after it wait for it. */
    hold(arrival: number): void {
      inFlight.add(arrival);
    },
    release(arrival: number): void {
      inFlight.delete(arrival);
      // Whatever happens next, prompts held back for this request may go on.
      void Promise.resolve().then(pump);
    },
    resolve(promptId: string, answer: PromptAnswer): boolean {
      const entry = queue.get(promptId);
      if (!entry) return false;
      const detail = answerOf(entry, answer);
      if (detail instanceof ConsentError) {
        hub.reportInvalid('answer', detail);
        throw detail;
      }
      settle(entry, detail, 'answer');
      return true;
    },
    cancel(promptId: string): boolean {
      const entry = queue.get(promptId);
      if (!entry) return false;
      settle(entry, { choice: 'deny_once' }, 'cancel');
      return true;
    },
    /** Every pending prompt gets Deny once (the host is going away). */
    dispose(): void {
      for (const pending of queue.list()) {
        const entry = queue.get(pending.id);
        if (entry) settle(entry, { choice: 'deny_once' }, 'cancel');
      }
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
