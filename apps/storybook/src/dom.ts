/** Queries that see into open shadow roots, so one play function drives the Lit and the React sheets. */

type Root = Document | ShadowRoot | Element;

export function deepQueryAll(selector: string, root: Root = document): Element[] {
  const found: Element[] = [...root.querySelectorAll(selector)];
  for (const element of root.querySelectorAll('*'))
    if (element.shadowRoot) found.push(...deepQueryAll(selector, element.shadowRoot));
  return found;
}

export function deepQuery(selector: string, root: Root = document): Element | null {
  return deepQueryAll(selector, root)[0] ?? null;
}

/** The focused element, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Whether `node` is inside `container`, crossing shadow boundaries. */
export function deepContains(container: Element, node: Element | null): boolean {
  let current: Node | null = node;
  while (current) {
    if (current === container) return true;
    current = current instanceof ShadowRoot ? current.host : current.parentNode;
  }
  return false;
}

export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Two frames: what changed has rendered and laid out. */
export const frames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

/** A pointer-like click (detail 1), which the sheets accept without a key first. */
export function press(element: Element | null): void {
  element?.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, detail: 1 }));
}

export const openSheet = (scope: 'permission' | 'elicitation' | 'dry-run') =>
  deepQuery(`[data-scope="${scope}"][data-part="root"][data-state="open"]`);
