import type { RiskTier, ServerRef } from '@mcp-consent/engine';
import type { CallResult } from './binding.js';
import { withheldResultOf } from './model-text.js';

/**
 * Which allowed calls have their result reviewed by the user before the model sees it: by the
 * call's risk tier, by tool name, or a predicate of both. A result matching either list is
 * reviewed.
 */
export type ResultReviewPolicy =
  | { tiers?: readonly RiskTier[]; tools?: readonly string[] }
  | ((tool: string, tier: RiskTier) => boolean);

/**
 * One result held for review, as the host's renderer receives it (`presenter.result` of
 * `@mcp-consent/prompt` fits). Everything in `result` is the server's, untrusted.
 */
export interface ResultReviewRequest {
  /** Local id of this review. */
  id: string;
  /** The server as the host configured it (never what the server says about itself). */
  server: ServerRef;
  /** The tool's name, as called. */
  tool: string;
  /** The call's risk tier as the engine assessed it. */
  tier: RiskTier;
  /** The result exactly as the server returned it. */
  result: CallResult;
  /** Aborted when the caller gives the call up: close the UI (the result is withheld). */
  signal: AbortSignal;
}

/** The user's answer: send the result on unchanged, or withhold it from the model. */
export interface ResultReviewAnswer {
  answer: 'send' | 'withhold';
}

export type ReviewResultCallback = (
  request: ResultReviewRequest,
) => Promise<ResultReviewAnswer> | ResultReviewAnswer;

/**
 * Reported for every reviewed result, so hosts can audit it (the content is never included).
 * `via`: the user answered, no renderer is attached, the renderer failed or gave no answer, the
 * caller gave the call up, or the review timed out. Only `user` can send.
 */
export interface ResultReviewEvent {
  type: 'result_review';
  serverId: string;
  tool: string;
  tier: RiskTier;
  outcome: 'sent' | 'withheld';
  via: 'user' | 'no_renderer' | 'error' | 'aborted' | 'timeout';
}

/** Whether the policy asks for a review of this call's result. A policy that throws reviews. */
export function needsReview(
  policy: ResultReviewPolicy | undefined,
  tool: string,
  tier: RiskTier,
  warn: (message: string) => void,
): boolean {
  if (!policy) return false;
  if (typeof policy === 'function') {
    try {
      return policy(tool, tier) === true;
    } catch (error) {
      warn(`The reviewResults check for ${tool} threw; reviewing its result: ${String(error)}`);
      return true;
    }
  }
  return Boolean(policy.tiers?.includes(tier) || policy.tools?.includes(tool));
}

export interface ReviewContext {
  server: ServerRef;
  review: ReviewResultCallback | undefined;
  /** @default undefined (no limit but the caller's signal) */
  timeoutMs: number | undefined;
  warn(message: string): void;
  report(event: ResultReviewEvent): void;
}

let nextId = 0;

/**
 * The one place a review is reported (the audit trail): through the guard's `onEvent` now; an
 * engine audit sink can be fed from here too. Never carries the result's content.
 */
export function reportReview(
  context: Pick<ReviewContext, 'server' | 'report'>,
  tool: string,
  tier: RiskTier,
  outcome: ResultReviewEvent['outcome'],
  via: ResultReviewEvent['via'],
): void {
  context.report({ type: 'result_review', serverId: context.server.id, tool, tier, outcome, via });
}

/**
 * Holds one result until the user answers. Never throws: only the user's explicit Send lets the
 * server's result through; anything else (no renderer, a renderer that throws or answers
 * something else, the caller's abort, the timeout) withholds it.
 */
export async function reviewResult(
  context: ReviewContext,
  tool: string,
  tier: RiskTier,
  result: CallResult,
  callerSignal: AbortSignal | undefined,
): Promise<CallResult> {
  const finish = (via: ResultReviewEvent['via'], send = false): CallResult => {
    reportReview(context, tool, tier, send ? 'sent' : 'withheld', via);
    return send ? result : withheldResultOf(tool);
  };
  if (!context.review) {
    context.warn(`Withheld the result of ${tool} from the model: no result renderer is attached.`);
    return finish('no_renderer');
  }
  if (callerSignal?.aborted) return finish('aborted');
  const controller = new AbortController();
  let settle: (value: 'aborted' | 'timeout') => void = () => {};
  const stopped = new Promise<'aborted' | 'timeout'>((resolve) => (settle = resolve));
  const onAbort = () => {
    controller.abort();
    settle('aborted');
  };
  callerSignal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    context.timeoutMs === undefined
      ? undefined
      : setTimeout(
          () => {
            controller.abort();
            settle('timeout');
          },
          Math.max(0, context.timeoutMs),
        );
  try {
    const answer = await Promise.race([
      Promise.resolve(
        context.review({
          id: `result-${++nextId}`,
          server: context.server,
          tool,
          tier,
          result,
          signal: controller.signal,
        }),
      ),
      stopped,
    ]);
    if (answer === 'aborted' || answer === 'timeout') return finish(answer);
    if (answer?.answer === 'send') return finish('user', true);
    if (answer?.answer === 'withhold') return finish('user');
    context.warn(`The result renderer gave no answer for ${tool}; withholding the result.`);
    return finish('error');
  } catch (error) {
    context.warn(
      `The result renderer failed for ${tool}; withholding the result: ${String(error)}`,
    );
    return finish('error');
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onAbort);
    // A renderer still showing the review (timed out) closes with it.
    controller.abort();
  }
}
