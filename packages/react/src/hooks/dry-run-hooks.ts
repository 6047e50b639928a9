export { dryRunRequestOf } from '@mcp-consent/prompt';
import {
  createDryRunPrompt,
  type DryRunAnswer,
  type DryRunApi,
  type DryRunModel,
  type DryRunPromptOptions,
  type DryRunRequest,
} from '@mcp-consent/prompt';
import { useHeadlessModel, useLatest } from './use-model.js';

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
): { model: DryRunModel | null; api: DryRunApi | null } {
  const { onAnswer, ...modelOptions } = options;
  const onAnswerRef = useLatest(onAnswer);
  const locale =
    modelOptions.translator?.locale ??
    (typeof modelOptions.locale === 'string'
      ? modelOptions.locale
      : (modelOptions.locale ?? []).join(','));
  // Read once per request: a preview's copy and guard must not change under the user.
  const key = request ? `${request.id}\u0000${locale}` : null;
  return useHeadlessModel<DryRunApi, DryRunModel>(key, () => {
    const shown = request!;
    return createDryRunPrompt(shown, {
      ...modelOptions,
      onAnswer: (answer) => onAnswerRef.current?.(answer, shown),
    });
  });
}
