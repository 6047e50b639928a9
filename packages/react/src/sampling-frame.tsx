import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { SamplingAnswer, SamplingFocus, SamplingModel } from '@mcp-consent/prompt';
import { cycleTab } from '@mcp-consent/prompt/dom';
import { useAnnouncement, useModalSheet, useRearmOnVisible } from './dom.js';
import { useLatest, useModel, useOnAnswered } from './hooks/use-model.js';
import { SamplingView } from './sampling-view.js';
import { SheetLayer, type LayerOptions } from './sheet-layer.js';

export interface SamplingFrameProps extends LayerOptions {
  /** The model to show: the presenter's head of kind `sampling`. */
  model: SamplingModel;
  /** A stable id of the step (the modal sheet opens once per id). */
  id: string;
  /** The user's answer, once. */
  onAnswered?: (answer: SamplingAnswer) => void;
}

/**
 * One open sampling step (issue 18) in the DOM, in the sheet of the permission prompt: the
 * modal sheet with Deny focused, the input gate, re-arming and the announcement. Keys typed
 * in the edit form are the form's; Escape denies everywhere.
 */
export function SamplingFrame({ model, id, onAnswered, ...layer }: SamplingFrameProps) {
  const api = useModel(model);
  useOnAnswered(model, (answered) => answered.answer && onAnswered?.(answered.answer));
  const latest = useLatest(api);
  const open = api.status === 'open';
  const rootRef = useRef<HTMLDivElement>(null);
  const target = (focus: SamplingFocus) =>
    rootRef.current?.querySelector<HTMLElement>(
      focus.kind === 'action'
        ? `[data-part="action"][data-action="${focus.action}"]`
        : `[data-part="edit-input"][name="${focus.name}"]`,
    ) ?? null;
  const sheet = useModalSheet(rootRef, open ? id : null, () => target(latest.current.focused));
  useRearmOnVisible(open ? model : null);
  const announcement = useAnnouncement(open ? api.announcement : null);
  // Edit opens the form with its first field focused; closing it focuses the answers again
  // (only then: `editing` is the one dependency on purpose).
  const editing = api.edit !== null;
  useEffect(() => {
    if (latest.current.status === 'open') target(latest.current.focused)?.focus();
  }, [editing]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!sheet.acceptKey(event)) return event.preventDefault();
    if (cycleTab(event, rootRef.current) || event.key === 'Tab') return;
    const onAction =
      event.target instanceof Element && event.target.closest('[data-part="action"]') !== null;
    // Typing, Enter, Space and arrows belong to the focused control unless it is an action;
    // Escape denies from anywhere.
    if (!onAction && event.key !== 'Escape') return;
    if (!api.handleKey(event.nativeEvent).handled) return;
    event.preventDefault();
    const now = model.connect();
    if (now.status === 'open') target(now.focused)?.focus();
  };

  if (!open) return null;
  return (
    <SheetLayer scope="sampling" {...layer}>
      <SamplingView
        api={api}
        rootRef={rootRef}
        onKeyDown={onKeyDown}
        acceptClick={sheet.acceptClick}
        announcement={announcement}
      />
    </SheetLayer>
  );
}
