import { useRef, type KeyboardEvent } from 'react';
import type { RootsFocus, RootsModel, RootsResult } from '@mcp-consent/prompt';
import { cycleTab } from '@mcp-consent/prompt/dom';
import { useAnnouncement, useModalSheet, useRearmOnVisible } from './dom.js';
import { useLatest, useModel, useOnAnswered } from './hooks/use-model.js';
import { RootsView } from './roots-view.js';
import { SheetLayer, type LayerOptions } from './sheet-layer.js';

export interface RootsFrameProps extends LayerOptions {
  /** The model to show: the presenter's head. */
  model: RootsModel;
  /** A stable id of the request (the modal sheet opens once per id). */
  id: string;
  /** The user's answer, once. */
  onAnswered?: (result: RootsResult) => void;
}

/** The control that stands for a focus of the model. */
function focusTarget(root: HTMLElement | null, focus: RootsFocus): HTMLElement | null {
  if (!root) return null;
  if (focus.startsWith('root-'))
    return root.querySelector(`[data-part="checkbox"][data-index="${focus.slice(5)}"]`);
  if (focus.startsWith('grain-'))
    return root.querySelector(`[data-part="grain"][data-grain="${focus.slice(6)}"]`);
  return root.querySelector(`[data-part="action"][data-answer="${focus}"]`);
}

/**
 * One open roots request in the DOM: the modal sheet with Share none focused, the input gate,
 * re-arming and the announcement. Escape shares none from anywhere; a number key ticks its
 * root; Space and arrows on a checkbox or radio stay the browser's.
 */
export function RootsFrame({ model, id, onAnswered, ...layer }: RootsFrameProps) {
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
    const onAction =
      event.target instanceof Element && event.target.closest('[data-part="action"]') !== null;
    const isNumber = /^[1-9]$/.test(event.key);
    if (event.key === ' ' || (!onAction && !isNumber && event.key !== 'Escape')) return;
    if (!api.handleKey(event.nativeEvent).handled) return;
    event.preventDefault();
    const now = model.connect();
    if (now.status === 'open') focusTarget(rootRef.current, now.focused)?.focus();
  };

  if (!open) return null;
  return (
    <SheetLayer scope="roots" {...layer}>
      <RootsView
        api={api}
        rootRef={rootRef}
        onKeyDown={onKeyDown}
        acceptClick={sheet.acceptClick}
        announcement={announcement}
      />
    </SheetLayer>
  );
}
