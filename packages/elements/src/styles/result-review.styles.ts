import { css } from 'lit';

/** What the result review sheet adds to the sheet frame. */
export const resultReviewStyles = css`
  [part~='intro'] {
    margin: 8px 0 12px;
    overflow-wrap: anywhere;
  }
  .tool-row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin: 4px 0 0;
  }
  .tool {
    overflow-wrap: anywhere;
  }
  .risk {
    font-weight: 600;
  }
  .error {
    margin: 0 0 8px;
    font-weight: 600;
  }
  /* "Result from the server": a heading, in the weight of the other sheets' (roots, forms). */
  .group-label {
    margin: 8px 0 4px;
    font-weight: 600;
  }
  .content {
    display: grid;
    gap: 8px;
    margin: 0 0 12px;
  }
  /* Server text: its own box, kept as written, never markup. */
  .text {
    margin: 0;
    padding: 8px;
    border: 1px solid var(--_outline, currentColor);
    border-radius: 8px;
    max-block-size: 40vh;
    overflow: auto;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-family: var(--_mono, ui-monospace, monospace);
    font-size: 0.875rem;
  }
  /* A block's label, not an answer's. */
  .more,
  .block .label,
  .empty {
    margin: 4px 0 0;
    color: var(--_on-surface-variant);
  }
  [hidden] {
    display: none !important;
  }
`;
