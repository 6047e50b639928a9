import {
  ElicitRequestURLParamsSchema,
  ErrorCode,
  type CallToolResult,
  type ElicitRequestURLParams,
} from '@modelcontextprotocol/sdk/types.js';
import type { ServerRef } from '@mcp-consent/engine';
import { callsInFlight } from './calls-in-flight.js';
import { answerElicitation } from './elicitation.js';
import type { GuardContext } from './guard-types.js';
import { cleanNote } from './model-text.js';

/** `_meta` key of the result a call gets when its -32042 URL step was not completed. */
export const URL_REQUIRED_META_KEY = 'mcp-consent/url-required';

/** Most URLs one -32042 error may ask for; more is treated as a malformed request (declined). */
export const MAX_REQUIRED_URLS = 4;

/** What the host's `urlDone` is told: the call waiting for the browser step, and what was opened. */
export interface UrlDoneRequest {
  server: ServerRef;
  /** The tool as the caller named it. */
  tool: string;
  /** The URLs the user consented to and that were opened (normalized `href`s). */
  urls: string[];
  signal: AbortSignal;
}

export type UrlDoneCallback = (request: UrlDoneRequest) => Promise<boolean> | boolean;

/** Why a -32042 call was not retried. */
export type UrlRequiredOutcome = 'declined' | 'cancelled' | 'not_done' | 'invalid';

/** The URL elicitations a -32042 error carries; undefined for any other error. */
export function urlElicitationsOf(error: unknown): unknown[] | undefined {
  if ((error as { code?: unknown } | null)?.code !== ErrorCode.UrlElicitationRequired)
    return undefined;
  const list = (error as { data?: { elicitations?: unknown } }).data?.elicitations;
  return Array.isArray(list) ? list : [];
}

/** The result for the model when the URL step did not happen: the tool did not complete. */
export function urlRequiredResult(tool: string, outcome: UrlRequiredOutcome): CallToolResult {
  const name = cleanNote(tool, 128);
  const why =
    outcome === 'invalid'
      ? 'the server asked for a browser step the kit cannot offer (an invalid URL request)'
      : outcome === 'not_done'
        ? 'the user did not finish the browser step the server asked for'
        : `the user ${outcome} opening the link the server asked for`;
  return {
    content: [
      {
        type: 'text',
        text: `${name} did not complete: ${why}. Do not retry it unless the user asks you to.`,
      },
    ],
    isError: true,
    _meta: { [URL_REQUIRED_META_KEY]: { outcome } },
  };
}

type Send<P, A extends unknown[], R> = (params: P, ...rest: A) => Promise<R>;

/**
 * Wraps the gate's send (2025-11-25, error -32042 "URL elicitation required"): each URL the
 * error names goes through the same URL consent as `elicitation/create` (checkUrl, the host's
 * renderer, opened only after consent); when the user says the browser step is done, the very
 * same approved request is sent ONCE more, without asking again. A decline, a cancel or a
 * malformed error ends the call with an `isError` result and nothing more is opened.
 */
export function withUrlRequired<P extends { name: string }, A extends unknown[], R>(
  context: GuardContext,
  send: Send<P, A, R>,
  signalOf: (...rest: A) => AbortSignal | undefined,
): Send<P, A, R | CallToolResult> {
  return async (params, ...rest) => {
    try {
      return await send(params, ...rest);
    } catch (error) {
      const listed = urlElicitationsOf(error);
      if (!listed) throw error;
      const signal = signalOf(...rest) ?? new AbortController().signal;
      const outcome = await satisfy(context, params.name, listed, signal);
      if (outcome !== 'done') {
        signal.throwIfAborted();
        return urlRequiredResult(params.name, outcome);
      }
      // Once: a second -32042 reaches the caller as the server's error.
      return await send(params, ...rest);
    }
  };
}

/** Asks about each URL in turn; the first that is not accepted ends it (later ones are never shown). */
async function satisfy(
  context: GuardContext,
  tool: string,
  listed: unknown[],
  signal: AbortSignal,
): Promise<UrlRequiredOutcome | 'done'> {
  const { binding, options, gate, warn, report } = context;
  const parsed = listed.map((entry) => ElicitRequestURLParamsSchema.safeParse(entry));
  const elicitations = parsed.flatMap((entry) => (entry.success ? [entry.data] : []));
  if (
    elicitations.length === 0 ||
    elicitations.length !== listed.length ||
    elicitations.length > MAX_REQUIRED_URLS
  ) {
    warn(`${tool}: the server's URL-required error (-32042) is malformed; not retrying.`);
    return 'invalid';
  }
  const opened: string[] = [];
  for (const params of elicitations as ElicitRequestURLParams[]) {
    const answer = await answerElicitation(params, signal, {
      server: options.server,
      origin: callsInFlight(binding).origin(),
      elicit: options.elicit,
      noRenderer: options.noRenderer ?? 'decline',
      maxAttempts: options.maxElicitAttempts ?? 3,
      messages: { translator: options.translator, locale: options.locale },
      openUrl: options.openUrl,
      gate,
      warn,
      report,
    });
    if (answer.action === 'decline') return 'declined';
    if (answer.action !== 'accept') return 'cancelled';
    opened.push(new URL(params.url).href);
  }
  if (!options.urlDone) return 'done';
  const leave = gate.enter(); // the user's time in the browser is not the call's
  try {
    const done = await options.urlDone({ server: options.server, tool, urls: opened, signal });
    return done === true ? 'done' : 'not_done';
  } catch (error) {
    warn(`urlDone failed; not retrying ${tool}: ${String(error)}`);
    return 'not_done';
  } finally {
    leave();
  }
}
