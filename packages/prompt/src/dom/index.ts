/**
 * @mcp-consent/prompt/dom: the web DOM behaviour of a consent sheet, shared by the Lit
 * and React renderers. Framework-free and side-effect free; every function touches the
 * DOM only when called, so the entry loads on a server too.
 */
export {
  ANNOUNCE_DELAY_MS,
  createAnnouncer,
  type Announcer,
  type AnnouncerOptions,
} from './announcer.js';
export {
  TABBABLE,
  cycleTab,
  deepActiveElement,
  deepContains,
  tabbables,
  type TabKeyEvent,
} from './focus.js';
export { trapFocus, type FocusTrap, type FocusTrapOptions } from './focus-trap.js';
export { createInputGate, type InputGate } from './input-gate.js';
export { inertOutside } from './inert.js';
export {
  DEFAULT_BREAKPOINT_PX,
  breakpointPx,
  measureLayout,
  watchLayout,
  type LayoutPreference,
  type SheetLayout,
} from './layout.js';
export { onPageVisible } from './visibility.js';
export { revealControlled } from './reveal.js';
