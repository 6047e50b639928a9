import { DENIAL_META_KEY } from './model-text.js';
import type { DryRunPreview } from '@mcp-consent/engine';

/** The error code of seed 001's two-key dry run. */
export const DRY_RUN_PREVIEW = 'DRY_RUN_PREVIEW';

/** The meta argument that is the caller's half of the two keys. */
export const CONFIRM_ARG = '__confirm';

/** Arguments without the caller's confirmation key (the kit adds it only after the user saw a preview). */
export function withoutConfirm(args: Record<string, unknown>): Record<string, unknown> {
  const { [CONFIRM_ARG]: _dropped, ...rest } = args;
  return rest;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads `{ code: 'DRY_RUN_PREVIEW', … }`, or the same under `error`, in the shapes servers use. */
function fromObject(value: unknown): DryRunPreview | null {
  if (!isRecord(value)) return null;
  const inner = isRecord(value.error) ? value.error : value;
  if (inner.code !== DRY_RUN_PREVIEW) return null;
  const hint = inner.recovery_hint ?? inner.recoveryHint ?? inner.hint;
  const details = isRecord(inner.details)
    ? inner.details
    : isRecord(inner.data)
      ? inner.data
      : inner;
  const tool =
    typeof inner.tool === 'string'
      ? inner.tool
      : typeof details.tool === 'string'
        ? details.tool
        : undefined;
  return {
    preview: Object.hasOwn(details, 'preview')
      ? details.preview
      : Object.hasOwn(inner, 'preview')
        ? inner.preview
        : undefined,
    hint: typeof hint === 'string' ? hint : null,
    ...(tool !== undefined ? { toolName: tool } : {}),
  };
}

/**
 * Recognizes a `DRY_RUN_PREVIEW` tool result (`isError: true`, the code in
 * `structuredContent` or in a JSON text block) as the preview the engine asks about
 * (`engine.request(call, { dryRun })`); `null` for any other result. Untrusted, as it came.
 */
export function parseDryRunResult(result: unknown): DryRunPreview | null {
  if (!isRecord(result) || result.isError !== true) return null;
  const structured = fromObject(result.structuredContent);
  if (structured) return structured;
  const content = Array.isArray(result.content) ? result.content : [];
  for (const block of content) {
    if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') continue;
    if (!block.text.includes(DRY_RUN_PREVIEW)) continue;
    try {
      const parsed = fromObject(JSON.parse(block.text));
      if (parsed) return parsed;
    } catch {
      // Plain text mentioning the code: no structured preview, the text is the hint.
    }
    return { preview: undefined, hint: block.text };
  }
  return null;
}

/** The `_meta` key under which the result of a call sent for real after a preview says how it went. */
export const DRY_RUN_META_KEY = 'mcp-consent/dry-run';

/**
 * How a call the user sent for real (step 2 of 2) came back, for hosts to tell the user in a
 * sentence instead of showing the server's JSON: `done` (the server answered without an error),
 * `still_preview` (the operator's half is still off, nothing changed) or `server_error`.
 * `message` is the server's own message when it sent one (untrusted text, not cleaned).
 */
export interface DryRunOutcome {
  outcome: 'done' | 'still_preview' | 'server_error';
  tool: string;
  message: string | null;
}

/** `_meta` keys only the kit may write: what happened to a call, as hosts read it. */
const KIT_META_KEYS = [DRY_RUN_META_KEY, DENIAL_META_KEY] as const;

/**
 * The result without the `_meta` keys only the kit may write (the dry-run outcome, the denial
 * details) when the server put them there itself: otherwise a server could make a host tell the
 * user "nothing was changed" or "you declined" about a call that ran.
 */
export function withoutKitMeta<T>(result: T): T {
  if (!isRecord(result) || !isRecord(result._meta)) return result;
  const meta = result._meta;
  if (!KIT_META_KEYS.some((key) => key in meta)) return result;
  const kept = Object.fromEntries(
    Object.entries(meta).filter(([key]) => !(KIT_META_KEYS as readonly string[]).includes(key)),
  );
  return { ...result, _meta: kept };
}

/** Reads the outcome the dry-run flow put on a result; undefined for any other result. */
export function dryRunOutcomeOf(result: unknown): DryRunOutcome | undefined {
  const meta = isRecord(result) && isRecord(result._meta) ? result._meta : undefined;
  const value = meta?.[DRY_RUN_META_KEY];
  return isRecord(value) && typeof value.outcome === 'string'
    ? (value as unknown as DryRunOutcome)
    : undefined;
}

const MESSAGE_LIMIT = 1000;

/** `message`, `error.message` or `error` (a string) of a JSON body, the shapes servers use. */
function messageIn(value: unknown): string | null {
  if (!isRecord(value)) return null;
  for (const candidate of [
    value.message,
    isRecord(value.error) ? value.error.message : value.error,
  ])
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  return null;
}

/**
 * The server's own words in an error result, for a sentence the host shows: the message of a
 * JSON body (never the JSON itself), or the text when it is not JSON. Null when there is none.
 * Untrusted and not cleaned: hosts clean it as any server text.
 */
export function serverMessageOf(result: unknown): string | null {
  if (!isRecord(result)) return null;
  const structured = messageIn(result.structuredContent);
  if (structured) return structured.slice(0, MESSAGE_LIMIT);
  const content = Array.isArray(result.content) ? result.content : [];
  for (const block of content) {
    if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') continue;
    const text = block.text.trim();
    if (text === '') continue;
    if (!/^[[{]/.test(text)) return text.slice(0, MESSAGE_LIMIT);
    try {
      const message = messageIn(JSON.parse(text));
      if (message) return message.slice(0, MESSAGE_LIMIT);
    } catch {
      return text.slice(0, MESSAGE_LIMIT);
    }
  }
  return null;
}
