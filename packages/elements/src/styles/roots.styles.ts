import { css } from 'lit';

/** What the roots sheet adds to the sheet frame and the form controls. */
export const rootsStyles = css`
  [part~='intro'] {
    margin: 8px 0 12px;
    overflow-wrap: anywhere;
  }
  .list,
  .grains {
    display: grid;
    gap: 4px;
    margin: 0 0 12px;
  }
  .group-label {
    margin: 8px 0 4px;
  }
  /* Each root is one 48 px row: the whole row ticks its checkbox. */
  .root-row {
    padding-block: 4px;
  }
  .number {
    flex: none;
    min-inline-size: 1.5em;
    color: var(--_on-surface-variant);
    font-variant-numeric: tabular-nums;
  }
  .texts {
    display: grid;
    min-inline-size: 0;
  }
  .name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .uri {
    color: var(--_on-surface-variant);
    font-size: 0.875rem;
    font-family: var(--_mono, ui-monospace, monospace);
    overflow-wrap: anywhere;
  }
  .count,
  .empty {
    margin: 0 0 8px;
    color: var(--_on-surface-variant);
  }
  [hidden] {
    display: none !important;
  }
`;
