/**
 * The two-key dry run of seed 001 (discord-mcp `ConfirmRequired`): a tool runs
 * only when the operator launched the server with `MCP_DRY_RUN=false` AND the
 * caller passed `__confirm: true`. Either half alone yields a preview.
 */

/** The error code the preview result carries. */
export const DRY_RUN_PREVIEW = 'DRY_RUN_PREVIEW';

/** The exact hint of seed 001: both halves, joined by a load-bearing AND. */
export const DRY_RUN_RECOVERY_HINT =
  'Set MCP_DRY_RUN=false AND pass `__confirm:true` (or use elicitation flow) to actually execute';

/** Only the literal string 'false' turns dry-run off, so a typo never enables production mode. */
export function dryRunActive(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.MCP_DRY_RUN !== 'false';
}

const SECRET_KEY = /token|secret|password|passwd|api[-_]?key|authorization|auth|cookie|credential/i;

/** Arguments minus `__confirm`, with secret-looking keys masked. */
export function redactPreview(args: Record<string, unknown>): Record<string, unknown> {
  const preview: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (key === '__confirm') continue;
    preview[key] = SECRET_KEY.test(key) ? '[redacted]' : value;
  }
  return preview;
}

/** The body of a `DRY_RUN_PREVIEW` result, serialized as the result's text. */
export interface DryRunPreviewBody {
  code: typeof DRY_RUN_PREVIEW;
  tool: string;
  preview: Record<string, unknown>;
  recovery_hint: string;
  /** Which key is still missing, so a caller that already confirmed knows not to loop. */
  missing: Array<'operator' | 'confirm'>;
}

/** Returns the preview body when the call must not run yet, otherwise null. */
export function checkTwoKeys(
  tool: string,
  rawArgs: Record<string, unknown>,
  dryRun: boolean,
): DryRunPreviewBody | null {
  const confirmed = rawArgs.__confirm === true;
  if (!dryRun && confirmed) return null;
  const missing: DryRunPreviewBody['missing'] = [];
  if (dryRun) missing.push('operator');
  if (!confirmed) missing.push('confirm');
  return {
    code: DRY_RUN_PREVIEW,
    tool,
    preview: redactPreview(rawArgs),
    recovery_hint: DRY_RUN_RECOVERY_HINT,
    missing,
  };
}
