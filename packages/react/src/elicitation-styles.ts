/**
 * The elicitation sheet's own rules (part of `consentStyles`): the message's markdown blocks,
 * and the answers in one layout with the Lit sheet — Not now, Decline, then the primary Accept,
 * one row on a centred modal, stacked on a bottom sheet; Accept in the danger colour when it
 * confirms a destructive call.
 */
export const elicitationStyles = `
.mcp-consent-layer div[data-scope='elicitation'][data-part='message'] {
  padding: 10px 12px; border-radius: 8px; background: var(--_surface-container); white-space: normal;
}
.mcp-consent-layer [data-part='message-block'] { margin: 0 0 6px; }
.mcp-consent-layer [data-part='message-block']:last-child { margin-block-end: 0; }
.mcp-consent-layer [data-part='message-block'][data-kind='item'] { padding-inline-start: 1.25em; text-indent: -1.25em; }
.mcp-consent-layer [data-part='message-run'] { white-space: pre-line; }
.mcp-consent-layer [data-part='message-run'][data-kind='code'] {
  font-family: var(--_mono); font-size: 0.875em; padding: 0 3px; border-radius: 4px; background: var(--_surface);
}
.mcp-consent-layer [data-part='message-block'][data-kind='code'] [data-part='message-run'] {
  display: block; padding: 6px 8px; white-space: pre-wrap;
}
.mcp-consent-layer [data-scope='elicitation'][data-part='actions'] { grid-template-columns: minmax(0, 1fr); }
.mcp-consent-positioner[data-layout='expanded'] [data-scope='elicitation'][data-part='actions'] {
  grid-template-columns: repeat(3, minmax(0, 1fr));
}
.mcp-consent-layer button[data-tone='danger'],
.mcp-consent-layer button[data-tone='danger']:hover {
  background: var(--_caution); border-color: var(--_caution); color: var(--_surface);
}
`;
