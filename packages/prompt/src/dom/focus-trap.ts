import { deepActiveElement, deepContains } from './focus.js';

/** Modal focus for one open sheet (see `trapFocus`). */
export interface FocusTrap {
  /** Moves focus to the initial target again (a sheet shown again after a move). */
  focusIn(): void;
  /**
   * Ends the trap and gives focus back to the opener, unless focus was moved somewhere
   * else meanwhile (it is lost only when nothing, or the sheet itself, has it).
   */
  release(): void;
}

export interface FocusTrapOptions {
  /** Where focus goes when the trap starts: the model's default focus. */
  initial: () => HTMLElement | null;
  /**
   * Pull focus back when something outside the sheet takes it. A native modal dialog
   * needs none of this; a sheet drawn in the page does. @default false
   */
  contain?: boolean;
  /** Who gets focus back on release. @default the element focused when the trap starts */
  opener?: HTMLElement | null;
}

/** Open traps, newest last: only the newest pulls focus back, so two sheets never fight. */
const open: object[] = [];

/**
 * Starts modal focus for the sheet at `root()`: remembers the opener, moves focus to
 * `initial()`, optionally keeps it inside (`contain`), and returns it on `release()`.
 * Tab cycling is `cycleTab`, called from the sheet's own key handler.
 */
export function trapFocus(root: () => Element | null, options: FocusTrapOptions): FocusTrap {
  const opener = options.opener === undefined ? deepActiveElement() : options.opener;
  const focusIn = () => options.initial()?.focus();
  const onFocusIn = (event: FocusEvent) => {
    const node = root();
    const target = event.composedPath()[0];
    if (open.at(-1) !== trap || !node || !(target instanceof Node)) return;
    if (!deepContains(node, target)) focusIn();
  };
  let released = false;
  const trap: FocusTrap = {
    focusIn,
    release() {
      if (released) return;
      released = true;
      open.splice(open.indexOf(trap), 1);
      if (options.contain) document.removeEventListener('focusin', onFocusIn);
      const active = deepActiveElement();
      const node = root();
      const lost =
        !active ||
        active === document.body ||
        !active.isConnected ||
        (node !== null && deepContains(node, active));
      if (lost && opener?.isConnected) opener.focus();
    },
  };
  open.push(trap);
  if (options.contain) document.addEventListener('focusin', onFocusIn);
  focusIn();
  return trap;
}
