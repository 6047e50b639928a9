import {
  InputRequiredOutcome,
  SERVER_REQUEST_METHODS,
  type CallOptions,
  type CallOutcome,
  type CallParams,
  type CallResult,
  type ServerRequestHandler,
  type ServerRequestMethod,
} from './binding.js';
import { copyJson } from './copy-json.js';
import type { GuardContext } from './guard-types.js';
import { inputRefusalOf } from './model-text.js';

/** Rounds of input one call may ask for (the v2 SDK's own default cap). */
export const MAX_INPUT_ROUNDS = 10;

type Leg = (params: CallParams, options: CallOptions | undefined) => Promise<CallOutcome>;

/** One input request this host can answer: its key, method, params and handler. */
interface Answerable {
  key: string;
  params: unknown;
  handler: ServerRequestHandler;
}

/**
 * Multi Round-Trip input (2026-07-28) for one call the user approved: while the server answers
 * `input_required`, each embedded request goes to the surface that answers it in the 2025 era
 * (`GuardContext.serve`: elicitation, sampling, roots), and the call is retried with the
 * answers and the server's `requestState`, echoed as received. The call is not asked about
 * again: it is the same approved call. Every leg sends a fresh copy of a private snapshot of
 * what was approved, so nothing done to one leg's params (by the SDK, a transport or an
 * in-process server) reaches the next. The user's time answering falls between legs, so it
 * never counts against a leg's timeout; `maxTotalTimeout` bounds the server's time only.
 * Anything that cannot be answered stops the call: nothing is invented in its place.
 */
export async function withInputRounds(
  context: GuardContext,
  params: CallParams,
  options: CallOptions | undefined,
  leg: Leg,
): Promise<CallResult> {
  // Taken before the first leg: the arguments as approved, never handed to anyone.
  const approvedArgs = params.arguments === undefined ? undefined : copyJson(params.arguments);
  const fresh = (): CallParams =>
    approvedArgs === undefined
      ? { ...params }
      : { ...params, arguments: copyJson(approvedArgs) as CallParams['arguments'] };
  const tool = params.name;
  const timed = serverTimeBudget(context, options, leg);
  let outcome = await timed(params);
  for (let round = 1; outcome instanceof InputRequiredOutcome; round += 1) {
    if (round > MAX_INPUT_ROUNDS) {
      context.warn(`${tool} still asked for input after ${MAX_INPUT_ROUNDS} rounds; stopping it.`);
      return inputRefusalOf(tool, `more than ${MAX_INPUT_ROUNDS} rounds of questions`);
    }
    const planned = plan(context, tool, outcome.inputRequests);
    if (typeof planned === 'string') return inputRefusalOf(tool, planned);
    const responses = await answerAll(context, tool, planned, options?.signal);
    if (typeof responses === 'string') return inputRefusalOf(tool, responses);
    const retry = fresh();
    if (planned.length > 0) retry.inputResponses = responses;
    if (outcome.requestState !== undefined) retry.requestState = outcome.requestState;
    outcome = await timed(retry);
  }
  return outcome;
}

/**
 * Checks every request of a round before any is shown: a round the host cannot answer in full
 * is not half answered. Returns what to say when it cannot.
 */
function plan(
  context: GuardContext,
  tool: string,
  requests: Readonly<Record<string, unknown>>,
): Answerable[] | string {
  const planned: Answerable[] = [];
  for (const [key, entry] of Object.entries(requests)) {
    const method = (entry as { method?: unknown } | null)?.method;
    if (!SERVER_REQUEST_METHODS.includes(method as ServerRequestMethod)) {
      context.warn(
        `${tool} asked for input this host does not know (${String(method)}); stopping it.`,
      );
      return 'a kind of request this host does not know';
    }
    const known = method as ServerRequestMethod;
    if (!context.binding.isValidInputRequest(known, entry)) {
      context.warn(`${tool} sent a malformed ${known} input request; stopping it.`);
      return `a malformed ${known} request`;
    }
    const handler = context.handlerFor(known);
    if (!handler) {
      context.warn(`${tool} asked for ${known}, which this host does not answer; stopping it.`);
      return `a ${known} request, which this host does not answer`;
    }
    planned.push({ key, params: (entry as { params?: unknown }).params ?? {}, handler });
  }
  return planned;
}

/** Answers one round; the first failure cancels the others (their prompts close). */
async function answerAll(
  context: GuardContext,
  tool: string,
  planned: Answerable[],
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown> | string> {
  const round = new AbortController();
  // The caller's cancel ends the round at once, whether or not a handler listens for it.
  let onAbort = () => round.abort(signal?.reason);
  const cancelled = new Promise<never>((_, reject) => {
    onAbort = () => {
      round.abort(signal?.reason);
      reject(signal?.reason as Error);
    };
  });
  cancelled.catch(() => {}); // observed below, or never needed
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  try {
    const answers = await Promise.race([
      Promise.all(
        planned.map(async ({ key, params, handler }) => {
          try {
            return [key, await handler(params, { signal: round.signal })] as const;
          } catch (error) {
            round.abort(error);
            throw error;
          }
        }),
      ),
      cancelled,
    ]);
    return Object.fromEntries(answers);
  } catch (error) {
    signal?.throwIfAborted(); // the caller cancelled: reject as the SDK would
    context.warn(`Answering the input ${tool} asked for failed; stopping it: ${String(error)}`);
    return 'the answer could not be given';
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Each leg with what is left of `maxTotalTimeout`, counting the server's time only. */
function serverTimeBudget(
  context: GuardContext,
  options: CallOptions | undefined,
  leg: Leg,
): (params: CallParams) => Promise<CallOutcome> {
  const total = options?.maxTotalTimeout;
  if (total === undefined) return (params) => leg(params, options);
  let spent = 0;
  return async (params) => {
    if (spent >= total) throw context.binding.timeoutError(total);
    const startedAt = Date.now();
    try {
      return await leg(params, { ...options, maxTotalTimeout: total - spent });
    } finally {
      spent += Date.now() - startedAt;
    }
  };
}
