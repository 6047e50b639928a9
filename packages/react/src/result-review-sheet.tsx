import type { ResultReviewCall, ResultReviewResult } from '@mcp-consent/prompt';
import { useIsClient } from './dom.js';
import { useConsentSnapshot } from './hooks/prompt-hooks.js';
import { useLatest } from './hooks/use-model.js';
import { useConsent } from './provider.js';
import { ResultReviewFrame } from './result-review-frame.js';
import { SheetBoundary } from './sheet-boundary.js';
import { layerOptions, type SheetPresentationProps } from './sheet-layer.js';

export interface ResultReviewSheetProps extends SheetPresentationProps {
  /** Called once with the user's answer. @default undefined */
  onResult?: (result: ResultReviewResult, call: ResultReviewCall) => void;
  /** @default the provider's setting, else true */
  injectStyles?: boolean;
  /** @default the provider's */
  nonce?: string;
}

/**
 * An allowed tool call's result, shown before the model sees it (`reviewResults` of
 * `@mcp-consent/mcp`, with `useResultReview()` as its `reviewResult`), in the same sheet as the
 * other prompts: it shows the head of the provider's one queue when that is a result review. A
 * sheet that cannot render withholds the result. Nothing on the server.
 */
export function ResultReviewSheet(props: ResultReviewSheetProps) {
  const context = useConsent();
  const { current } = useConsentSnapshot(context.presenter);
  const onResult = useLatest(props.onResult);
  if (!useIsClient() || current?.kind !== 'result_review') return null;
  const { id, call } = current;
  return (
    <SheetBoundary key={id} onError={(error) => context.presenter.fail(id, error)}>
      <ResultReviewFrame
        {...layerOptions(props, context)}
        model={current.model}
        id={id}
        onAnswered={(result) => onResult.current?.(result, call)}
      />
    </SheetBoundary>
  );
}
