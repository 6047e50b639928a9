/** `<CallProgress>`: one quiet line with a bar, as the Lit `<mcp-call-progress>` draws it. */
export const callProgressStyles = `
.mcp-consent-progress {
  display: grid; gap: 4px; padding: 8px 12px; border-radius: var(--_radius);
  background: var(--_surface-container); color: var(--_on-surface); font-size: 0.875rem; line-height: 1.4;
}
.mcp-consent-progress-row { display: flex; flex-wrap: wrap; gap: 4px 12px; justify-content: space-between; }
.mcp-consent-progress-label { overflow-wrap: anywhere; }
.mcp-consent-progress-count { color: var(--_on-surface-variant); font-variant-numeric: tabular-nums; }
.mcp-consent-progress-bar { height: 4px; border-radius: 2px; background: var(--_outline-variant); overflow: hidden; }
.mcp-consent-progress-fill { height: 100%; background: var(--_primary); }
.mcp-consent-progress-bar:not([aria-valuenow]) .mcp-consent-progress-fill {
  width: 30%; animation: mcp-consent-progress-slide 1.2s ease-in-out infinite;
}
@keyframes mcp-consent-progress-slide { from { transform: translateX(-100%); } to { transform: translateX(340%); } }
@media (prefers-reduced-motion: reduce) {
  .mcp-consent-progress-bar:not([aria-valuenow]) .mcp-consent-progress-fill { animation: none; width: 100%; opacity: 0.4; }
}
.mcp-consent-progress-message { margin: 0; color: var(--_on-surface-variant); overflow-wrap: anywhere; }
.mcp-consent-progress-note { color: var(--_on-surface); }
`;
