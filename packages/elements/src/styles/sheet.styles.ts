import { css } from 'lit';

/**
 * The modal frame: a bottom sheet on compact widths that slides up, a centred modal on
 * expanded widths that fades in, neither moving with `prefers-reduced-motion`. The
 * header and the actions stay in view; only the body scrolls.
 */
export const sheetFrame = css`
  dialog {
    box-sizing: border-box;
    padding: 0;
    border: none;
    background: var(--_surface);
    color: var(--_on-surface);
    font-size: 1rem;
    line-height: 1.45;
    overflow: hidden;
    max-inline-size: none;
    max-block-size: none;
  }
  dialog[open] {
    display: flex;
    flex-direction: column;
  }
  dialog::backdrop {
    background: var(--_scrim);
  }
  :host(:not([data-layout='expanded'])) dialog {
    inset-block: auto 0;
    inset-inline: 0;
    margin: 0;
    inline-size: 100%;
    max-block-size: min(92dvh, calc(100dvh - 16px));
    border-start-start-radius: var(--_sheet-radius);
    border-start-end-radius: var(--_sheet-radius);
    box-shadow: 0 -4px 24px rgb(0 0 0 / 0.25);
    animation: mcp-slide-up 240ms cubic-bezier(0.2, 0, 0, 1);
  }
  :host([data-layout='expanded']) dialog {
    margin: auto;
    inline-size: min(var(--mcp-sheet-max-width, 560px), calc(100vw - 48px));
    max-block-size: min(calc(100dvh - 48px), 820px);
    border-radius: var(--_sheet-radius);
    box-shadow: 0 12px 48px rgb(0 0 0 / 0.35);
    animation: mcp-fade-in 180ms ease-out;
  }
  dialog[open]::backdrop {
    animation: mcp-fade-in 180ms ease-out;
  }
  @keyframes mcp-slide-up {
    from {
      transform: translateY(100%);
    }
  }
  @keyframes mcp-fade-in {
    from {
      opacity: 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    dialog,
    dialog::backdrop,
    :host([data-layout='expanded']) dialog,
    :host(:not([data-layout='expanded'])) dialog {
      animation: none;
    }
  }
  .handle {
    align-self: center;
    inline-size: 36px;
    block-size: 4px;
    margin-block-start: 8px;
    border-radius: 2px;
    background: var(--_outline);
  }
  :host([data-layout='expanded']) .handle {
    display: none;
  }
  .head {
    padding: 12px 20px 8px;
    display: grid;
    gap: 8px;
  }
  .title-row {
    display: flex;
    align-items: flex-start;
    gap: 8px;
  }
  .title-row h2 {
    flex: 1;
    margin: 0;
    padding-block-start: 10px;
    font-size: 1.25rem;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
  .body {
    flex: 1 1 auto;
    min-block-size: 0;
    overflow: auto;
    overscroll-behavior: contain;
    padding: 4px 20px 12px;
  }
  .foot {
    padding: 12px 20px max(16px, env(safe-area-inset-bottom));
    border-block-start: 1px solid var(--_outline-variant);
    display: grid;
    gap: 8px;
  }
  button.close {
    flex: none;
    display: inline-grid;
    place-items: center;
    padding: 0;
    border-color: transparent;
    background: transparent;
  }
  button.close svg {
    inline-size: 24px;
    block-size: 24px;
  }
  .server-chip {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    max-inline-size: 100%;
    padding: 4px 10px;
    border-radius: 16px;
    border: 1px solid var(--_outline-variant);
    background: var(--_surface-container);
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
  /* Server text in its own direction, aligned with the sheet's. */
  dialog[dir='rtl'] [dir='auto'] {
    text-align: right;
  }
  dialog[dir='ltr'] [dir='auto'] {
    text-align: left;
  }
  [part~='trust'] {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    color: var(--_on-surface-variant);
    font-weight: 600;
  }
  [part~='trust'] svg {
    inline-size: 16px;
    block-size: 16px;
    flex: none;
  }
  [part~='trust'][data-trusted='true'] .untrusted-icon,
  [part~='trust'][data-trusted='false'] .trusted-icon {
    display: none;
  }
  [part~='notice'],
  [part~='guard'] {
    margin: 8px 0;
    padding: 8px 12px;
    border-radius: 8px;
    background: var(--_surface-container);
    border-inline-start: 4px solid var(--_outline);
    overflow-wrap: anywhere;
  }
  [part~='guard'] {
    margin: 0;
    font-size: 0.875rem;
  }
  /* The guard line keeps its place so the buttons never move under a pointer: the key hint's
     place, in every sheet (the roots and review sheets had it under the hint, a blank band that
     lifted their answers). */
  [part~='guard'][hidden] {
    display: block !important;
    visibility: hidden;
  }
  .status-line {
    display: grid;
  }
  .status-line > * {
    grid-area: 1 / 1;
  }
  [part~='key-hint'] {
    margin: 0;
    font-size: 0.8125rem;
    color: var(--_on-surface-variant);
  }
  @media (hover: none) and (pointer: coarse) {
    [part~='key-hint'] {
      display: none;
    }
  }
  [part~='announcer'] {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  /* A short, wide screen (a phone on its side, 844 x 390): the answers in a column beside the
     content instead of under it, so the content keeps the sheet's height (it had 165 px of 342)
     and every answer stays in view; the foot scrolls on its own if it must. */
  @media (max-height: 540px) and (min-width: 560px) {
    dialog[open] {
      display: grid;
      grid-template: auto auto minmax(0, 1fr) / minmax(0, 1fr) clamp(13rem, 36%, 20rem);
    }
    dialog > * {
      grid-column: 1;
    }
    dialog > .head {
      grid-row: 2;
    }
    dialog > .body {
      grid-row: 3;
    }
    dialog > .scroll {
      grid-row: 2 / -1;
    }
    /* At the bottom, as under the content; an auto margin, never end alignment, which would
       push a foot taller than the sheet out of reach at its top. */
    dialog > .foot {
      grid-area: 1 / 2 / -1;
      overflow: auto;
      display: flex;
      flex-direction: column;
      padding: 12px 16px;
      border-block-start: none;
      border-inline-start: 1px solid var(--_outline-variant);
    }
    .foot > :first-child {
      margin-block-start: auto;
    }
    .foot > .actions {
      display: grid;
      grid: auto-flow / minmax(0, 1fr);
      gap: 8px;
    }
    :host([data-layout='expanded']) dialog {
      inline-size: min(880px, calc(100vw - 16px));
      max-block-size: calc(100dvh - 16px);
    }
  }
`;

/**
 * The answers of the roots and result review sheets, as the permission sheet's: two equal
 * columns with its answer padding, at every width (they were buttons as wide as their labels,
 * one under the other when they did not fit a line); one to a row only where a label's longest
 * word would not fit half of it (es-ES at 320 px), never a word broken.
 */
export const answerColumns = css`
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .actions button {
    flex: 1 1 calc(50% - 4px);
    min-inline-size: auto;
    padding-inline: 8px;
    overflow-wrap: break-word;
  }
`;
