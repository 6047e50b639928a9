import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ServerRef } from '@mcp-consent/engine';
import {
  checkUrl,
  defaultContent,
  sanitizeText,
  TEXT_LIMITS,
  validateContent,
  type ContentCheck,
  type ContentError,
  type ContentValue,
  type UrlCheck,
  type ValidateContentOptions,
} from '@mcp-consent/prompt';
import type { CallOrigin } from './calls-in-flight.js';
import type { UserTimeGate } from './user-time.js';

/** What happens to an elicitation when the host attached no `elicit` renderer. */
export type NoRendererPolicy = 'decline' | 'warn-and-proceed';

/**
 * A URL to open, as `checkUrl` of `@mcp-consent/prompt` took it apart (only valid
 * http(s) URLs get this far): `before` + `host` + `after` is `href`, so a renderer can
 * highlight the host; `warnings` names punycode, look-alike scripts, user info, plain HTTP.
 */
export type ElicitationUrl = Extract<UrlCheck, { valid: true }>;

/**
 * One elicitation as the host's renderer receives it. Build the form or link prompt with
 * `createElicitationPrompt(request.params, { server: request.server, signal: request.signal })`
 * of `@mcp-consent/prompt`, which sanitizes the server's text itself.
 */
export interface ElicitationRequest {
  /** Local id of this question, stable across re-asks after an invalid answer. */
  id: string;
  /** The server as the host configured it (never what the server says about itself). */
  server: ServerRef;
  mode: 'form' | 'url';
  /** The server's message, sanitized (`sanitizeText`, multiline, capped at `TEXT_LIMITS.message`). */
  message: string;
  /** URL mode: what the user would open. Open it only after the user accepted. */
  url?: ElicitationUrl;
  elicitationId?: string;
  /** Set when the previous answer did not match the schema: show these and ask again. Localized. */
  errors?: ContentError[];
  /** 1 for the first ask. */
  attempt: number;
  /** Aborted when the server cancels the request: close the UI. */
  signal: AbortSignal;
  /** The request exactly as the server sent it (untrusted, unsanitized). */
  params: ElicitRequest['params'];
  /**
   * The approved tool call running when the server asked, as the kit knows it (never from the
   * server's words): `destructive` when the engine's hints of a running call say it may
   * destroy data. The presenter styles Accept as danger for it. Absent when no call runs.
   */
  origin?: CallOrigin;
}

export type ElicitAnswer =
  | { action: 'accept'; content?: Record<string, unknown> }
  | { action: 'decline' }
  | { action: 'cancel' };

export type ElicitCallback = (request: ElicitationRequest) => Promise<ElicitAnswer> | ElicitAnswer;

/** Reported for every elicitation answered, so hosts can audit them (content is never included). */
export interface ElicitationEvent {
  type: 'elicitation';
  serverId: string;
  mode: 'form' | 'url';
  action: ElicitResult['action'];
  /** Who decided: the user through the renderer, the no-renderer policy, or a failure (fail closed). */
  via: 'renderer' | 'policy' | 'invalid' | 'error' | 'aborted';
  /** The tool whose call was running when the server asked (`ElicitationRequest.origin`), if any. */
  tool?: string;
  /** Set when that call came from an app's UI: the host's name for the app. */
  requestedByApp?: string;
}

export interface ElicitationHandlerOptions {
  server: ServerRef;
  /** The call running when the server asked (`callsInFlight`), if any. */
  origin?: CallOrigin | undefined;
  elicit?: ElicitCallback;
  noRenderer: NoRendererPolicy;
  maxAttempts: number;
  /** Language of the validation messages in `ElicitationRequest.errors`. */
  messages?: ValidateContentOptions;
  openUrl?: (url: string) => void | Promise<void>;
  gate: UserTimeGate;
  warn: (message: string) => void;
  report: (event: ElicitationEvent) => void;
}

let nextId = 0;

