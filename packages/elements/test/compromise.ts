import type { Page } from 'playwright-core';

/**
 * Signs that server text escaped its box, evaluated in the page for the element `tag`:
 * a script that ran (`window.__pwned`), markup that became elements (img, script,
 * iframe, style…) or event-handler attributes in the shadow root, and layout that leaves
 * the viewport or the sheet (a box wider than the dialog, a sideways scroll).
 */
export function findCompromise(page: Page, tag: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    if (window.__pwned !== undefined) problems.push(`script ran: ${String(window.__pwned)}`);
    const host = document.querySelector(selector);
    const root = host?.shadowRoot;
    if (!root) return problems;
    for (const el of root.querySelectorAll('*')) {
      if (['SCRIPT', 'IMG', 'IFRAME', 'STYLE', 'OBJECT', 'EMBED', 'B'].includes(el.tagName)) {
        problems.push(`markup interpreted: <${el.tagName.toLowerCase()}>`);
      }
      for (const attr of el.getAttributeNames()) {
        if (/^on/i.test(attr)) problems.push(`event handler attribute: ${attr}`);
      }
    }
    const frame = root.querySelector('dialog[open]') ?? root.firstElementChild;
    if (!(frame instanceof HTMLElement)) return problems;
    const box = frame.getBoundingClientRect();
    const name = (el: Element) =>
      (el as HTMLElement).dataset?.part ?? (el.getAttribute('class') || el.tagName.toLowerCase());
    const offscreen =
      box.left < -1 || box.top < -1 || box.right > innerWidth + 1 || box.bottom > innerHeight + 1;
    // A dialog must fit the viewport; an inline panel (the manager) may be taller than it.
    if (frame.tagName === 'DIALOG' ? offscreen : box.left < -1 || box.right > innerWidth + 1)
      problems.push(`the sheet leaves the viewport: ${JSON.stringify(box)}`);
    /** Visually hidden content (clipped to nothing) is for screen readers only. */
    const clipped = (el: Element) => {
      for (let a: Element | null = el; a && a !== frame; a = a.parentElement)
        if (getComputedStyle(a).clipPath !== 'none') return true;
      return false;
    };
    for (const el of frame.querySelectorAll('*')) {
      if (el.closest('[data-part="announcer"]') || el.closest('svg') || clipped(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1)
        problems.push(`wider than the sheet: ${name(el)}`);
      const overflowX = getComputedStyle(el).overflowX;
      if (el.scrollWidth > el.clientWidth + 1 && overflowX !== 'visible' && overflowX !== 'clip')
        problems.push(`scrolls sideways: ${name(el)}`);
    }
    return problems;
  }, tag);
}
