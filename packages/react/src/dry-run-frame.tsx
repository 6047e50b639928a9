import { useRef, type KeyboardEvent } from 'react';
import type { DryRunAnswer, DryRunModel } from '@mcp-consent/prompt';
import { cycleTab } from '@mcp-consent/prompt/dom';
import { NAVIGATION_KEYS, useAnnouncement, useModalSheet, useRearmOnVisible } from './dom.js';
import { useLatest, useModel, useOnAnswered } from './hooks/use-model.js';
import { DryRunView } from './dry-run-view.js';
import { SheetLayer, type LayerOptions } from './sheet-layer.js';

export interface DryRunFrameProps extends LayerOptions {
  /** The model to show: the presenter's head, or one `<DryRunSheet>` made. */
  model: DryRunModel;
  /** A stable id of the preview (the modal sheet opens once per id). */
  id: string;
  /** The user's answer, once: `approve` means re-issue the call with `__confirm: true`. */
  onAnswered?: (answer: DryRunAnswer) => void;
}

/**
 * One open dry-run preview (seed 001) in the DOM, in the sheet of the permission prompt:
 * the modal sheet with Don't send focused, the input gate, re-arming and the announcement.
 */
export function DryRunFrame({ model, id, onAnswered, ...layer }: DryRunFrameProps) {
  const api = useModel(model);
  useOnAnswered(model, (answered) => answered.answer && onAnswered?.(answered.answer));
  const latest = useLatest(api);
  const open = api.status === 'open';
  const rootRef = useRef<HTMLDivElement>(null);
  const button = (answer: DryRunAnswer | undefined) =>
    rootRef.current?.querySelector<HTMLElement>(`[data-answer="${answer}"]`) ?? null;
  const sheet = useModalSheet(rootRef, open ? id : null, () => button(latest.current.focused));
  useRearmOnVisible(open ? model : null);
  const announcement = useAnnouncement(open ? api.announcement : null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!sheet.acceptKey(event)) return event.preventDefault();
    if (cycleTab(event, rootRef.current) || event.key === 'Tab') return;
    // Enter, Space and arrows belong to the focused control unless it is an action.
    const onAction =
      event.target instanceof Element && event.target.closest('[data-part="action"]') !== null;
    if (!onAction && NAVIGATION_KEYS.has(event.key)) return;
    if (!api.handleKey(event.nativeEvent).handled) return;
    event.preventDefault();
    const now = model.connect();
    if (now.status === 'open') button(now.focused)?.focus();
  };

  if (!open) return null;
  return (
    <SheetLayer scope="dry-run" {...layer}>
      <DryRunView
        api={api}
        rootRef={rootRef}
        onKeyDown={onKeyDown}
        acceptClick={sheet.acceptClick}
        announcement={announcement}
      />
    </SheetLayer>
  );
}
