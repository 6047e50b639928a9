import type { CallRequester, Choice, PromptRequest } from '@mcp-consent/engine';

/**
 * What a list of pending approvals shows of a request, kept as JSON data. Every string in it
 * came from a server or a model and is untrusted: show it as text, through `sanitizeText` of
 * `@mcp-consent/prompt`, never as markup.
 */
export interface ApprovalSummary {
  kind: 'permission' | 'dry_run';
  /** The engine's prompt id on the instance holding the call. */
  promptId: string;
  serverId: string;
  serverName: string | null;
  toolName: string;
  toolTitle: string | null;
  riskTier: string;
  requestedBy: CallRequester;
  /** The arguments as JSON, cut to {@link ARGS_PREVIEW_MAX} characters; null when they have no JSON form. */
  argsPreview: string | null;
  argsTruncated: boolean;
  defaultChoice: 'allow_once' | 'deny_once';
  /** The answers this prompt offers; `resolve` refuses any other. */
  answers: Choice[];
}

/** @default length of a summary's argument preview, in characters. */
export const ARGS_PREVIEW_MAX = 2000;
/** Names and titles are cut to this many characters. */
const NAME_MAX = 200;

/** NUL (refused by `text` and `jsonb`) and lone surrogates (refused by `jsonb`). */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A string PostgreSQL can store, bounded. Nothing else is changed here: the text is escaped
 * where it is shown.
 */
export function storable(value: unknown, max = NAME_MAX): string {
  const text = typeof value === 'string' ? value : String(value ?? '');
  const points = Array.from(text.slice(0, max * 2 + 2));
  const cut = points.length > max ? `${points.slice(0, max).join('')}…` : points.join('');
  return cut.replace(UNSTORABLE, '\uFFFD');
}

function preview(args: unknown): { argsPreview: string | null; argsTruncated: boolean } {
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch {
    json = undefined; // cycles, BigInt: nothing to preview (the call itself is not changed)
  }
  if (json === undefined) return { argsPreview: null, argsTruncated: false };
  const argsTruncated =
    Array.from(json.slice(0, ARGS_PREVIEW_MAX * 2 + 2)).length > ARGS_PREVIEW_MAX;
  return { argsPreview: storable(json, ARGS_PREVIEW_MAX), argsTruncated };
}

/** The answers a remote approver may give: what a renderer of this request would offer. */
export function offeredAnswers(request: PromptRequest): Choice[] {
  const permission = request.kind === 'permission';
  const allowAlways =
    permission &&
    request.allowAlwaysEnabled &&
    (request.grains ? request.grains.allow.includes('always') : true);
  const denyAlways = permission && (request.grains ? request.grains.deny.includes('always') : true);
  return [
    'allow_once',
    ...(allowAlways ? (['allow_always'] as const) : []),
    'deny_once',
    ...(denyAlways ? (['deny_always'] as const) : []),
  ];
}

export function summaryOf(request: PromptRequest): ApprovalSummary {
  const { call } = request;
  return {
    kind: request.kind,
    promptId: storable(request.id),
    serverId: storable(call.server.id),
    serverName: call.server.name === undefined ? null : storable(call.server.name),
    toolName: storable(call.tool.name),
    toolTitle: call.tool.title === undefined ? null : storable(call.tool.title),
    riskTier: request.risk.tier,
    requestedBy:
      request.requestedBy?.kind === 'app'
        ? { kind: 'app', app: storable(request.requestedBy.app) }
        : { kind: 'model' },
    ...preview(call.args),
    defaultChoice: request.defaultChoice,
    answers: offeredAnswers(request),
  };
}
