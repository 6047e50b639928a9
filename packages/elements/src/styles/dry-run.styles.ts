import { css } from 'lit';

/** What the dry-run preview adds to the permission sheet's layout. */
export const dryRunStyles = css`
  [part~='step'] {
    margin: 0 0 4px;
    color: var(--_on-surface-variant);
    font-size: 0.8125rem;
    font-weight: 600;
    letter-spacing: 0.02em;
  }
  [part~='intro'] {
    margin: 8px 0;
    overflow-wrap: anywhere;
  }
  pre[data-expanded='true'] {
    max-block-size: 40em;
  }
  /* The server's own words: the permission sheet's "From the server" box (.from-server). */
  [part~='from-server'][hidden] {
    display: none;
  }
  [part~='hint-label'] {
    margin: 2px 0 6px;
    color: var(--_on-surface-variant);
    font-size: 0.8125rem;
  }
  [part~='hint'] {
    margin: 0;
    padding-inline-start: 10px;
    border-inline-start: 3px solid var(--_outline);
    overflow-wrap: anywhere;
  }
  [part~='hint'] p {
    margin: 0;
    white-space: pre-line;
  }
  [part~='operator-notice'] {
    margin: 12px 0 0;
    color: var(--_on-surface-variant);
    font-size: 0.875rem;
  }
  /* Don't send is the default and looks it; Send for real stays an outlined button. */
  button[data-scope='dry-run'][data-default='true'],
  button[data-scope='dry-run'][data-default='true']:hover {
    background: var(--_primary);
    border-color: var(--_primary);
    color: var(--_on-primary);
  }
`;
