import { css } from 'lit';
import { formFieldStyles } from './elicitation-sheet.styles.js';

/**
 * The "Edit arguments" panel inside the permission sheet (issue 17). Its fields take the
 * elicitation form's field styles (`formFieldStyles`); this adds the panel around them. Listed
 * before the sheet's own styles, so the sheet's rules win where both match.
 */
export const argsEditorStyles = css`
  ${formFieldStyles}
  .args-edit {
    margin-block: 8px;
  }
  [part~='edit-toggle'] {
    min-block-size: var(--_target);
  }
  [part~='edit-editor'] {
    display: grid;
    gap: 8px;
    margin-block-start: 8px;
    padding: 10px 12px;
    border-radius: 8px;
    border: 1px solid var(--_outline-variant);
  }
  [part~='edit-heading'] {
    margin: 0;
    font-weight: 700;
  }
  [part~='edit-hint'],
  [part~='edit-readonly'] {
    margin: 0;
    color: var(--_on-surface-variant);
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
  [part~='edit-form'] {
    display: grid;
    gap: 12px;
  }
  [part~='edit-status'] {
    margin: 0;
    font-weight: 600;
  }
  [part~='edit-status'][data-blocked='true'] {
    padding: 6px 10px;
    border-radius: 8px;
    background: var(--_error-container);
    color: var(--_on-error-container);
  }
`;
