import type { PromptRequest } from '@mcp-consent/engine';
import {
  createDryRunPrompt,
  type DryRunAnswer,
  type DryRunApi,
  type DryRunPrompt,
  type DryRunPromptOptions,
  type DryRunRequest,
  type ParsedDryRun,
} from '@mcp-consent/prompt';
import { useHeadlessModel, useLatest } from './use-model.js';

/**
 * The dry-run preview inside an engine prompt request: `@mcp-consent/mcp` asks about a
 * `DRY_RUN_PREVIEW` result with `context.kind === 'dry_run_preview'` (seed 001).
 * `null` for every other request.
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

export interface UseDryRunPromptOptions extends Omit<DryRunPromptOptions, 'onAnswer'> {
  /** Called once: `approve` means re-issue the call with `__confirm: true`. */
  onAnswer?: (answer: DryRunAnswer, request: DryRunRequest) => void;
}

/**
 * The headless dry-run model for one preview and its current view: one model per
 * request id (and locale), destroyed on unmount. No DOM, like the other model hooks.
 */
export function useDryRunModel(
  request: DryRunRequest | null,
  options: UseDryRunPromptOptions,
): { model: DryRunPrompt | null; api: DryRunApi | null } {
  const { onAnswer, ...modelOptions } = options;
  const onAnswerRef = useLatest(onAnswer);
  const locale =
    modelOptions.translator?.locale ??
    (typeof modelOptions.locale === 'string'
      ? modelOptions.locale
      : (modelOptions.locale ?? []).join(','));
  // Read once per request: a preview's copy and guard must not change under the user.
  const key = request ? `${request.id}\u0000${locale}` : null;
  return useHeadlessModel<DryRunApi, DryRunPrompt>(key, () => {
    const shown = request!;
    return createDryRunPrompt(shown, {
      ...modelOptions,
      onAnswer: (answer) => onAnswerRef.current?.(answer, shown),
    });
  });
}
