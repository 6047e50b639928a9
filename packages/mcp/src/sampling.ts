import type { ServerRef } from '@mcp-consent/engine';
import {
  applySamplingEdits,
  MAX_EDITED_TOKENS,
  type SamplingEdits,
  type SamplingAnswer,
  type SamplingCall,
  type SamplingParams,
  type SamplingResult,
} from '@mcp-consent/prompt';
import type { UserTimeGate } from './user-time.js';

/**
 * The error a server gets when the user (or the kit, failing closed) rejects a sampling
 * request: the spec's example, code -1 "User rejected sampling request" (2025-11-25).
 */
export const SAMPLING_REJECTED = { code: -1, message: 'User rejected sampling request' } as const;

/** The error a server gets when the host's generator failed: nothing is invented in its place. */
export const SAMPLING_FAILED = {
  code: -32603,
  message: 'The client could not generate a reply to this sampling request',
} as const;

/**
 * Renders one step of a sampling request (`presenter.sample` of `@mcp-consent/prompt` fits):
 * step `request` answers approve (maybe with edits) or deny, once or for the session;
 * step `response` answers send or deny.
 */
export type SampleCallback = (call: SamplingCall) => Promise<SamplingAnswer> | SamplingAnswer;

/**
 * The HOST's generator: the kit never calls a model. It gets the request the user approved
 * (with the user's edits) and returns the reply; the user reviews it before the server gets it.
 */
export type SamplingGenerator = (
  params: SamplingParams,
  context: { server: ServerRef; signal: AbortSignal },
) => Promise<SamplingResult> | SamplingResult;

/** What the user answered "for this session" per server id: approve skips step 1, deny rejects. */
export type SamplingSession = Map<string, 'approve' | 'deny'>;

/** Reported for every sampling request, for the host's audit trail. Never carries message text. */
export interface SamplingEvent {
  type: 'sampling';
  serverId: string;
  outcome: 'approved' | 'edited' | 'denied' | 'failed';
  /** Who decided: the user, a session answer or the missing renderer/generator, or a failure. */
  via: 'renderer' | 'policy' | 'error' | 'aborted';
  /** The step that ended it: the request, the host's generator, or the reply review. */
  step: 'request' | 'generate' | 'response';
}

export interface SamplingHandlerOptions {
  server: ServerRef;
  sample?: SampleCallback | undefined;
  generate?: SamplingGenerator | undefined;
  session: SamplingSession;
  gate: UserTimeGate;
  warn: (message: string) => void;
  report: (event: SamplingEvent) => void;
}

export type SamplingOutcome =
  | { ok: true; result: SamplingResult }
  | { ok: false; error: typeof SAMPLING_REJECTED | typeof SAMPLING_FAILED };

let nextId = 0;

/**
 * Answers one `sampling/createMessage` request. Never throws: every failure is a rejection, and
 * only a reply the user chose to send is ever returned. Step 1 asks (unless the user answered
 * for this server for the session), the host's generator runs on exactly the approved request,
 * step 2 shows its reply.
 */
