import type { ParsedDryRun } from '@mcp-consent/prompt';

/** The error code of seed 001's two-key dry run. */
export const DRY_RUN_PREVIEW = 'DRY_RUN_PREVIEW';

/** The meta argument that is the caller's half of the two keys. */
export const CONFIRM_ARG = '__confirm';

/**
 * The `context` the dry-run preview prompt carries: `preview` is what
 * `parseDryRunResult` of `@mcp-consent/prompt` read from the result (`preview`,
 * `hint`, `tool`: the field names of its `DryRunRequest`). Untrusted.
 */
export interface DryRunPromptContext {
  kind: 'dry_run_preview';
  preview: ParsedDryRun;
  [key: string]: unknown;
}

/** Arguments without the caller's confirmation key (the kit adds it only after the user saw a preview). */
export function withoutConfirm(args: Record<string, unknown>): Record<string, unknown> {
  const { [CONFIRM_ARG]: _dropped, ...rest } = args;
  return rest;
}
