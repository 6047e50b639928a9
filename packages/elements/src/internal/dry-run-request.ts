import type { PromptRequest } from '@mcp-consent/engine';
import type { DryRunRequest, ParsedDryRun } from '@mcp-consent/prompt';

/**
 * The dry-run preview inside an engine prompt request: `@mcp-consent/mcp` asks about a
 * `DRY_RUN_PREVIEW` result with `context.kind === 'dry_run_preview'` (seed 001).
 * `null` for every other request. The same reading as the Ink renderer's `dryRunOf`.
 */
export function dryRunRequestOf(request: PromptRequest): DryRunRequest | null {
  const context = request.context;
  if (context?.kind !== 'dry_run_preview') return null;
  const parsed = context.preview as Partial<ParsedDryRun> | undefined;
  if (typeof parsed !== 'object' || parsed === null) return null;
  return {
    id: request.id,
    server: request.call.server,
    tool: request.call.tool,
    preview: parsed.preview,
    hint: typeof parsed.hint === 'string' ? parsed.hint : null,
    risk: request.risk,
  };
}
