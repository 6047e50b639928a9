import { html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { RootsAnswer, RootsApi, RootsGrain } from '@mcp-consent/prompt';
import { labelledActions, sheetFoot, sheetHead } from './sheet-view.js';
import { spread } from './spread.js';

export interface RootsHandlers {
  onToggle(event: Event, index: number): void;
  onGrain(event: Event, grain: RootsGrain): void;
  onAction(event: MouseEvent, answer: RootsAnswer): void;
  onClose(event: MouseEvent): void;
}

/**
 * A server's `roots/list` inside `<mcp-roots-sheet>`: who asks, the host's roots as native
 * checkboxes in 48 px rows (named by the root's name, described by its URI; none checked),
 * remember for this server or only this time as native radios, then Share selected and Share
 * none (the default). Every string and attribute comes from the model; names and URIs are text
 * nodes only.
 */
export function renderRoots(
  api: RootsApi,
  announcement: string,
  on: RootsHandlers,
): TemplateResult {
  const p = api.props;
  const open = api.status === 'open';
  return html`${sheetHead(api, on.onClose)}
    <div class="body">
      ${api.notices.map((n) => html`<p ${spread(p.notice!)} data-kind=${n.kind}>${n.text}</p>`)}
      <p ${spread(p.intro!)} class="intro">${api.intro}</p>
      <p ${spread(p.empty!)} class="empty">${api.empty ?? ''}</p>
      <p ${spread(p['list-heading']!)} class="group-label" ?hidden=${api.empty !== null}>
        ${api.listHeading}
      </p>
      <div ${spread(p.list!)} class="list">
        ${api.items.map(
          (item) =>
            html`<label ${spread(api.getItemProps(item.index))} class="check-row root-row">
              <input
                ${spread(api.getCheckboxProps(item.index))}
                .checked=${live(item.checked)}
                @change=${(event: Event) => on.onToggle(event, item.index)}
              />
              <span ${spread(p['item-number']!)} class="number">${item.number}</span>
              <span class="texts">
                <span ${spread(api.getNameProps(item.index))} class="name">${item.name}</span>
                <span ${spread(api.getUriProps(item.index))} class="uri">${item.uri}</span>
              </span>
            </label>`,
        )}
      </div>
      <p ${spread(p.count!)} class="count" ?hidden=${api.empty !== null}>${api.count}</p>
      <div ${spread(p.grains!)} class="grains">
        <p ${spread(p['grains-heading']!)} class="group-label">${api.grainsHeading}</p>
        ${api.grains.map(
          (grain) =>
            html`<label class="check-row">
              <input
                ${spread(api.getGrainProps(grain.grain))}
                .checked=${live(grain.selected)}
                @change=${(event: Event) => on.onGrain(event, grain.grain)}
              />
              <span>${grain.label}</span>
            </label>`,
        )}
      </div>
    </div>
    ${sheetFoot(api, announcement, labelledActions(api, api.actions, on.onAction, !open))}`;
}
