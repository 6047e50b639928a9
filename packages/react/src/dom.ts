import {
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';

/**
 * DOM helpers of the web sheets: client detection, modal focus (move in, trap,
 * restore), re-arming the input guard when the page becomes visible again, and
 * the delayed live-region announcement. Everything here runs in effects or
 * event handlers only, never during a server render.
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

const TABBABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements inside `root` that Tab reaches, in order, skipping hidden ones. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
}

/** Keeps Tab and Shift+Tab inside `root`, wrapping at both ends. Returns true when it moved focus. */
export function trapTab(event: ReactKeyboardEvent, root: HTMLElement | null): boolean {
  if (event.key !== 'Tab' || !root) return false;
  const items = tabbables(root);
  if (items.length === 0) return false;
  const index = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  let next: HTMLElement | undefined;
  if (index < 0) next = event.shiftKey ? items[last] : items[0];
  else if (event.shiftKey && index === 0) next = items[last];
  else if (!event.shiftKey && index === last) next = items[0];
  if (!next) return false;
  event.preventDefault();
  next.focus();
  return true;
}

/**
 * Modal focus for one open sheet (`key` changes per request): remembers what had
 * focus, moves focus to `initial()` before paint, pulls focus back when it
 * leaves the sheet, and returns it to the opener when the sheet closes (if
 * focus was not moved elsewhere meanwhile). Returns the time it opened, so
 * handlers can ignore key events queued before it.
 */
export function useModalFocus(
  root: RefObject<HTMLElement | null>,
  key: string | null,
  initial: () => HTMLElement | null,
): RefObject<number> {
  const [openedAt] = useState<{ current: number }>(() => ({ current: Infinity }));
  useLayoutEffect(() => {
    if (key === null) return;
    openedAt.current = performance.now();
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const into = () => (initial() ?? root.current)?.focus();
    into();
    const onFocusIn = (event: FocusEvent) => {
      const node = root.current;
      if (node && event.target instanceof Node && !node.contains(event.target)) into();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      openedAt.current = Infinity;
      const active = document.activeElement;
      const lost =
        !active ||
        active === document.body ||
        !active.isConnected ||
        (root.current?.contains(active) ?? false);
      if (lost && opener?.isConnected) opener.focus();
    };
    // `initial` is read when the sheet opens only.
  }, [key, root, openedAt]);
  return openedAt;
}

/** Restarts the model's input guard whenever the page becomes visible again (tab switch, unlock). */
export function useRearmOnVisible(model: { rearm(): void } | null): void {
  useEffect(() => {
    if (!model) return;
    const onChange = () => {
      if (document.visibilityState === 'visible') model.rearm();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [model]);
}

/**
 * The text for a polite live region: empty when the region first appears, then
 * the announcement a moment later, so screen readers notice the change.
 */
export function useAnnouncement(text: string | null, delayMs = 150): string {
  const [said, setSaid] = useState('');
  useEffect(() => {
    setSaid('');
    if (!text) return;
    const timer = setTimeout(() => setSaid(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return said;
}

/** True when a key event was queued before the sheet opened (typed for something else). */
export function typedBeforeOpen(event: ReactKeyboardEvent, openedAt: RefObject<number>): boolean {
  return event.nativeEvent.timeStamp < openedAt.current;
}
