import { useRef, type ComponentType, type KeyboardEvent, type RefObject } from 'react';
import { cycleTab } from '@mcp-consent/prompt/dom';
import type { SheetViewProps } from './answer-sheet.js';
import { useAnnouncement, useModalSheet, useRearmOnVisible } from './dom.js';
import { useLatest, useModel, useOnAnswered, type ModelSource } from './hooks/use-model.js';
import { SheetLayer, type LayerOptions } from './sheet-layer.js';

/** What a frame needs of a headless model: its view, its changes and its input guard. */
export interface FrameModel<Api> extends ModelSource<Api> {
  rearm(): void;
}

/** What every sheet's view offers its frame. */
export interface FrameApi {
  status: string;
  announcement: string;
  handleKey(input: globalThis.KeyboardEvent): { handled: boolean };
}

/** What differs between the frames of the sheets; the rest is `useSheetFrame`'s. */
export interface SheetFrameOptions<Api extends FrameApi> {
  /** A stable id of the request (the modal sheet opens once per id). */
  id: string;
  /** The control that stands for the model's focus in the open view (`null`: none yet). */
  focusTarget: (root: HTMLElement | null, api: Api) => HTMLElement | null;
  /** Called with the view once, when the user answered (see `useOnAnswered`). */
  onAnswered: (api: Api) => void;
  /**
   * True when a key stays the focused control's (Space on a checkbox, typing in a field):
   * the model never sees it.
   * @default () => false
   */
  keepKey?: (event: KeyboardEvent<HTMLDivElement>) => boolean;
  /**
   * After the model handled a key (its default prevented).
   * @default focuses the model's focus while the sheet is open
   */
  onKeyHandled?: (outcome: ReturnType<Api['handleKey']>, root: HTMLElement | null) => void;
}

/** One sheet's frame: whether it is open, and what its view component takes. */
export interface SheetFrame<Api> {
  open: boolean;
  /** The sheet's root element, once rendered. */
  rootRef: RefObject<HTMLDivElement | null>;
  view: SheetViewProps<Api>;
}

/**
 * The DOM side every sheet shares, as a thin adapter of its headless model: the view,
 * followed; the answer, reported once; the modal sheet (focus on the model's focus, the
 * page inert, the input gate on keys and clicks); re-arming the guard when the page is
 * visible again; the live announcement; and the key handler (gate, Tab cycling inside the
 * sheet, the model's keys, then focus). What differs is passed in `options`.
 */
export function useSheetFrame<Api extends FrameApi>(
  model: FrameModel<Api>,
  options: SheetFrameOptions<Api>,
): SheetFrame<Api> {
  const { id, focusTarget, keepKey, onKeyHandled } = options;
  const api = useModel(model);
  useOnAnswered(model, options.onAnswered);
  const latest = useLatest(api);
  const open = api.status === 'open';
  const rootRef = useRef<HTMLDivElement>(null);
  const sheet = useModalSheet(rootRef, open ? id : null, () =>
    focusTarget(rootRef.current, latest.current),
  );
  useRearmOnVisible(open ? model : null);
  const announcement = useAnnouncement(open ? api.announcement : null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!sheet.acceptKey(event)) return event.preventDefault();
    if (cycleTab(event, rootRef.current) || event.key === 'Tab') return;
    if (keepKey?.(event)) return;
    const outcome = api.handleKey(event.nativeEvent) as ReturnType<Api['handleKey']>;
    if (!outcome.handled) return;
    event.preventDefault();
    if (onKeyHandled) return onKeyHandled(outcome, rootRef.current);
    const now = model.connect();
    if (now.status === 'open') focusTarget(rootRef.current, now)?.focus();
  };

  return {
    open,
    rootRef,
    view: { api, rootRef, onKeyDown, acceptClick: sheet.acceptClick, announcement },
  };
}

/** The open sheet's layer (`scope` names it) with its view in it; nothing while it is closed. */
export function FrameLayer<Api>(view: {
  frame: SheetFrame<Api>;
  scope: string;
  layer: LayerOptions;
  View: ComponentType<SheetViewProps<Api>>;
}) {
  const { frame, View } = view;
  if (!frame.open) return null;
  return (
    <SheetLayer scope={view.scope} {...view.layer}>
      <View {...frame.view} />
    </SheetLayer>
  );
}

/** Whether a key event comes from one of the sheet's actions (its answer buttons). */
export function onAction(event: { target: EventTarget | null }): boolean {
  return event.target instanceof Element && event.target.closest('[data-part="action"]') !== null;
}
