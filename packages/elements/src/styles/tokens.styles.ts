import { css } from 'lit';

/**
 * Design tokens as CSS custom properties, with light and dark defaults. `light-dark()`
 * follows the element's `color-scheme`: `prefers-color-scheme` by default, forced by the
 * `theme="light|dark"` attribute. Set any token on the element (or an ancestor) to theme it.
 * The colour roles of spec R2 are `--mcp-{success,warning,error}-container` with their
 * `--mcp-on-…` text colours; every default pair passes WCAG AA.
 */
export const tokens = css`
  :host {
    color-scheme: light dark;
    --_surface: var(--mcp-surface, light-dark(#ffffff, #1d1e22));
    --_on-surface: var(--mcp-on-surface, light-dark(#1b1c1f, #e4e2e6));
    --_on-surface-variant: var(--mcp-on-surface-variant, light-dark(#44474e, #c4c6d0));
    --_surface-container: var(--mcp-surface-container, light-dark(#eef1f7, #2b2d33));
    --_outline: var(--mcp-outline, light-dark(#74777f, #8e9099));
    --_outline-variant: var(--mcp-outline-variant, light-dark(#c4c6d0, #44474e));
    --_primary: var(--mcp-primary, light-dark(#0b57d0, #a8c7fa));
    --_on-primary: var(--mcp-on-primary, light-dark(#ffffff, #062e6f));
    --_success-container: var(--mcp-success-container, light-dark(#c4eed0, #0f5223));
    --_on-success-container: var(--mcp-on-success-container, light-dark(#072711, #c4eed0));
    --_warning-container: var(--mcp-warning-container, light-dark(#ffe08a, #5a4300));
    --_on-warning-container: var(--mcp-on-warning-container, light-dark(#261a00, #ffe08a));
    --_error-container: var(--mcp-error-container, light-dark(#ffdad6, #8c1d18));
    --_on-error-container: var(--mcp-on-error-container, light-dark(#410002, #ffdad6));
    --_caution: var(--mcp-caution, light-dark(#8c1d18, #ffb4ab));
    --_focus-ring: var(--mcp-focus-ring, light-dark(#0b57d0, #a8c7fa));
    --_scrim: var(--mcp-scrim, light-dark(rgb(0 0 0 / 0.45), rgb(0 0 0 / 0.65)));
    --_radius: var(--mcp-radius, 12px);
    --_sheet-radius: var(--mcp-sheet-radius, 20px);
    --_target: var(--mcp-target-size, 48px);
    --_font: var(--mcp-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_mono: var(--mcp-mono-font-family, ui-monospace, 'SF Mono', Menlo, Consolas, monospace);
    font-family: var(--_font);
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
  [hidden] {
    display: none !important;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
  :focus-visible {
    outline: 3px solid var(--_focus-ring);
    outline-offset: 2px;
  }
`;

/** Buttons: at least 48 × 48 px, primary (filled) or neutral (outlined). */
export const buttons = css`
  button {
    box-sizing: border-box;
    min-block-size: var(--_target);
    min-inline-size: var(--_target);
    padding: 8px 16px;
    border-radius: var(--_radius);
    border: 1px solid var(--_outline);
    background: var(--_surface);
    color: var(--_on-surface);
    font: inherit;
    font-weight: 600;
    line-height: 1.25;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  button:hover {
    background: var(--_surface-container);
  }
  button[data-emphasis='primary'],
  button[data-emphasis='primary']:hover {
    background: var(--_primary);
    border-color: var(--_primary);
    color: var(--_on-primary);
  }
  button[aria-disabled='true'],
  button[aria-disabled='true']:hover {
    background: var(--_surface);
    border-style: dashed;
    color: var(--_on-surface-variant);
    cursor: not-allowed;
  }
`;
