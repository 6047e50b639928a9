import { html, nothing, type TemplateResult } from 'lit';
import type {
  ElicitationActionView,
  ElicitationApi,
  ElicitationFormApi,
  FieldView,
  MarkdownRun,
} from '@mcp-consent/prompt';
import { spread } from './spread.js';

/** One run as a text node: strong → <strong>, emphasis → <em>, code → <code>; a link is only text. */
function renderRun(api: ElicitationApi, run: MarkdownRun) {
  const p = { ...api.props['message-run'], 'data-kind': run.kind };
  switch (run.kind) {
    case 'strong':
      return html`<strong ${spread(p)}>${run.text}</strong>`;
    case 'emphasis':
      return html`<em ${spread(p)}>${run.text}</em>`;
    case 'code':
      return html`<code ${spread(p)}>${run.text}</code>`;
    default:
      return html`<span ${spread(p)}>${run.text}</span>`;
  }
}

/**
 * The server's message as the model's markdown blocks (paragraphs, list items, code), every
 * run a text node: nothing the server sends becomes markup or a link.
 */
export function renderMessage(api: ElicitationApi): TemplateResult {
  const p = api.props;
  return html`<div ${spread(p.message!)} class="message">
    ${api.message.blocks.map(
      (block) =>
        html`<p ${spread({ ...p['message-block'], 'data-kind': block.kind })}>
          ${
            block.kind === 'item'
              ? html`<span ${spread(p['message-marker']!)}>${block.marker}</span> `
              : nothing
          }${block.runs.map((run) => renderRun(api, run))}
        </p>`,
    )}
  </div>`;
}

/** One answer: its label and, for Decline and Cancel, what it does in plain words. */
export function renderActionContent(api: ElicitationApi, view: ElicitationActionView) {
  return html`<span class="action-label">${view.label}</span>${
      view.detail
        ? html`<span ${spread(api.props['action-detail']!)}>${view.detail}</span>`
        : nothing
    }`;
}

/**
 * Form-mode fields of `<mcp-elicitation-sheet>`: one control per field kind (text-like
 * inputs, checkbox, select, a group of checkboxes for multi-select), each with its
 * label, "required", description and error from the model. Values go back through the
 * model's `setValue`; `data-index` ties a control to its field for focus and blur.
 */
export function renderForm(api: ElicitationFormApi): TemplateResult {
  const p = api.props;
  return html`<p ${spread(p['error-summary']!)}>${api.form.errorSummary ?? ''}</p>
    <form ${spread(p.form!)} @submit=${preventSubmit}>
      ${api.form.fields.map((field, index) => renderField(api, field, index))}
    </form>`;
}

/** What a field needs from its form: where values go, and the select's placeholder. */
export interface FieldHost {
  setValue: ElicitationFormApi['setValue'];
  form: Pick<ElicitationFormApi['form'], 'choosePlaceholder'>;
}

/** One field with its label, description and error; the args editor reuses it (issue 17). */
export function renderField(api: FieldHost, field: FieldView, index: number) {
  const p = field.props;
  const name = field.name;
  const label = html`${field.label}
    <span part="field-required" data-part="field-required">${field.requiredText}</span>`;
  const control =
    field.kind === 'boolean'
      ? html`<label ${spread(p['field-label']!)} class="check-row"
          ><input
            ${spread(field.inputProps)}
            .checked=${field.value === true}
            @change=${(e: Event) => api.setValue(name, (e.target as HTMLInputElement).checked)}
          /><span>${label}</span></label
        >`
      : field.kind === 'select'
        ? html`<label ${spread(p['field-label']!)}>${label}</label>
            <select
              ${spread(field.inputProps)}
              @change=${(e: Event) => api.setValue(name, (e.target as HTMLSelectElement).value)}
            >
              <option value="" ?selected=${field.value === ''}>
                ${api.form.choosePlaceholder}
              </option>
              ${field.options.map(
                (o) =>
                  html`<option
                    part="field-option"
                    data-part="field-option"
                    .value=${o.value}
                    ?selected=${o.value === field.value}
                  >
                    ${o.label}
                  </option>`,
              )}
            </select>`
        : field.kind === 'multiselect'
          ? renderMultiselect(api, field, label)
          : html`<label ${spread(p['field-label']!)}>${label}</label>
              <input
                ${spread(field.inputProps)}
                .value=${String(field.value)}
                @input=${(e: Event) => api.setValue(name, (e.target as HTMLInputElement).value)}
              />`;
  return html`<div ${spread(p.field!)} class="field" data-index=${index}>
    ${control}
    <p ${spread(p['field-description']!)} class="field-description">${field.description ?? ''}</p>
    <p ${spread(p['field-error']!)}>${field.error ?? ''}</p>
  </div>`;
}

/** A group of checkboxes; the group, not an input, carries the field's id and description. */
function renderMultiselect(api: FieldHost, field: FieldView, label: unknown) {
  const chosen = Array.isArray(field.value) ? (field.value as readonly string[]) : [];
  const labelId = `${field.id}-label`;
  const toggle = (value: string, on: boolean) =>
    api.setValue(field.name, on ? [...chosen, value] : chosen.filter((v) => v !== value));
  return html`<span id=${labelId} part="field-label" data-part="field-label" class="group-label"
      >${label}</span
    >
    <div
      id=${field.id}
      role="group"
      part="field-input"
      data-part="field-input"
      aria-labelledby=${labelId}
      aria-describedby=${field.inputProps['aria-describedby'] || nothing}
      tabindex="-1"
    >
      ${field.options.map(
        (o) =>
          html`<label class="check-row" part="field-option" data-part="field-option"
            ><input
              type="checkbox"
              .checked=${chosen.includes(o.value)}
              @change=${(e: Event) => toggle(o.value, (e.target as HTMLInputElement).checked)}
            /><span>${o.label}</span></label
          >`,
      )}
    </div>`;
}

function preventSubmit(event: Event): void {
  event.preventDefault();
}
