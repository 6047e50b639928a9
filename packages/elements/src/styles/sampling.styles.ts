import { css } from 'lit';

/** What a sampling step (issue 18) adds to the permission sheet's layout. */
export const samplingStyles = css`
  [data-scope='sampling'] .section-heading,
  [data-scope='sampling'] .role {
    margin: 8px 0 2px;
    font-weight: 600;
  }
  /* The server's messages and the model's reply: quoted, apart from the kit's copy. */
  .quoted {
    margin: 4px 0;
    padding-inline-start: 10px;
    border-inline-start: 3px solid var(--_outline);
  }
  .block-text {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  [part~='edit-input'] {
    inline-size: 100%;
    font: inherit;
  }
  [part~='edit-error'] {
    margin: 0;
    color: var(--_error, #b3261e);
  }
`;
