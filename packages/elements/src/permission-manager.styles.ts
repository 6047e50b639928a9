import { css } from 'lit';

/** The manager panel: two sections, each a toolbar and a table that scrolls sideways when narrow. */
export const permissionManagerStyles = css`
  :host {
    display: block;
    color: var(--_on-surface);
  }
  .panel {
    container-type: inline-size;
    display: grid;
    gap: 24px;
    padding: 16px;
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_on-surface);
    line-height: 1.45;
  }
  section {
    display: grid;
    gap: 12px;
    min-inline-size: 0;
  }
  .section-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 4px 12px;
  }
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  h2:focus {
    outline: none;
  }
  .count,
  .empty,
  .status {
    margin: 0;
    color: var(--_on-surface-variant);
  }
  .status:empty {
    display: none;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 8px 12px;
  }
  .toolbar label {
    font-weight: 600;
  }
  .filter {
    display: grid;
    gap: 4px;
    flex: 1 1 14em;
    min-inline-size: 0;
  }
  /* A long option (pt-BR "Desativado: sem Permitir sempre") must not widen the panel past a phone. */
  .filter > * {
    inline-size: 100%;
    min-inline-size: 0;
  }
  .toolbar > input {
    flex: 1 1 14em;
  }
  input,
  select {
    box-sizing: border-box;
    min-block-size: var(--_target);
    padding: 8px 12px;
    border-radius: 8px;
    border: 1px solid var(--_outline);
    background: var(--_surface);
    color: var(--_on-surface);
    font: inherit;
  }
  .confirm,
  .alert {
    display: grid;
    gap: 8px;
    padding: 12px;
    border-radius: var(--_radius);
    background: var(--_error-container);
    color: var(--_on-error-container);
  }
  .confirm p,
  .alert p {
    margin: 0;
  }
  .confirm-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .scroll {
    overflow-x: auto;
    border: 1px solid var(--_outline-variant);
    border-radius: var(--_radius);
  }
  table {
    inline-size: 100%;
    border-collapse: collapse;
    font-size: 0.9375rem;
  }
  th,
  td {
    padding: 8px 12px;
    text-align: start;
    vertical-align: middle;
    border-block-end: 1px solid var(--_outline-variant);
    overflow-wrap: anywhere;
  }
  th {
    background: var(--_surface-container);
    font-weight: 700;
    white-space: nowrap;
  }
  tbody tr:last-child td {
    border-block-end: none;
  }
  .mono {
    font-family: var(--_mono);
  }
  [data-part='decision'] {
    display: inline-block;
    padding: 2px 10px;
    border-radius: 999px;
    font-weight: 600;
    white-space: nowrap;
  }
  [data-part='decision'][data-tone='allow'] {
    background: var(--_success-container);
    color: var(--_on-success-container);
  }
  [data-part='decision'][data-tone='deny'] {
    background: var(--_error-container);
    color: var(--_on-error-container);
  }
  [data-part='effect'] {
    display: inline-block;
    padding: 2px 10px;
    border-radius: 999px;
    font-weight: 600;
    white-space: nowrap;
    background: var(--_surface-container);
  }
  [data-part='effect'][data-effect='allow'] {
    background: var(--_success-container);
    color: var(--_on-success-container);
  }
  [data-part='effect'][data-effect='deny'] {
    background: var(--_error-container);
    color: var(--_on-error-container);
  }
  .errors {
    margin: 0;
    padding-inline-start: 1.25em;
  }
  .secondary {
    display: block;
    font-size: 0.8125rem;
    color: var(--_on-surface-variant);
  }
  tr[data-expired='true'] td {
    color: var(--_on-surface-variant);
  }
  .actions-cell {
    inline-size: 1%;
    white-space: nowrap;
  }
  /* Narrow panels: each row becomes a card, each cell "Column: value". */
  @container (max-width: 599px) {
    .scroll {
      overflow: visible;
    }
    table,
    tbody,
    tr {
      display: block;
    }
    thead {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tr {
      padding: 8px 12px;
      border-block-end: 1px solid var(--_outline-variant);
    }
    tbody tr:last-child {
      border-block-end: none;
    }
    td,
    tbody tr:last-child td {
      display: grid;
      grid-template-columns: minmax(6em, 35%) minmax(0, 1fr);
      align-items: center;
      gap: 12px;
      padding: 4px 0;
      border: none;
    }
    td::before {
      content: attr(data-label);
      font-weight: 600;
      color: var(--_on-surface-variant);
    }
    td > * {
      justify-self: start;
    }
    /* "Allowed for this session" must fit a phone's card: badges may wrap there. */
    [data-part='decision'],
    [data-part='effect'] {
      white-space: normal;
    }
    td.actions-cell,
    tbody tr:last-child td.actions-cell {
      display: block;
      inline-size: auto;
      padding-block-start: 8px;
    }
  }
`;
