/** What the roots sheet adds: one 48 px row per root, its number, name and URI. */
export const rootsStyles = `
.mcp-consent-layer [data-scope='roots'][data-part='list'],
.mcp-consent-layer [data-scope='roots'][data-part='grains'] { display: grid; gap: 4px; margin: 0 0 12px; }
.mcp-consent-layer [data-scope='roots'][data-part='list-heading'],
.mcp-consent-layer [data-scope='roots'][data-part='grains-heading'] { margin: 8px 0 4px; font-weight: 600; }
.mcp-consent-layer [data-scope='roots'][data-part='item-number'] { flex: none; min-inline-size: 1.5em; color: var(--_on-surface-variant); font-variant-numeric: tabular-nums; }
.mcp-consent-layer .mcp-consent-root-texts { display: grid; min-inline-size: 0; padding-block: 4px; }
.mcp-consent-layer [data-scope='roots'][data-part='item-name'] { font-weight: 600; overflow-wrap: anywhere; }
.mcp-consent-layer [data-scope='roots'][data-part='item-uri'] { font-family: var(--_mono); font-size: 0.875rem; color: var(--_on-surface-variant); overflow-wrap: anywhere; }
.mcp-consent-layer [data-scope='roots'][data-part='count'],
.mcp-consent-layer [data-scope='roots'][data-part='empty'] { margin: 0 0 8px; color: var(--_on-surface-variant); }
.mcp-consent-layer [data-scope='roots'][hidden] { display: none; }
`;