export async function answerSampling(
  params: SamplingParams,
  signal: AbortSignal,
  options: SamplingHandlerOptions,
): Promise<SamplingOutcome> {
  const { server, session } = options;
  const id = `sampling-${++nextId}`;
  const end: End = (outcome, via, step, error = SAMPLING_REJECTED) => {
    options.report({ type: 'sampling', serverId: server.id, outcome, via, step });
    return { ok: false, error };
  };
  if (!options.sample || !options.generate) {
    options.warn(
      `Rejected a sampling request from ${server.id}: no renderer or no generator is attached.`,
    );
    return end('denied', 'policy', 'request');
  }
  const remembered = session.get(server.id);
  if (remembered === 'deny') return end('denied', 'policy', 'request');

  let approved = params;
  let edited = false;
  if (remembered !== 'approve') {
    const answer = await ask(options, {
      step: 'request',
      params,
      server,
      signal,
      id: `${id}-request`,
    });
    if (answer === 'aborted') return end('failed', 'aborted', 'request');
    if (answer === 'error') return end('failed', 'error', 'request');
    if (!('grain' in answer) || (answer.action !== 'approve' && answer.action !== 'deny'))
      return invalid(options, end, 'request');
    if (answer.grain === 'session') session.set(server.id, answer.action);
    if (answer.action === 'deny') return end('denied', 'renderer', 'request');
    // Edits that are not what the edit form produces are no consent to anything.
    if (!validEdits(answer.edits)) return invalid(options, end, 'request');
    edited = answer.edits !== undefined && Object.keys(answer.edits).length > 0;
    approved = applySamplingEdits(params, answer.edits);
  }

  let result: SamplingResult;
  const leave = options.gate.enter();
  try {
    // A copy, so a generator keeping a reference cannot change what the user reviews.
    result = structuredClone(await options.generate(approved, { server, signal }));
  } catch (error) {
    options.warn(`The sampling generator failed; rejecting: ${String(error)}`);
    return end('failed', 'error', 'generate', SAMPLING_FAILED);
  } finally {
    leave();
  }
  if (signal.aborted) return end('failed', 'aborted', 'generate');
  if (!isResult(result)) {
    options.warn('The sampling generator returned no valid reply; rejecting.');
    return end('failed', 'error', 'generate', SAMPLING_FAILED);
  }

  const review = await ask(options, {
    step: 'response',
    params: approved,
    result,
    server,
    signal,
    id: `${id}-response`,
  });
  if (review === 'aborted') return end('failed', 'aborted', 'response');
  if (review === 'error') return end('failed', 'error', 'response');
  if (review.action === 'deny') return end('denied', 'renderer', 'response');
  if (review.action !== 'send') return invalid(options, end, 'response');
  options.report({
    type: 'sampling',
    serverId: server.id,
    outcome: edited ? 'edited' : 'approved',
    via: remembered === 'approve' ? 'policy' : 'renderer',
    step: 'response',
  });
  return { ok: true, result };
}

type End = (
  outcome: SamplingEvent['outcome'],
  via: SamplingEvent['via'],
  step: SamplingEvent['step'],
  error?: typeof SAMPLING_REJECTED | typeof SAMPLING_FAILED,
) => SamplingOutcome;

/** An answer that does not belong to its step is no consent: rejected. */
function invalid(options: SamplingHandlerOptions, end: End, step: SamplingEvent['step']) {
  options.warn(`The sampling renderer returned no valid answer for the ${step}; rejecting.`);
  return end('failed', 'error', step);
}

/** Edits as the sampling model makes them: text as strings, a reply length in range. */
function validEdits(edits: SamplingEdits | undefined): boolean {
  if (edits === undefined) return true;
  if (typeof edits !== 'object' || edits === null) return false;
  const { lastUserText, systemPrompt, maxTokens } = edits;
  return (
    (lastUserText === undefined || typeof lastUserText === 'string') &&
    (systemPrompt === undefined || typeof systemPrompt === 'string') &&
    (maxTokens === undefined ||
      (Number.isInteger(maxTokens) && maxTokens >= 1 && maxTokens <= MAX_EDITED_TOKENS))
  );
}

/** The shape the SDK's result schema needs; anything else is never sent. */
function isResult(value: unknown): value is SamplingResult {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as Record<string, unknown>;
  return (
    result.role === 'assistant' &&
    typeof result.model === 'string' &&
    typeof result.content === 'object' &&
    result.content !== null
  );
}

/** One step on screen, raced against the server giving up; user time is not the call's time. */
async function ask(
  options: SamplingHandlerOptions,
  call: SamplingCall & { signal: AbortSignal },
): Promise<SamplingAnswer | 'aborted' | 'error'> {
  if (call.signal.aborted) return 'aborted';
  const leave = options.gate.enter();
  let onAbort: (() => void) | undefined;
  try {
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      call.signal.addEventListener('abort', onAbort, { once: true });
    });
    const answer = await Promise.race([Promise.resolve(options.sample!(call)), aborted]);
    if (answer === 'aborted') return answer;
    if (typeof answer !== 'object' || answer === null) {
      options.warn('The sampling renderer returned no answer; rejecting.');
      return 'error';
    }
    return answer;
  } catch (error) {
    options.warn(`The sampling renderer failed; rejecting: ${String(error)}`);
    return 'error';
  } finally {
    if (onAbort) call.signal.removeEventListener('abort', onAbort);
    leave();
  }
}
