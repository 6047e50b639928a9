import { useRef, type KeyboardEvent } from 'react';
import type { Choice } from '@mcp-consent/engine';
import type { PermissionModel } from '@mcp-consent/prompt';
import { cycleTab } from '@mcp-consent/prompt/dom';
import { NAVIGATION_KEYS, useAnnouncement, useModalSheet, useRearmOnVisible } from './dom.js';
import { useModel, useOnAnswered } from './hooks/use-model.js';
import { PermissionView } from './permission-view.js';
import { SheetLayer, type LayerOptions } from './sheet-layer.js';

export interface PermissionFrameProps extends LayerOptions {
  /** The model to show: the presenter's head, or one a controlled sheet made. */
  model: PermissionModel;
  /** The user's answer, once, inside the click or key press that gave it. */
  onAnswered?: (choice: Choice) => void;
}

/**
 * One open permission prompt in the DOM: the modal sheet (focus on the model's default
 * action, Tab trapped, the page inert), the input gate on keys and clicks, re-arming the
 * guard when the page is visible again, and the live announcement. Client only. The model
 * decides everything; this forwards events to it.
 */
export function PermissionFrame({ model, onAnswered, ...layer }: PermissionFrameProps) {
  const api = useModel(model);
  useOnAnswered(model, (answered) => answered.answer && onAnswered?.(answered.answer));
  const open = api.status === 'open';
  const rootRef = useRef<HTMLDivElement>(null);
  const sheet = useModalSheet(
    rootRef,
    open ? model.requestId : null,
    () => rootRef.current?.querySelector<HTMLElement>(`[data-choice="${api.focused}"]`) ?? null,
  );
  useRearmOnVisible(open ? model : null);
  const announcement = useAnnouncement(open ? api.announcement : null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!sheet.acceptKey(event)) return event.preventDefault();
    if (cycleTab(event, rootRef.current) || event.key === 'Tab') return;
    // Enter, Space and arrows belong to the focused control unless it is an action.
    const onAction =
      event.target instanceof Element && event.target.closest('[data-part="action"]') !== null;
    if (!onAction && NAVIGATION_KEYS.has(event.key)) return;
    const outcome = api.handleKey(event.nativeEvent);
    if (!outcome.handled) return;
    event.preventDefault();
    if (outcome.intent === 'focus') {
      rootRef.current?.querySelector<HTMLElement>(`[data-choice="${outcome.focused}"]`)?.focus();
    }
  };

  if (!open) return null;
  return (
    <SheetLayer scope="permission" {...layer}>
      <PermissionView
        api={api}
        rootRef={rootRef}
        onKeyDown={onKeyDown}
        acceptClick={sheet.acceptClick}
        announcement={announcement}
      />
    </SheetLayer>
  );
}
