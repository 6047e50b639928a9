/**
 * What the result review sheet adds: the tool and its tier on one row under the server chip (as
 * Lit's), the server's text in its own box, the labels dimmed.
 */
export const resultReviewStyles = `
.mcp-consent-layer [data-scope='result-review'] .mcp-consent-tool-row { display: flex; flex-wrap: wrap; gap: 8px; margin: 4px 0 0; }
.mcp-consent-layer [data-scope='result-review'][data-part='tool'] { overflow-wrap: anywhere; }
.mcp-consent-layer [data-scope='result-review'][data-part='content'] { display: grid; gap: 8px; margin: 0 0 12px; }
.mcp-consent-layer [data-scope='result-review'][data-part='content-heading'] { margin: 8px 0 4px; font-weight: 600; }
.mcp-consent-layer [data-scope='result-review'][data-part='error'],
.mcp-consent-layer [data-scope='result-review'][data-part='risk'] { font-weight: 600; }
.mcp-consent-layer [data-scope='result-review'][data-part='block-text'] { margin: 0; padding: 8px; border: 1px solid var(--_outline); border-radius: 8px; max-block-size: 40vh; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; font-family: var(--_mono); font-size: 0.875rem; }
.mcp-consent-layer [data-scope='result-review'][data-part='block-label'],
.mcp-consent-layer [data-scope='result-review'][data-part='truncated'],
.mcp-consent-layer [data-scope='result-review'][data-part='empty'] { margin: 4px 0 0; color: var(--_on-surface-variant); }
.mcp-consent-layer [data-scope='result-review'][hidden] { display: none; }
`;
