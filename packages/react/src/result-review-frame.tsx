import type { ResultReviewApi, ResultReviewModel, ResultReviewResult } from '@mcp-consent/prompt';
import { ResultReviewView } from './result-review-view.js';
import { FrameLayer, useSheetFrame } from './sheet-frame.js';
import type { LayerOptions } from './sheet-layer.js';

export interface ResultReviewFrameProps extends LayerOptions {
  /** The model to show: the presenter's head. */
  model: ResultReviewModel;
  /** A stable id of the request (the modal sheet opens once per id). */
  id: string;
  /** The user's answer, once. */
  onAnswered?: (result: ResultReviewResult) => void;
}

/** The button that stands for the model's focus. */
function focusTarget(root: HTMLElement | null, api: ResultReviewApi): HTMLElement | null {
  return root?.querySelector(`[data-part="action"][data-answer="${api.focused}"]`) ?? null;
}

/**
 * One open result review in the DOM: the modal sheet with Send focused, the input gate,
 * re-arming and the announcement. The model's keys (1, 2, arrows, Enter, Escape) apply
 * anywhere in the sheet.
 */
export function ResultReviewFrame({ model, id, onAnswered, ...layer }: ResultReviewFrameProps) {
  const report = (api: ResultReviewApi) => api.result && onAnswered?.(api.result);
  const frame = useSheetFrame(model, { id, focusTarget, onAnswered: report });
  return <FrameLayer frame={frame} scope="result-review" layer={layer} View={ResultReviewView} />;
}
