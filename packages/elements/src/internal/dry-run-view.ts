import { html, nothing, type TemplateResult } from 'lit';
import type { DryRunAnswer, DryRunApi, MarkdownBlock, MarkdownRun } from '@mcp-consent/prompt';
import { toolIcon } from './icons.js';
import { labelledActions, serverChip, sheetFoot, titleRow } from './sheet-view.js';
import { spread } from './spread.js';

export interface DryRunHandlers {
  onAction(event: MouseEvent, answer: DryRunAnswer): void;
  onClose(event: MouseEvent): void;
  onToggle(): void;
}

/** One run of the server's note as a text node (strong, em and code only change the look). */
function run(part: MarkdownRun): TemplateResult {
  if (part.kind === 'strong') return html`<strong>${part.text}</strong>`;
  if (part.kind === 'emphasis') return html`<em>${part.text}</em>`;
  if (part.kind === 'code') return html`<code>${part.text}</code>`;
  if (part.kind === 'link')
    return html`<span data-kind="link">${part.text}${part.host ? ` (${part.host})` : ''}</span>`;
  return html`${part.text}`;
}

const block = (b: MarkdownBlock) =>
  html`<p data-kind=${b.kind}>${b.kind === 'item' ? `${b.marker} ` : ''}${b.runs.map(run)}</p>`;

/**
 * The dry-run preview inside `<mcp-permission-sheet>` (seed 001), step 2 of 2 of one flow:
 * the step and title, the tool and what the server says it would run it with (redacted), the
 * server's own note quoted in a "From the server" box (never as the kit's instruction), the
 * operator notice, then Don't send (the default) and Send for real. Every string and attribute
 * comes from the model; server text is text nodes only.
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
      <p ${spread(p.step!)} class="step">${api.step.text}</p>
      ${titleRow(api, on.onClose)}
      <div class="meta">
        ${serverChip(api)}
        <span ${spread(p['risk-badge']!)} class="risk-badge">${api.risk?.label ?? ''}</span>
      </div>
    </div>
    <div class="body">
      ${api.notices.map((n) => html`<p ${spread(p.notice!)} data-kind=${n.kind}>${n.text}</p>`)}
      <div class="tool">
        <span class="tool-icon" aria-hidden="true">${toolIcon}</span>
        <div ${spread(p['tool-name']!)} class="tool-name">${api.tool.name}</div>
      </div>
      <p ${spread(p.intro!)} class="intro">${api.intro}</p>
      <p ${spread(p['preview-heading']!)} class="args-heading">${preview.heading}</p>
      <pre ${spread(p.preview!)}>${preview.text}</pre>
      <p class="args-more" ?hidden=${preview.moreText === null}>${preview.moreText ?? ''}</p>
      <p ${spread(p['args-redacted']!)}>${preview.redactedText ?? ''}</p>
      <button ${spread(p['args-toggle']!)} class="toggle" @click=${on.onToggle}>
        ${preview.toggleLabel ?? ''}
      </button>
      <div ${spread(p['from-server']!)} class="from-server">
        <p ${spread(p['from-server-heading']!)} class="from-server-heading">
          ${api.hint?.heading ?? ''}
        </p>
        <p ${spread(p['hint-label']!)} class="hint-label">${api.hint?.label ?? ''}</p>
        <blockquote ${spread(p.hint!)}>
          ${api.hint ? api.hint.blocks.map(block) : nothing}
        </blockquote>
      </div>
      <p ${spread(p['operator-notice']!)} class="operator-notice">${api.operatorNotice}</p>
    </div>
    ${sheetFoot(api, announcement, labelledActions(api, api.actions, on.onAction))}`;
}
