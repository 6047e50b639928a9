/** The error code of seed 001's two-key dry run. */
export const DRY_RUN_PREVIEW = 'DRY_RUN_PREVIEW';

/** The meta argument that is the caller's half of the two keys. */
export const CONFIRM_ARG = '__confirm';

/** What the kit hands the prompt (in `context.preview`) when a server answered with a preview. */
export interface DryRunPreview {
  /** The server's preview of the arguments (already redacted by the server), when it sent one as JSON. */
  preview?: unknown;
  /** The server's hint for the agent, when present. */
  recoveryHint?: string;
  /** The whole text of the result, for servers that do not send JSON. Untrusted. */
  text: string;
}

/** The `context` the dry-run preview prompt carries. */
export interface DryRunPromptContext {
  kind: 'dry_run_preview';
  preview: DryRunPreview;
  [key: string]: unknown;
}

/**
 * Recognizes a dry-run preview: an `isError` result whose text carries
 * `DRY_RUN_PREVIEW` (as discord-mcp does), as JSON `{ code, preview,
 * recovery_hint }` or as plain text.
 */
export function readDryRunPreview(result: unknown): DryRunPreview | undefined {
  const { isError, content } = (result ?? {}) as { isError?: unknown; content?: unknown };
  if (isError !== true || !Array.isArray(content)) return undefined;
  const text = content
    .filter(
      (part): part is { type: 'text'; text: string } =>
        part?.type === 'text' && typeof part.text === 'string',
    )
    .map((part) => part.text)
    .join('\n');
  if (!text.includes(DRY_RUN_PREVIEW)) return undefined;
  const found: DryRunPreview = { text };
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (body && typeof body === 'object' && body.code === DRY_RUN_PREVIEW) {
      if ('preview' in body) found.preview = body.preview;
      if (typeof body.recovery_hint === 'string') found.recoveryHint = body.recovery_hint;
    }
  } catch {
    // Plain text preview: the text is all there is.
  }
  return found;
}

/** Arguments without the caller's confirmation key (the kit adds it only after the user saw a preview). */
export function withoutConfirm(args: Record<string, unknown>): Record<string, unknown> {
  const { [CONFIRM_ARG]: _dropped, ...rest } = args;
  return rest;
}
