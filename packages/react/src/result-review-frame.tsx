import { useRef, type KeyboardEvent } from 'react';
import type {
  ResultReviewAnswer,
  ResultReviewModel,
  ResultReviewResult,
} from '@mcp-consent/prompt';
import { cycleTab } from '@mcp-consent/prompt/dom';
import { useAnnouncement, useModalSheet, useRearmOnVisible } from './dom.js';
import { useLatest, useModel, useOnAnswered } from './hooks/use-model.js';
import { ResultReviewView } from './result-review-view.js';
import { SheetLayer, type LayerOptions } from './sheet-layer.js';

export interface ResultReviewFrameProps extends LayerOptions {
  /** The model to show: the presenter's head. */
  model: ResultReviewModel;
  /** A stable id of the request (the modal sheet opens once per id). */
  id: string;
  /** The user's answer, once. */
  onAnswered?: (result: ResultReviewResult) => void;
}

/** The button that stands for a focus of the model. */
function focusTarget(root: HTMLElement | null, focus: ResultReviewAnswer): HTMLElement | null {
  return root?.querySelector(`[data-part="action"][data-answer="${focus}"]`) ?? null;
}

/**
 * One open result review in the DOM: the modal sheet with Send focused, the input gate,
 * re-arming and the announcement. The model's keys (1, 2, arrows, Enter, Escape) apply
 * anywhere in the sheet.
 */
export function ResultReviewFrame({ model, id, onAnswered, ...layer }: ResultReviewFrameProps) {
  const api = useModel(model);
  useOnAnswered(model, (answered) => answered.result && onAnswered?.(answered.result));
  const latest = useLatest(api);
  const open = api.status === 'open';
  const rootRef = useRef<HTMLDivElement>(null);
  const sheet = useModalSheet(rootRef, open ? id : null, () =>
    focusTarget(rootRef.current, latest.current.focused),
  );
  useRearmOnVisible(open ? model : null);
  const announcement = useAnnouncement(open ? api.announcement : null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!sheet.acceptKey(event)) return event.preventDefault();
    if (cycleTab(event, rootRef.current) || event.key === 'Tab') return;
    if (!api.handleKey(event.nativeEvent).handled) return;
    event.preventDefault();
    const now = model.connect();
    if (now.status === 'open') focusTarget(rootRef.current, now.focused)?.focus();
  };

  if (!open) return null;
  return (
    <SheetLayer scope="result-review" {...layer}>
      <ResultReviewView
        api={api}
        rootRef={rootRef}
        onKeyDown={onKeyDown}
        acceptClick={sheet.acceptClick}
        announcement={announcement}
      />
    </SheetLayer>
  );
}
