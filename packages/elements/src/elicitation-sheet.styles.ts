import { css } from 'lit';

/**
 * The form field controls (label, input, select, checkbox row, description, error), shared by
 * the elicitation sheet and the permission sheet's "Edit arguments" panel (issue 17).
 */
export const formFieldStyles = css`
  .field {
    display: grid;
    gap: 4px;
  }
  .field label,
  .group-label {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  /* A group's options are answers under its bold label, in the text's weight (as React's and
     the roots sheet's "Remember" options). */
  .field [part~='field-option'] {
    font-weight: 400;
  }
  [part~='field-required'] {
    font-weight: 400;
    color: var(--_on-surface-variant);
    font-size: 0.875rem;
  }
  input:not([type='checkbox'], [type='radio']),
  select,
  textarea {
    box-sizing: border-box;
    inline-size: 100%;
    min-block-size: var(--_target);
    padding: 8px 12px;
    border-radius: 8px;
    border: 1px solid var(--_outline);
    background: var(--_surface);
    color: var(--_on-surface);
    font: inherit;
  }
  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border: 2px solid var(--_caution);
  }
  .check-row {
    display: flex;
    align-items: center;
    gap: 12px;
    min-block-size: var(--_target);
    cursor: pointer;
  }
  /* 24 × 24 px at least (WCAG 2.2 target size), never squeezed by a long label beside it. */
  input:is([type='checkbox'], [type='radio']) {
    flex: none;
    inline-size: 24px;
    block-size: 24px;
    margin: 0;
    accent-color: var(--_primary);
  }
  .field-description {
    margin: 0;
    color: var(--_on-surface-variant);
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
  /* The elicitation form's summary and URL errors look like a field's: one rule for all three. */
  [part~='field-error'],
  [part~='error-summary'],
  [part~='url-error'] {
    margin: 0;
    padding: 6px 10px;
    border-radius: 8px;
    background: var(--_error-container);
    color: var(--_on-error-container);
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
`;

/** The elicitation sheet's own layout: the message, form fields and the URL with its host. */
export const elicitationSheetStyles = css`
  ${formFieldStyles}
  :host {
    display: contents;
  }
  .label {
    margin: 12px 0 4px;
    font-weight: 700;
  }
  .message {
    margin: 0 0 8px;
    padding: 10px 12px;
    border-radius: 8px;
    background: var(--_surface-container);
    overflow-wrap: anywhere;
  }
  [part~='message-block'] {
    margin: 0 0 6px;
  }
  [part~='message-block']:last-child {
    margin-block-end: 0;
  }
  [part~='message-block'][data-kind='item'] {
    padding-inline-start: 1.25em;
    text-indent: -1.25em;
  }
  [part~='message-run'] {
    white-space: pre-line;
  }
  [part~='message-run'][data-kind='code'],
  [part~='message-block'][data-kind='code'] [part~='message-run'] {
    font-family: var(--_mono);
    font-size: 0.875em;
    padding: 0 3px;
    border-radius: 4px;
    background: var(--_surface);
  }
  [part~='message-block'][data-kind='code'] [part~='message-run'] {
    display: block;
    padding: 6px 8px;
    white-space: pre-wrap;
  }
  form {
    display: grid;
    gap: 12px;
    margin-block: 8px;
  }
  .url {
    display: flex;
    gap: 8px;
    margin: 0;
    padding: 10px 12px;
    border-radius: 8px;
    border: 1px solid var(--_outline-variant);
    font-family: var(--_mono);
    font-size: 0.875rem;
  }
  .url-icon svg {
    inline-size: 18px;
    block-size: 18px;
  }
  .url-text {
    min-inline-size: 0;
    overflow-wrap: anywhere;
    color: var(--_on-surface-variant);
  }
  mark {
    padding: 0 2px;
    border-radius: 3px;
    background: var(--_highlight);
    color: var(--_on-highlight);
    font-weight: 700;
  }
  .site {
    margin: 6px 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  [part~='url-warning'] {
    margin: 6px 0;
    padding: 8px 12px;
    border-radius: 8px;
    background: var(--_warning-container);
    color: var(--_on-warning-container);
    overflow-wrap: anywhere;
  }
  .url-notice {
    margin: 6px 0;
    color: var(--_on-surface-variant);
    font-size: 0.875rem;
  }
  /* One layout in every renderer: Not now, Decline, then the primary Accept; one row when
     wide, stacked on a phone (the bottom sheet), primary last. */
  .actions {
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: 1fr;
    gap: 8px;
  }
  :host(:not([data-layout='expanded'])) .actions {
    grid-auto-flow: row;
  }
  .actions button {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
  }
  [part~='action-detail'] {
    font-size: 0.75rem;
    font-weight: 500;
  }
  button[data-tone='danger'],
  button[data-tone='danger']:hover {
    background: var(--_caution);
    border-color: var(--_caution);
    color: var(--_surface);
  }
`;
