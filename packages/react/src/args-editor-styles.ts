/**
 * The "Edit arguments" panel's own rules (issue 17; part of `consentStyles`); its fields use
 * the elicitation field rules.
 */
export const argsEditorStyles = `
.mcp-consent-layer .mcp-consent-args-edit { margin-block: 8px; }
.mcp-consent-layer [data-part='edit-editor'] {
  display: grid; gap: 8px; margin-block-start: 8px; padding: 10px 12px;
  border-radius: 8px; border: 1px solid var(--_outline-variant);
}
.mcp-consent-layer [data-part='edit-heading'] { margin: 0; font-weight: 700; }
.mcp-consent-layer [data-part='edit-hint'], .mcp-consent-layer [data-part='edit-readonly'] {
  margin: 0; color: var(--_on-surface-variant); font-size: 0.875rem; overflow-wrap: anywhere;
}
.mcp-consent-layer [data-part='edit-form'] { display: grid; gap: 12px; }
.mcp-consent-layer [data-part='edit-status'] { margin: 0; font-weight: 600; }
.mcp-consent-layer [data-part='edit-status'][data-blocked='true'] {
  padding: 6px 10px; border-radius: 8px;
  background: var(--_error-container); color: var(--_on-error-container);
}
`;
