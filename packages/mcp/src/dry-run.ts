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
