/**
 * "How long, and a note" (issue 17; part of `consentStyles`): a quiet toggle at the end of the
 * body and its panel; the selects, checkboxes and the note use the shared field rules.
 */
export const grainStyles = `
.mcp-consent-layer .mcp-consent-grains-block { padding: 0 20px 12px; display: flex; flex-direction: column; gap: 8px; }
.mcp-consent-layer [data-part='grains-toggle'] {
  align-self: flex-start; padding-inline: 12px; border-color: transparent; background: transparent; color: var(--_primary);
}
.mcp-consent-layer [data-part='grains'] {
  display: flex; flex-direction: column; gap: 12px; padding: 12px; border-radius: 12px; background: var(--_surface-container);
}
.mcp-consent-layer [data-part='grains'][hidden], .mcp-consent-layer [data-part='grains'] .mcp-consent-check-row[hidden] { display: none; }
.mcp-consent-layer [data-part='grain-group'], .mcp-consent-layer [data-part='note'] { display: flex; flex-direction: column; gap: 4px; }
.mcp-consent-layer :is([data-part='grain-label'], [data-part='note-label']) { font-weight: 600; }
/* "Only these exact arguments": the label in the labels' weight, as in Lit. */
.mcp-consent-layer [data-part='grains'] .mcp-consent-check-row { font-weight: 600; }
.mcp-consent-layer [data-part='note-input'] { resize: vertical; }
.mcp-consent-layer [data-part='note-hint'] { margin: 0; font-size: 0.8125rem; color: var(--_on-surface-variant); }
`;
