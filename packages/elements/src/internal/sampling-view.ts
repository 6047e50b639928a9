import { html, nothing, type TemplateResult } from 'lit';
import type {
  BlockView,
  SamplingAction,
  SamplingApi,
  SamplingField,
  SamplingGrain,
} from '@mcp-consent/prompt';
import { serverText } from './server-text.js';
import { labelledActions, serverChip, sheetFoot, titleRow } from './sheet-view.js';
import { spread } from './spread.js';

export interface SamplingHandlers {
  onAction(event: MouseEvent, action: SamplingAction): void;
  onClose(event: MouseEvent): void;
  onToggle(id: string): void;
  onInput(name: SamplingField, value: string): void;
  onGrain(grain: SamplingGrain): void;
}

function block(api: SamplingApi, b: BlockView, on: SamplingHandlers): TemplateResult {
  const p = api.props;
  if (b.kind !== 'text')
    return html`<p ${spread(b.kind === 'media' ? p.media! : p.block!)} data-kind=${b.kind}>
      ${b.label}
    </p>`;
  return html`<div ${spread(p.block!)} data-kind="text" data-expanded=${String(b.expanded)}>
    <p class="block-text">${serverText(b.text)}</p>
    ${
      b.toggleLabel
        ? html`<button
            ${spread(p['block-toggle']!)}
            class="toggle"
            aria-expanded=${String(b.expanded)}
            @click=${() => on.onToggle(b.id)}
          >
            ${b.toggleLabel}
          </button>`
        : nothing
    }
  </div>`;
}

/**
 * One sampling step inside `<mcp-permission-sheet>` (issue 18). Step 1: the step and title,
 * the server and the risk badge with its reasons, the server's messages (images and audio as
 * labels, never decoded), the system prompt and parameters, the edit form when open, the
 * grain, then Approve, Edit and Deny (the default). Step 2: the model's reply with Send and
 * Deny. Every string and attribute comes from the model; server text is text nodes only.
 */
export function renderSampling(
  api: SamplingApi,
  announcement: string,
  on: SamplingHandlers,
): TemplateResult {
  const p = api.props;
  const edit = api.edit;
  return html`<div class="handle" aria-hidden="true"></div>
    <div ${spread(p.header!)} class="head">
      <p ${spread(p.step!)} class="step">${api.stepText}</p>
      ${titleRow(api, on.onClose)}
      <div class="meta">
        ${serverChip(api)}
        <span ${spread(p['risk-badge']!)} class="risk-badge">${api.risk.label}</span>
      </div>
    </div>
    <div class="body">
      ${api.notices.map((n) => html`<p ${spread(p.notice!)} data-kind=${n.kind}>${n.text}</p>`)}
      <p ${spread(p.intro!)} class="intro">${api.intro}</p>
      <ul class="reasons">
        ${api.risk.reasons.map((reason) => html`<li ${spread(p['risk-reason']!)}>${reason}</li>`)}
      </ul>
      ${
        api.response
          ? html`<div ${spread(p.response!)} class="quoted">
              <p class="section-heading">${api.response.heading}</p>
              <p ${spread(p['response-model']!)}>${api.response.model}</p>
              ${api.response.blocks.map((b) => block(api, b, on))}
              ${api.response.stopReason ? html`<p>${api.response.stopReason}</p>` : nothing}
            </div>`
          : nothing
      }
      <div ${spread(p.messages!)} aria-label=${api.messagesHeading}>
        <p class="section-heading">${api.messagesHeading}</p>
        ${api.messages.map(
          (message) =>
            html`<div ${spread(p.message!)} class="quoted" data-role=${message.role}>
              <p ${spread(p['message-role']!)} class="role">${message.roleLabel}</p>
              ${message.blocks.map((b) => block(api, b, on))}
            </div>`,
        )}
      </div>
      ${
        api.systemPrompt
          ? html`<div ${spread(p['system-prompt']!)}>
              <p class="section-heading">${api.systemPrompt.label}</p>
              ${block(api, api.systemPrompt.block, on)}
            </div>`
          : nothing
      }
      <ul ${spread(p.details!)} class="details">
        ${api.details.map((detail) => html`<li ${spread(p.detail!)}>${detail}</li>`)}
      </ul>
      ${
        api.tools
          ? html`<div ${spread(p.tools!)}>
              <p class="section-heading">${api.tools.heading}</p>
              <ul>
                ${api.tools.names.map((name) => html`<li>${name}</li>`)}
              </ul>
            </div>`
          : nothing
      }
      ${
        edit
          ? html`<form ${spread(p['edit-form']!)} @submit=${(e: Event) => e.preventDefault()}>
              <p class="section-heading">${edit.heading}</p>
              ${edit.fields.map(
                (field) =>
                  html`<div ${spread(p['edit-field']!)} class="field">
                    <label ${spread(p['edit-label']!)} for=${field.id}>${field.label}</label>
                    ${
                      field.multiline
                        ? html`<textarea
                            ${spread(p['edit-input']!)}
                            id=${field.id}
                            name=${field.name}
                            .value=${field.value}
                            @input=${(e: Event) =>
                              on.onInput(field.name, (e.target as HTMLTextAreaElement).value)}
                          ></textarea>`
                        : html`<input
                            ${spread(p['edit-input']!)}
                            id=${field.id}
                            name=${field.name}
                            inputmode="numeric"
                            aria-invalid=${field.error ? 'true' : 'false'}
                            .value=${field.value}
                            @input=${(e: Event) =>
                              on.onInput(field.name, (e.target as HTMLInputElement).value)}
                          />`
                    }
                    ${
                      field.error
                        ? html`<p ${spread(p['edit-error']!)} class="field-error">
                            ${field.error}
                          </p>`
                        : nothing
                    }
                  </div>`,
              )}
            </form>`
          : nothing
      }
      ${
        api.grain
          ? html`<div ${spread(p.grain!)} aria-label=${api.grain.label} class="grain">
              <p class="section-heading">${api.grain.label}</p>
              ${api.grain.options.map(
                (option) =>
                  html`<label ${spread(p['grain-option']!)} class="check-row">
                    <input
                      type="radio"
                      name="grain"
                      value=${option.value}
                      .checked=${option.selected}
                      @change=${() => on.onGrain(option.value)}
                    />
                    ${option.label}
                  </label>`,
              )}
            </div>`
          : nothing
      }
    </div>
    ${sheetFoot(
      api,
      announcement,
      labelledActions(
        api,
        api.actions.map(({ action, label }) => ({ answer: action, label })),
        on.onAction,
      ),
    )}`;
}
