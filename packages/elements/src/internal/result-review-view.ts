import { html, type TemplateResult } from 'lit';
import type { ResultReviewAnswer, ResultReviewApi } from '@mcp-consent/prompt';
import { labelledActions, sheetFoot, sheetHead } from './sheet-view.js';
import { spread } from './spread.js';

export interface ResultReviewHandlers {
  onAction(event: MouseEvent, answer: ResultReviewAnswer): void;
  onClose(event: MouseEvent): void;
}

/**
 * An allowed call's result inside `<mcp-result-review-sheet>`: who answered, the tool and its
 * tier, the kit's error line, the content (server text as text nodes only; images, audio,
 * resources and structured data as the model's labels), then Send to the model (the default)
 * and Withhold from the model. Every string and attribute comes from the model.
 */
export function renderResultReview(
  api: ResultReviewApi,
  announcement: string,
  on: ResultReviewHandlers,
): TemplateResult {
  const p = api.props;
  const open = api.status === 'open';
  return html`${sheetHead(
      api,
      on.onClose,
      html`<p class="tool-row">
        <span ${spread(p.tool!)} class="tool">${api.toolLine}</span>
        <span ${spread(p.risk!)} class="risk">${api.risk.label}</span>
      </p>`,
    )}
    <div class="body">
      ${api.notices.map((n) => html`<p ${spread(p.notice!)} data-kind=${n.kind}>${n.text}</p>`)}
      <p ${spread(p.intro!)} class="intro">${api.intro}</p>
      <p ${spread(p.error!)} class="error">${api.error ?? ''}</p>
      <p ${spread(p['content-heading']!)} class="group-label">${api.contentHeading}</p>
      <p ${spread(p.empty!)} class="empty">${api.empty ?? ''}</p>
      <div ${spread(p.content!)} class="content">
        ${api.blocks.map((block) =>
          block.kind === 'text'
            ? html`<div ${spread(api.getBlockProps(block.index))} class="block">
                <pre ${spread(p['block-text']!)} class="text">${block.text}</pre>
                ${
                  block.more === null
                    ? ''
                    : html`<p ${spread(p.truncated!)} class="more">${block.more}</p>`
                }
              </div>`
            : html`<div ${spread(api.getBlockProps(block.index))} class="block">
                <p ${spread(p['block-label']!)} class="label">${block.label}</p>
              </div>`,
        )}
      </div>
    </div>
    ${sheetFoot(api, announcement, labelledActions(api, api.actions, on.onAction, !open))}`;
}
