/** The two layouts of spec R1: a bottom sheet on compact widths, a centred modal on expanded ones. */
export type SheetLayout = 'compact' | 'expanded';

/** @default --mcp-sheet-breakpoint */
export const DEFAULT_BREAKPOINT_PX = 600;

/**
 * CSS custom properties cannot appear in media queries, so the breakpoint is read from
 * `--mcp-sheet-breakpoint` (px, rem or em) and compared with the viewport width on every
 * resize; the result is the host's `data-layout` attribute, which the styles key on.
 * A `layout` of `compact` or `expanded` skips the measurement.
 */
export function watchLayout(host: HTMLElement, preference: () => SheetLayout | 'auto'): () => void {
  const apply = () => {
    const wanted = preference();
    const layout =
      wanted === 'compact' || wanted === 'expanded'
        ? wanted
        : window.innerWidth >= breakpointPx(host)
          ? 'expanded'
          : 'compact';
    if (host.dataset.layout !== layout) host.dataset.layout = layout;
  };
  apply();
  window.addEventListener('resize', apply);
  return () => window.removeEventListener('resize', apply);
}

function breakpointPx(host: HTMLElement): number {
  const raw = getComputedStyle(host).getPropertyValue('--mcp-sheet-breakpoint').trim();
  const value = Number.parseFloat(raw);
  if (!Number.isFinite(value) || value <= 0) return DEFAULT_BREAKPOINT_PX;
  if (/r?em$/.test(raw)) {
    const root = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    return value * (Number.isFinite(root) ? root : 16);
  }
  return value;
}
