/** The two layouts of spec R1: a bottom sheet on compact widths, a centred modal on expanded ones. */
export type SheetLayout = 'compact' | 'expanded';

/** A layout, or `auto`: by the viewport width and `--mcp-sheet-breakpoint`. */
export type LayoutPreference = SheetLayout | 'auto';

/** @default --mcp-sheet-breakpoint */
export const DEFAULT_BREAKPOINT_PX = 600;

/**
 * The layout for `preference`: a forced one as it is; `auto` compares the viewport
 * width with the breakpoint read at `node` (the default without a node).
 */
export function measureLayout(node: Element | null, preference: LayoutPreference): SheetLayout {
  if (preference !== 'auto') return preference;
  const breakpoint = node ? breakpointPx(node) : DEFAULT_BREAKPOINT_PX;
  return window.innerWidth >= breakpoint ? 'expanded' : 'compact';
}

/**
 * CSS custom properties cannot appear in media queries, so the breakpoint is read from
 * `--mcp-sheet-breakpoint` (px, rem or em) and compared with the viewport width now and
 * on every resize. `apply` gets the result; by default it becomes `node`'s
 * `data-layout` attribute, which the styles key on. Returns the stop function.
 */
export function watchLayout(
  node: HTMLElement,
  preference: () => LayoutPreference,
  apply: (layout: SheetLayout) => void = (layout) => {
    if (node.dataset.layout !== layout) node.dataset.layout = layout;
  },
): () => void {
  const update = () => apply(measureLayout(node, preference()));
  update();
  window.addEventListener('resize', update);
  return () => window.removeEventListener('resize', update);
}

/** `--mcp-sheet-breakpoint` at `node` in px (rem and em against the root font size). */
export function breakpointPx(node: Element): number {
  const raw = getComputedStyle(node).getPropertyValue('--mcp-sheet-breakpoint').trim();
  const value = Number.parseFloat(raw);
  if (!Number.isFinite(value) || value <= 0) return DEFAULT_BREAKPOINT_PX;
  if (/r?em$/.test(raw)) {
    const root = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    return value * (Number.isFinite(root) ? root : 16);
  }
  return value;
}
