import { useEffect } from 'react';
import type { SamplingAnswer, SamplingApi, SamplingModel } from '@mcp-consent/prompt';
import { useLatest } from './hooks/use-model.js';
import { SamplingView } from './sampling-view.js';
import { FrameLayer, onAction, useSheetFrame } from './sheet-frame.js';
import type { LayerOptions } from './sheet-layer.js';

export interface SamplingFrameProps extends LayerOptions {
  /** The model to show: the presenter's head of kind `sampling`. */
  model: SamplingModel;
  /** A stable id of the step (the modal sheet opens once per id). */
  id: string;
  /** The user's answer, once. */
  onAnswered?: (answer: SamplingAnswer) => void;
}

/** The action button or edit field that stands for the model's focus. */
function focusTarget(root: HTMLElement | null, { focused }: SamplingApi): HTMLElement | null {
  return (
    root?.querySelector<HTMLElement>(
      focused.kind === 'action'
        ? `[data-part="action"][data-action="${focused.action}"]`
        : `[data-part="edit-input"][name="${focused.name}"]`,
    ) ?? null
  );
}

/**
 * Typing, Enter, Space and arrows belong to the focused control unless it is an action;
 * Escape denies from anywhere.
 */
function keepKey(event: { key: string; target: EventTarget | null }): boolean {
  return !onAction(event) && event.key !== 'Escape';
}

/**
 * One open sampling step (issue 18) in the DOM, in the sheet of the permission prompt: the
 * modal sheet with Deny focused, the input gate, re-arming and the announcement. Keys typed
 * in the edit form are the form's; Escape denies everywhere.
 */
export function SamplingFrame({ model, id, onAnswered, ...layer }: SamplingFrameProps) {
  const report = (api: SamplingApi) => api.answer && onAnswered?.(api.answer);
  const frame = useSheetFrame(model, { id, focusTarget, keepKey, onAnswered: report });
  const {
    rootRef,
    view: { api },
  } = frame;
  const latest = useLatest(api);
  // Edit opens the form with its first field focused; closing it focuses the answers again
  // (only then: `editing` is the one dependency on purpose).
  const editing = api.edit !== null;
  useEffect(() => {
    if (latest.current.status === 'open') focusTarget(rootRef.current, latest.current)?.focus();
  }, [editing]);

  return <FrameLayer frame={frame} scope="sampling" layer={layer} View={SamplingView} />;
}
