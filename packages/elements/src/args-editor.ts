import { revealControlled } from '@mcp-consent/prompt/dom';
import { html, nothing, type TemplateResult } from 'lit';
import type { ArgsEditorApi, ArgsEditPart, PartProps } from '@mcp-consent/prompt';
import { renderField } from './internal/elicitation-fields.js';
import { spread } from './internal/spread.js';

export { argsEditorStyles } from './args-editor.styles.js';

const p = (api: ArgsEditorApi, part: ArgsEditPart): PartProps => api.props[part] ?? {};

/**
 * "Edit arguments" in `<mcp-permission-sheet>` (issue 17): a toggle, then the call's arguments
 * as the elicitation form's own fields (`renderField`), the arguments kept as asked, and a
 * polite status that says what Allow will run or why it is off. Keys typed in a field stay in
 * the field (a "1" is text, not Allow once); Tab and Escape still reach the sheet.
 */
export function renderArgsEditor(api: ArgsEditorApi | null | undefined): TemplateResult {
  if (!api) return html``;
  const fieldAt = (event: Event) => {
    const holder = (event.composedPath()[0] as HTMLElement | undefined)?.closest?.('[data-index]');
    const index = holder?.getAttribute('data-index');
    return index == null ? undefined : api.form.fields[Number(index)];
  };
  const onFocusout = (event: FocusEvent) => {
    const field = fieldAt(event);
    if (field) api.blur(field.name);
  };
  return html`<div class="args-edit">
    <button
      ${spread(p(api, 'edit-toggle'))}
      class="toggle"
      @click=${(event: Event) => {
        api.setOpen();
        revealControlled(event.currentTarget as Element);
      }}
    >
      ${api.toggle.label}
    </button>
    <div ${spread(p(api, 'edit-editor'))} @keydown=${keepKeys} @focusout=${onFocusout}>
      <p ${spread(p(api, 'edit-heading'))}>${api.heading}</p>
      <p ${spread(p(api, 'edit-hint'))}>${api.hint}</p>
      <form ${spread(p(api, 'edit-form'))} @submit=${preventSubmit}>
        ${api.open ? api.form.fields.map((field, index) => renderField(api, field, index)) : nothing}
      </form>
      <p ${spread(p(api, 'edit-readonly'))} ?hidden=${api.readOnly === null}>
        ${api.readOnly ?? ''}
      </p>
      <p ${spread(p(api, 'edit-status'))}>${api.status ?? ''}</p>
    </div>
  </div>`;
}

/** Typing in a field is typing: only Tab (focus trap) and Escape (Deny once) reach the sheet. */
function keepKeys(event: KeyboardEvent): void {
  if (event.key !== 'Tab' && event.key !== 'Escape') event.stopPropagation();
}

function preventSubmit(event: Event): void {
  event.preventDefault();
}
