/** The error code of seed 001's two-key dry run. */
export const DRY_RUN_PREVIEW = 'DRY_RUN_PREVIEW';

/** The meta argument that is the caller's half of the two keys. */
export const CONFIRM_ARG = '__confirm';

/**
 * What the kit hands the prompt (in `context.preview`) when a server answered
 * with a preview. Field names follow `@mcp-consent/prompt`'s `DryRunRequest`.
 */
export interface DryRunPreview {
  /** The server's preview of the arguments (already redacted by the server), when it sent one. Untrusted. */
  preview?: unknown;
  /** The server's recovery hint for the agent, when present. Untrusted. */
  hint?: string;
  /** The whole text of the result. Untrusted. */
  text: string;
}

/** The `context` the dry-run preview prompt carries. */
export interface DryRunPromptContext {
  kind: 'dry_run_preview';
  preview: DryRunPreview;
  [key: string]: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Recognizes a dry-run preview: an `isError` result carrying `DRY_RUN_PREVIEW`
 * in `structuredContent` or in a text block, as JSON (`{ code, preview,
 * recovery_hint }`, optionally under `error` / `details` / `data`, as
 * discord-mcp does) or as plain text.
 */
export function readDryRunPreview(result: unknown): DryRunPreview | undefined {
  if (!isRecord(result) || result.isError !== true) return undefined;
  const texts = (Array.isArray(result.content) ? result.content : [])
    .filter(
      (part): part is { type: 'text'; text: string } =>
        isRecord(part) && part.type === 'text' && typeof part.text === 'string',
    )
    .map((part) => part.text);
  const text = texts.join('\n');
  const structured = fromObject(result.structuredContent);
  if (structured) return { ...structured, text };
  for (const block of texts) {
    if (!block.includes(DRY_RUN_PREVIEW)) continue;
    try {
      const parsed = fromObject(JSON.parse(block));
      if (parsed) return { ...parsed, text };
    } catch {
      // Plain text mentioning the code: the text is all there is.
    }
    return { text };
  }
  return undefined;
}

function fromObject(value: unknown): Omit<DryRunPreview, 'text'> | undefined {
  if (!isRecord(value)) return undefined;
  const inner = isRecord(value.error) ? value.error : value;
  if (inner.code !== DRY_RUN_PREVIEW) return undefined;
  const details = isRecord(inner.details)
    ? inner.details
    : isRecord(inner.data)
      ? inner.data
      : inner;
  const found: Omit<DryRunPreview, 'text'> = {};
  if (Object.hasOwn(details, 'preview')) found.preview = details.preview;
  else if (Object.hasOwn(inner, 'preview')) found.preview = inner.preview;
  const hint = inner.recovery_hint ?? inner.recoveryHint ?? inner.hint;
  if (typeof hint === 'string') found.hint = hint;
  return found;
}

/** Arguments without the caller's confirmation key (the kit adds it only after the user saw a preview). */
export function withoutConfirm(args: Record<string, unknown>): Record<string, unknown> {
  const { [CONFIRM_ARG]: _dropped, ...rest } = args;
  return rest;
}
