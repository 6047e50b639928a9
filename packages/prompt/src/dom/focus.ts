/**
 * What Tab can reach, for both web renderers: the candidates of `tabbables`, which then
 * drops the disabled, hidden and `tabindex="-1"` ones.
 */
export const TABBABLE = 'a[href], area[href], button, input, select, textarea, [tabindex]';

/** A key event as both DOM and React hand it out. */
export interface TabKeyEvent {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  preventDefault(): void;
}

/**
 * The elements inside `root` that Tab reaches, in document order, looking through open
 * shadow roots (a shadow tree's tabbables come where its host is). Skips disabled,
 * `tabindex="-1"`, hidden and `visibility: hidden` elements.
 */
export function tabbables(root: ParentNode): HTMLElement[] {
  const found: HTMLElement[] = [];
  collect(root, found);
  return found;
}

function collect(root: ParentNode, into: HTMLElement[]): void {
  if (root instanceof Element && root.shadowRoot) collect(root.shadowRoot, into);
  for (const el of root.querySelectorAll('*')) {
    if (el instanceof HTMLElement && el.matches(TABBABLE) && reachable(el)) into.push(el);
    if (el.shadowRoot) collect(el.shadowRoot, into);
  }
}

function reachable(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || el.matches(':disabled')) return false;
  // checkVisibility also sees `visibility: hidden`; older engines only have the boxes.
  return typeof el.checkVisibility === 'function'
    ? el.checkVisibility({ visibilityProperty: true })
    : el.getClientRects().length > 0;
}

/** The element that has focus, looking through open shadow roots. */
export function deepActiveElement(
  root: DocumentOrShadowRoot | undefined = globalThis.document,
): HTMLElement | null {
  let active = root?.activeElement ?? null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** Whether `node` is `root` or inside it, across shadow boundaries. */
export function deepContains(root: Node, node: Node | null): boolean {
  for (let at = node; at; at = at instanceof ShadowRoot ? at.host : at.parentNode) {
    if (at === root) return true;
  }
  return false;
}

/**
 * Tab and Shift+Tab cycle through the tabbables of `root` and never leave it (focus
 * outside them goes to the first, or with Shift the last). Returns true when it moved
 * focus (and cancelled the browser's own move); false for other keys, modified Tabs and
 * a root with nothing to reach.
 */
export function cycleTab(event: TabKeyEvent, root: ParentNode | null): boolean {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || !root) return false;
  const items = tabbables(root);
  if (items.length === 0) return false;
  event.preventDefault();
  const active = deepActiveElement();
  const at = active ? items.indexOf(active) : -1;
  const next = at < 0 ? (event.shiftKey ? items.length - 1 : 0) : at + (event.shiftKey ? -1 : 1);
  items[(next + items.length) % items.length]!.focus();
  return true;
}
