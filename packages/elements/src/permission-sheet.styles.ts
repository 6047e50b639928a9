import { css } from 'lit';

/** The permission sheet's own layout; colours come from the tokens, tiers from `data-color-role`. */
export const permissionSheetStyles = css`
  :host {
    display: contents;
  }
  .queue {
    flex: none;
    margin-block-start: 12px;
    padding: 2px 10px;
    border-radius: 999px;
    background: var(--_surface-container);
    color: var(--_on-surface);
    font-size: 0.875rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  /* Header and body scroll as one: a long page never leaves a slit for the body. */
  .scroll {
    flex: 1 1 auto;
    min-block-size: 0;
    overflow: auto;
    overscroll-behavior: contain;
  }
  .scroll > .body {
    overflow: visible;
    padding-block-start: 0;
  }
  .head {
    padding-block: 8px 6px;
    gap: 6px;
  }
  .title-row h2 {
    font-size: 1.125rem;
  }
  .head .risk-badge {
    justify-self: start;
  }
  .summary {
    margin: 2px 0 8px;
    font-size: 1.0625rem;
    font-weight: 600;
    line-height: 1.35;
    overflow-wrap: anywhere;
  }
  .from-server {
    margin-block: 12px 4px;
    padding: 8px 12px 4px;
    border: 1px solid var(--_outline-variant);
    border-inline-start: 4px solid var(--_outline);
    border-radius: 12px;
    display: grid;
    gap: 6px;
    justify-items: start;
  }
  .from-server > * {
    max-inline-size: 100%;
  }
  .from-server-heading {
    margin: 0;
    color: var(--_on-surface-variant);
    font-size: 0.8125rem;
    font-weight: 700;
    letter-spacing: 0.02em;
  }
  .tool {
    display: flex;
    align-items: center;
    gap: 10px;
    min-inline-size: 0;
  }
  .tool-icon {
    flex: none;
    display: grid;
    place-items: center;
    inline-size: 32px;
    block-size: 32px;
    border-radius: 8px;
    background: var(--_surface-container);
    color: var(--_on-surface-variant);
  }
  .tool-icon svg,
  .tool-icon img {
    inline-size: 20px;
    block-size: 20px;
  }
  .tool-text {
    min-inline-size: 0;
  }
  .tool-name {
    font-family: var(--_mono);
    font-size: 0.9375rem;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .tool-title {
    color: var(--_on-surface-variant);
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
  .tool-title:empty {
    display: none;
  }
  .risk-badge {
    display: inline-flex;
    align-items: center;
    padding: 4px 12px;
    border-radius: 999px;
    font-size: 0.875rem;
    font-weight: 700;
  }
  [data-color-role='success-container'] {
    background: var(--_success-container);
    color: var(--_on-success-container);
  }
  [data-color-role='warning-container'] {
    background: var(--_warning-container);
    color: var(--_on-warning-container);
  }
  [data-color-role='error-container'] {
    background: var(--_error-container);
    color: var(--_on-error-container);
  }
  /* The server's own line breaks kept, the template's whitespace around them not. */
  .description {
    margin: 0;
    overflow-wrap: anywhere;
    font-size: 0.9375rem;
  }
  .description > .text {
    white-space: pre-line;
  }
  .description:has(> .text:empty),
  .toggle:empty {
    display: none;
  }
  .why {
    margin-block: 8px 0;
    font-size: 0.9375rem;
  }
  .risk-heading,
  .effects-heading,
  .args-heading {
    margin: 8px 0 2px;
    font-weight: 700;
  }
  .args-heading {
    margin-block-start: 0;
  }
  .change {
    display: grid;
    gap: 4px;
    justify-items: start;
    inline-size: 100%;
    padding-block-start: 6px;
    border-block-start: 1px solid var(--_outline-variant);
  }
  .change-heading {
    margin: 0;
    font-weight: 700;
    color: var(--_caution);
  }
  .change-summary,
  .change-label {
    margin: 0;
    font-size: 0.875rem;
  }
  .change-label {
    font-weight: 600;
  }
  .change-part {
    inline-size: 100%;
  }
  .diff {
    margin: 2px 0 6px;
    padding: 6px 8px;
    border-radius: 8px;
    background: var(--_surface-container);
    font-family: var(--_mono);
    font-size: 0.8125rem;
    overflow-wrap: anywhere;
  }
  .diff > .text {
    white-space: pre-wrap;
  }
  .sr-only {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .diff ins {
    text-decoration: underline;
    text-decoration-thickness: 2px;
    background: var(--_success-container);
    color: var(--_on-success-container);
  }
  .diff del {
    text-decoration: line-through;
    background: var(--_error-container);
    color: var(--_on-error-container);
  }
  ul {
    margin: 0;
    padding-inline-start: 0;
    list-style: none;
  }
  li {
    position: relative;
    padding-inline-start: 20px;
    margin-block: 0;
    overflow-wrap: anywhere;
  }
  li::before {
    content: '';
    position: absolute;
    inset-inline-start: 4px;
    inset-block-start: 0.55em;
    inline-size: 7px;
    block-size: 7px;
    border-radius: 50%;
    background: var(--_on-surface-variant);
  }
  li[data-tone='caution']::before {
    inset-block-start: 0.45em;
    inline-size: 10px;
    block-size: 9px;
    inset-inline-start: 3px;
    border-radius: 0;
    clip-path: polygon(50% 0, 100% 100%, 0 100%);
    background: var(--_caution);
  }
  [part~='effect-source'] {
    display: block;
    line-height: 1.3;
    color: var(--_on-surface-variant);
    font-size: 0.8125rem;
  }
  li[data-source='declared'] [part~='effect-source'] {
    display: none;
  }
  pre {
    box-sizing: border-box;
    margin: 0;
    max-block-size: 16em;
    overflow: auto;
    padding: 10px 12px;
    border-radius: 8px;
    background: var(--_surface-container);
    color: var(--_on-surface);
    font-family: var(--_mono);
    font-size: 0.8125rem;
    line-height: 1.5;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  [data-expanded='true'] pre {
    max-block-size: 40em;
  }
  .args-more,
  [part~='args-redacted'] {
    margin: 4px 0 0;
    color: var(--_on-surface-variant);
    font-size: 0.875rem;
  }
  /* Quiet text buttons; 12 px at the sides puts the label in line with the text inside the
     boxes around it (the arguments, "From the server"), as in React. */
  button.toggle {
    margin-block-start: 2px;
    border-color: transparent;
    background: transparent;
    color: var(--_primary);
    padding-inline: 12px;
  }
  .actions {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 8px;
  }
  [part~='action'] {
    padding-inline: 8px;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: center;
    gap: 2px 8px;
    inline-size: 100%;
  }
  [part~='action'] .line {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  [part~='action-shortcut'] {
    display: inline-grid;
    place-items: center;
    min-inline-size: 1.4em;
    padding: 0 4px;
    border-radius: 4px;
    border: 1px solid currentColor;
    font-size: 0.75rem;
    font-variant-numeric: tabular-nums;
  }
  /* Touch screens have no number keys. */
  @media (hover: none) and (pointer: coarse) {
    [part~='action-shortcut'] {
      display: none;
    }
  }
  [part~='action-detail'] {
    flex-basis: 100%;
    font-size: 0.8125rem;
    font-weight: 400;
  }
  [part~='action-reason'] {
    margin: 0;
    padding: 8px 12px;
    border-radius: 8px;
    background: var(--_surface-container);
    color: var(--_on-surface);
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
  .checking {
    position: fixed;
    inset-block-end: 24px;
    inset-inline: 0;
    margin-inline: auto;
    inline-size: max-content;
    max-inline-size: calc(100vw - 32px);
    box-sizing: border-box;
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 10px 18px;
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_on-surface);
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.25);
    font-size: 0.9375rem;
    z-index: 2147483647;
  }
  .spinner {
    inline-size: 16px;
    block-size: 16px;
    border-radius: 50%;
    border: 2px solid var(--_outline-variant);
    border-block-start-color: var(--_primary);
    animation: mcp-spin 0.9s linear infinite;
  }
  @keyframes mcp-spin {
    to {
      rotate: 1turn;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }
`;

/**
 * "How long, and a note" (issue 17): a quiet toggle at the end of the body and its panel (two
 * selects, their exact-arguments boxes and the deny note), in the form field styles.
 */
export const grainStyles = css`
  .grains-toggle {
    justify-self: start;
    min-block-size: var(--_target);
  }
  .grains {
    display: grid;
    gap: 12px;
    padding: 12px;
    border-radius: 12px;
    background: var(--_surface-container);
  }
  .grains[hidden] {
    display: none;
  }
  /* The note's box is the form fields' (formFieldStyles); only its resize is its own. */
  .grains textarea {
    resize: vertical;
  }
  .grains .check-row[hidden] {
    display: none;
  }
`;
