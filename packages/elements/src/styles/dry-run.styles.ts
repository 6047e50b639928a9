import { css } from 'lit';

/** What the dry-run preview adds to the permission sheet's layout. */
export const dryRunStyles = css`
  [part~='intro'] {
    margin: 8px 0;
    overflow-wrap: anywhere;
  }
  pre[data-expanded='true'] {
    max-block-size: 40em;
  }
  [part~='hint'] {
    margin: 0;
    padding: 8px 12px;
    border-radius: 8px;
    border-inline-start: 4px solid var(--_outline);
    background: var(--_surface-container);
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  [part~='operator-notice'] {
    margin: 12px 0 0;
    color: var(--_on-surface-variant);
    font-size: 0.875rem;
  }
  /* Don't run is the default and looks it; Run it for real stays an outlined button. */
  button[data-scope='dry-run'][data-default='true'],
  button[data-scope='dry-run'][data-default='true']:hover {
    background: var(--_primary);
    border-color: var(--_primary);
    color: var(--_on-primary);
  }
`;
