import { html, type TemplateResult } from 'lit';
import type { DryRunAnswer, DryRunApi } from '@mcp-consent/prompt';
import { closeIcon, toolIcon, trustedIcon, untrustedIcon } from './icons.js';
import { spread } from './spread.js';

export interface DryRunHandlers {
  onAction(event: MouseEvent, answer: DryRunAnswer): void;
  onClose(event: MouseEvent): void;
  onToggle(): void;
}

/**
 * The dry-run preview inside `<mcp-permission-sheet>` (seed 001): what the tool would do
 * (redacted), the server's hint and the operator notice as text, then Don't run (the
 * default) and Run it for real. Every string and attribute comes from the model.
 */
export function renderDryRun(
  api: DryRunApi,
  announcement: string,
  on: DryRunHandlers,
): TemplateResult {
  const p = api.props;
  const preview = api.preview;
  return html`<div class="handle" aria-hidden="true"></div>
    <div ${spread(p.header!)} class="head">
      <div class="title-row">
        <h2 ${spread(p.title!)}>${api.title}</h2>
        <button ${spread(p.close!)} class="close" @click=${on.onClose}>${closeIcon}</button>
      </div>
      <div class="tool">
        <span class="tool-icon" aria-hidden="true">${toolIcon}</span>
        <div ${spread(p['tool-name']!)} class="tool-name">${api.tool.name}</div>
      </div>
      <div class="meta">
        <span ${spread(p['server-chip']!)} class="server-chip"
          ><span class="from">${api.server.from}</span>
          <span ${spread(p.trust!)}
            >${trustedIcon}${untrustedIcon}${api.server.trustLabel}</span
          ></span
        >
        <span ${spread(p['risk-badge']!)} class="risk-badge">${api.risk?.label ?? ''}</span>
      </div>
    </div>
    <div class="body">
      ${api.notices.map((n) => html`<p ${spread(p.notice!)} data-kind=${n.kind}>${n.text}</p>`)}
      <p ${spread(p.intro!)} class="intro">${api.intro}</p>
      <p ${spread(p['preview-heading']!)} class="args-heading">${preview.heading}</p>
      <pre ${spread(p.preview!)}>${preview.text}</pre>
      <p class="args-more" ?hidden=${preview.moreText === null}>${preview.moreText ?? ''}</p>
      <p ${spread(p['args-redacted']!)}>${preview.redactedText ?? ''}</p>
      <button ${spread(p['args-toggle']!)} class="toggle" @click=${on.onToggle}>
        ${preview.toggleLabel ?? ''}
      </button>
      <p ${spread(p['hint-label']!)} class="args-heading">${api.hint?.label ?? ''}</p>
      <p ${spread(p.hint!)} class="hint">${api.hint?.text ?? ''}</p>
      <p ${spread(p['operator-notice']!)} class="operator-notice">${api.operatorNotice}</p>
    </div>
    <div class="foot">
      <div ${spread(p.actions!)} class="actions">
        ${api.actions.map(
          (action) =>
            html`<button
              ${spread(api.getActionProps(action.answer), `action-${action.answer}`)}
              @click=${(event: MouseEvent) => on.onAction(event, action.answer)}
            >
              <span class="label">${action.label}</span>
            </button>`,
        )}
      </div>
      <div class="status-line">
        <p ${spread(p['key-hint']!)}>${api.keyHint}</p>
        <p ${spread(p.guard!)}>${api.guard.text}</p>
      </div>
    </div>
    <div ${spread(p.announcer!)}>${announcement}</div>`;
}
