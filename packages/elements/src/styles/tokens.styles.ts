import { css, unsafeCSS } from 'lit';
import { designTokenDeclarations } from '@mcp-consent/prompt/design-tokens';

/**
 * The design tokens of `@mcp-consent/prompt/design-tokens` (shared with the React sheets) on
 * the host. `light-dark()` follows the element's `color-scheme`: `prefers-color-scheme` by
 * default, forced by the `theme="light|dark"` attribute. Set any `--mcp-…` property on the
 * element (or an ancestor) to theme it.
 */
export const tokens = css`
  :host {
    color-scheme: light dark;
    ${unsafeCSS(designTokenDeclarations)}
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
