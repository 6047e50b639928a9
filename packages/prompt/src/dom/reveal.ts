/**
 * After a disclosure button opened its panel (`aria-expanded="true"`, `aria-controls`), brings
 * the panel into view inside the sheet's scrolling body: a panel at the end of a long sheet
 * would otherwise open out of sight, and the user would think nothing happened. Waits one frame
 * for the renderer to draw it; does nothing when it closed instead.
 */
export function revealControlled(button: Element | null): void {
  if (!button || typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() => {
    if (button.getAttribute('aria-expanded') !== 'true') return;
    const id = button.getAttribute('aria-controls');
    const root = button.getRootNode() as Document | ShadowRoot;
    const panel = id ? root.getElementById?.(id) : null;
    if (panel && !(panel as HTMLElement).hidden) panel.scrollIntoView({ block: 'nearest' });
  });
}
