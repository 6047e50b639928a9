import { css } from 'lit';

/**
 * The hidden-characters chip of `serverText`: a small pill inside the text (not a 48 px
 * action: it answers nothing), its codes on their own, breakable anywhere. Also the size of
 * `serverToolIcon`'s image, whatever the server's picture is.
 */
export const serverTextStyles = css`
  button.hidden-chip {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-block-size: 24px;
    min-inline-size: 0;
    margin-inline: 2px;
    padding: 0 8px;
    border-radius: 999px;
    border: 1px dashed var(--_outline);
    background: var(--_surface-container);
    color: var(--_on-surface-variant);
    font-size: 0.8125rem;
    font-weight: 600;
    line-height: 1.3;
    vertical-align: baseline;
    white-space: nowrap;
  }
  button.hidden-chip::after {
    content: '▸' / '';
    font-size: 0.75em;
  }
  button.hidden-chip[aria-expanded='true']::after {
    content: '▾' / '';
  }
  button.hidden-chip:dir(rtl)::after {
    content: '◂' / '';
  }
  button.hidden-chip:dir(rtl)[aria-expanded='true']::after {
    content: '▾' / '';
  }
  .hidden-codes[hidden] {
    display: none;
  }
  .hidden-codes {
    display: block;
    margin-block: 2px;
    padding: 2px 6px;
    border-radius: 6px;
    background: var(--_surface-container);
    color: var(--_on-surface-variant);
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.8125rem;
    overflow-wrap: anywhere;
    word-break: break-all;
    text-align: start;
    unicode-bidi: isolate;
  }
  img.tool-own-icon {
    display: block;
    inline-size: 24px;
    block-size: 24px;
    object-fit: contain;
  }
`;
