import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * Text written for the MODEL, not for the user: it is not UI copy and is not
 * localized. Each result says plainly that the call did not run and must not
 * be retried, so an agent does not loop on a refusal.
 */
export const MODEL_TEXT = {
  declined: (tool: string) =>
    `The user declined this tool call (${tool}). It did not run. Do not retry it; ask the user how to proceed.`,
  notApproved: (tool: string) =>
    `This tool call (${tool}) was not approved: the permission check did not complete. It did not run. ` +
    'Do not retry it; ask the user how to proceed.',
  dryRunDeclined: (tool: string) =>
    `The user reviewed the preview of this tool call (${tool}) and declined it. It did not run. ` +
    'Do not retry it; ask the user how to proceed.',
  dryRunStillPreview: (tool: string) =>
    `The user approved this tool call (${tool}), but the server's operator keeps it in dry-run mode, so it ` +
    'did not run. Only the operator can change that. Do not retry it.',
} as const;

/** Why a call was refused; also put in the result's `_meta` for hosts. */
export type DenialReason = 'declined' | 'not_approved' | 'dry_run_declined';

/** The `_meta` key under which denial results carry machine-readable details. */
export const DENIAL_META_KEY = 'mcp-consent/denial';

export interface DenialMeta {
  reason: DenialReason;
  choice?: string;
  settledBy?: string;
  promptId?: string;
}

export function denialResult(tool: string, meta: DenialMeta): CallToolResult {
  const text =
    meta.reason === 'declined'
      ? MODEL_TEXT.declined(tool)
      : meta.reason === 'dry_run_declined'
        ? MODEL_TEXT.dryRunDeclined(tool)
        : MODEL_TEXT.notApproved(tool);
  return { content: [{ type: 'text', text }], isError: true, _meta: { [DENIAL_META_KEY]: meta } };
}

/** Reads the denial details back from a result (for hosts and tests). */
export function denialOf(result: unknown): DenialMeta | undefined {
  const meta = (result as { _meta?: Record<string, unknown> } | undefined)?._meta;
  return meta?.[DENIAL_META_KEY] as DenialMeta | undefined;
}

/** The result for a call the engine did not allow (or could not decide on: `decision` undefined). */
export function refusalOf(
  tool: string,
  decision: { choice: string; settledBy: string; promptId?: string } | undefined,
  dryRun = false,
): CallToolResult {
  const answered = decision?.settledBy === 'answer' || decision?.settledBy === 'grant';
  return denialResult(tool, {
    reason: answered ? (dryRun ? 'dry_run_declined' : 'declined') : 'not_approved',
    ...(decision
      ? {
          choice: decision.choice,
          settledBy: decision.settledBy,
          ...(decision.promptId ? { promptId: decision.promptId } : {}),
        }
      : {}),
  });
}
