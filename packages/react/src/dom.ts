import {
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type RefObject,
} from 'react';
import {
  createAnnouncer,
  createInputGate,
  inertOutside,
  onPageVisible,
  trapFocus,
} from '@mcp-consent/prompt/dom';

/**
 * Thin hooks over `@mcp-consent/prompt/dom`, the DOM behaviour the Lit sheets share:
 * client detection, the modal sheet (focus, inert page, input gate), re-arming the
 * input guard when the page becomes visible again, and the delayed live-region
 * announcement. Everything here runs in effects or event handlers only, never during
 * a server render.
 */

const noSubscribe = () => () => {};

/** Keys that belong to the focused control, unless it is one of the sheet's actions. */
export const NAVIGATION_KEYS: ReadonlySet<string> = new Set([
  'Enter',
  ' ',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
]);

/** False on the server and during hydration, true once mounted in a browser. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/** What a sheet's handlers ask of `useModalSheet`. */
export interface ModalSheet {
  /**
   * Records a key that went down inside the sheet; false when its event predates the
   * sheet (typed for something else): such a key never acts.
   */
  acceptKey(event: ReactKeyboardEvent): boolean;
  /** A click without a pointer answers only after a key went down inside the sheet. */
  acceptClick(event: ReactMouseEvent): boolean;
}

/**
 * The modal part of one open sheet (`key` changes per request, `null`: closed), as a
 * native modal dialog has it: focus moves to `initial()` (else the sheet) before paint
 * and is pulled back when it leaves; the rest of the page is inert (outside the sheet's
 * layer); on close the page is live again and focus returns to the opener, unless it
 * was moved elsewhere meanwhile. Handlers gate keys and clicks with the result.
 */
export function useModalSheet(
  root: RefObject<HTMLElement | null>,
  key: string | null,
  initial: () => HTMLElement | null,
): ModalSheet {
  const [sheet] = useState(() => {
    const gate = createInputGate();
    return {
      gate,
      acceptKey: (event: ReactKeyboardEvent) => gate.acceptKey(event.nativeEvent),
      acceptClick: (event: ReactMouseEvent) => gate.acceptClick(event.nativeEvent),
    };
  });
  useLayoutEffect(() => {
    if (key === null) return;
    sheet.gate.open();
    // The trap takes the opener before the page turns inert: inert would blur it.
    const trap = trapFocus(() => root.current, {
      initial: () => initial() ?? root.current,
      contain: true,
    });
    const node = root.current;
    const layer = node?.closest('[data-mcp-layer]') ?? node;
    const release = layer ? inertOutside(layer) : () => {};
    return () => {
      sheet.gate.close();
      release(); // first: the opener must be focusable again
      trap.release();
    };
    // `initial` is read when the sheet opens only.
  }, [key, root, sheet]);
  return sheet;
}

/** Restarts the model's input guard whenever the page becomes visible again (tab switch, unlock). */
export function useRearmOnVisible(model: { rearm(): void } | null): void {
  useEffect(() => (model ? onPageVisible(() => model.rearm()) : undefined), [model]);
}

/**
 * The text for a polite live region: empty when the region first appears, then
 * the announcement a moment later, so screen readers notice the change.
 */
export function useAnnouncement(text: string | null, delayMs?: number): string {
  const [said, setSaid] = useState('');
  useEffect(() => {
    const announcer = createAnnouncer(setSaid, delayMs === undefined ? {} : { delayMs });
    if (text) announcer.announce(text);
    else setSaid('');
    return announcer.cancel;
  }, [text, delayMs]);
  return said;
}