/** Answers one `elicitation/create` request. Never throws: any failure declines or cancels. */
export async function answerElicitation(
  params: ElicitRequest['params'],
  signal: AbortSignal,
  options: ElicitationHandlerOptions,
): Promise<ElicitResult> {
  const mode = params.mode === 'url' ? 'url' : 'form';
  const finish = (
    action: ElicitResult['action'],
    via: ElicitationEvent['via'],
    content?: Record<string, ContentValue>,
  ) => {
    const { origin } = options;
    options.report({
      type: 'elicitation',
      serverId: options.server.id,
      mode,
      action,
      via,
      ...(origin ? { tool: origin.tool } : {}),
      ...(origin?.requestedByApp ? { requestedByApp: origin.requestedByApp } : {}),
    });
    return content ? { action, content } : { action };
  };
  const base = {
    id: `elicitation-${++nextId}`,
    server: options.server,
    mode,
    message: sanitizeText(params.message, { maxLength: TEXT_LIMITS.message, multiline: true }).text,
    attempt: 1,
    signal,
    params,
    ...(options.origin ? { origin: options.origin } : {}),
  } satisfies Partial<ElicitationRequest>;

  if (params.mode === 'url') {
    const url = checkUrl(params.url);
    if (!url.valid) {
      options.warn(
        `Declined a URL elicitation from ${options.server.id}: only http(s) URLs are opened.`,
      );
      return finish('decline', 'policy');
    }
    if (!options.elicit) {
      // Never open a URL nobody consented to, whatever the policy.
      options.warn(
        `Declined a URL elicitation from ${options.server.id}: no renderer is attached.`,
      );
      return finish('decline', 'policy');
    }
    const answer = await ask(options, { ...base, url, elicitationId: params.elicitationId });
    if (answer === 'aborted') return finish('cancel', 'aborted');
    if (answer === 'error') return finish('cancel', 'error');
    if (answer.action !== 'accept') return finish(answer.action, 'renderer');
    try {
      await options.openUrl?.(url.href); // only now, after consent
    } catch (error) {
      options.warn(`Opening the elicitation URL failed: ${String(error)}`);
      return finish('cancel', 'error');
    }
    return finish('accept', 'renderer');
  }

  const schema = params.requestedSchema;
  if (!options.elicit) return noRenderer(schema, options, finish);
  let errors: ContentError[] | undefined;
  for (let attempt = 1; attempt <= options.maxAttempts; attempt += 1) {
    const answer = await ask(options, { ...base, attempt, ...(errors ? { errors } : {}) });
    if (answer === 'aborted') return finish('cancel', 'aborted');
    if (answer === 'error') return finish('cancel', 'error');
    if (answer.action !== 'accept') return finish(answer.action, 'renderer');
    let checked: ContentCheck;
    try {
      checked = validateContent(schema, answer.content, options.messages);
    } catch (error) {
      // A host translator that throws must not turn into a thrown handler: nothing is sent.
      options.warn(`Checking the elicitation answer failed; cancelling: ${String(error)}`);
      return finish('cancel', 'error');
    }
    if (checked.ok) return finish('accept', 'renderer', checked.content);
    errors = checked.errors;
  }
  // Content that does not match the request is never sent.
  options.warn(
    `Declined a form elicitation from ${options.server.id}: the answer did not match the requested schema.`,
  );
  return finish('decline', 'invalid');
}

async function ask(
  options: ElicitationHandlerOptions,
  request: ElicitationRequest,
): Promise<ElicitAnswer | 'aborted' | 'error'> {
  if (request.signal.aborted) return 'aborted';
  const leave = options.gate.enter();
  let onAbort: (() => void) | undefined;
  try {
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      request.signal.addEventListener('abort', onAbort, { once: true });
    });
    const answer = await Promise.race([Promise.resolve(options.elicit!(request)), aborted]);
    if (answer === 'aborted') return answer;
    if (!answer || !['accept', 'decline', 'cancel'].includes(answer.action)) {
      options.warn('The elicitation renderer returned no valid action; cancelling.');
      return 'error';
    }
    return answer;
  } catch (error) {
    options.warn(`The elicitation renderer failed; cancelling: ${String(error)}`);
    return 'error';
  } finally {
    if (onAbort) request.signal.removeEventListener('abort', onAbort);
    leave();
  }
}

/**
 * Seed 000's last tier, made opt-in: without a renderer the default declines
 * (fail closed). 'warn-and-proceed' accepts only when no answer has to be
 * invented: every required field has a valid default; the content is the defaults.
 */
function noRenderer(
  schema: unknown,
  options: ElicitationHandlerOptions,
  finish: (
    action: ElicitResult['action'],
    via: ElicitationEvent['via'],
    content?: Record<string, ContentValue>,
  ) => ElicitResult,
): ElicitResult {
  if (options.noRenderer === 'warn-and-proceed') {
    const content = defaultContent(schema);
    if (content) {
      options.warn(
        `Accepted a form elicitation from ${options.server.id} without asking: no renderer is attached (warn-and-proceed).`,
      );
      return finish('accept', 'policy', content);
    }
  }
  options.warn(`Declined a form elicitation from ${options.server.id}: no renderer is attached.`);
  return finish('decline', 'policy');
}
