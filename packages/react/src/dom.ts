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

/** One open sheet's hold on the page: its focus trap and the inert page (see `useModalSheet`). */
interface Held {
  key: string;
  /** Lets the page go and hands focus back (idempotent). */
  end(): void;
}

/**
 * Holds whose effect was cleaned up, ended on the next microtask unless the same sheet's
 * effect runs again before it: StrictMode's mount, unmount, mount (and a hidden `<Activity>`
 * shown again at once) keep one trap, so focus enters the sheet once and never visits the
 * opener in between (a flicker a screen reader announces).
 */
const ending = new Set<Held>();

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
      held: null as Held | null,
      acceptKey: (event: ReactKeyboardEvent) => gate.acceptKey(event.nativeEvent),
      acceptClick: (event: ReactMouseEvent) => gate.acceptClick(event.nativeEvent),
    };
  });
  useLayoutEffect(() => {
    if (key === null) return;
    sheet.gate.open();
    let held = sheet.held;
    if (!held || held.key !== key || !ending.delete(held)) {
      // A sheet closed in this commit lets go first: the opener is this one's too.
      for (const closed of ending) closed.end();
      // The trap takes the opener before the page turns inert: inert would blur it.
      const trap = trapFocus(() => root.current, {
        initial: () => initial() ?? root.current,
        contain: true,
      });
      const node = root.current;
      const layer = node?.closest('[data-mcp-layer]') ?? node;
      const release = layer ? inertOutside(layer) : () => {};
      const mine: Held = {
        key,
        end() {
          ending.delete(mine);
          if (sheet.held === mine) sheet.held = null;
          release(); // first: the opener must be focusable again
          trap.release();
        },
      };
      held = sheet.held = mine;
    }
    const kept = held;
    return () => {
      sheet.gate.close();
      ending.add(kept);
      queueMicrotask(() => {
        if (ending.has(kept)) kept.end();
      });
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
