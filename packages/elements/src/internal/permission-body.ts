import { html, nothing, type TemplateResult } from 'lit';
import type { PartProps, PermissionApi, PermissionPart } from '@mcp-consent/prompt';
import { renderArgsEditor } from '../args-editor.js';
import { trustedIcon, untrustedIcon } from './icons.js';
import { serverText } from './server-text.js';
import { serverToolIcon } from './tool-icon.js';
import { spread } from './spread.js';

/** What the sheet's body calls back: the model's toggles. */
export interface BodyHandlers {
  onToggleArgs: () => void;
  onToggleDescription: () => void;
  onOpenChange: () => void;
}

type ChangeView = NonNullable<PermissionApi['change']>;

/** A part's attributes from the model (every part the body draws has them). */
const props = (api: PermissionApi, part: string): PartProps =>
  api.props[part as PermissionPart] ?? { 'data-scope': 'permission', 'data-part': part };

/**
 * The sheet's body, top to bottom (issue 16): the summary line, the arguments, why this
 * risk and the effects, then everything the server said in one "From the server" box
 * (tool, title, description behind Show more, what changed), then the notices.
 */
export function renderBody(api: PermissionApi, on: BodyHandlers): TemplateResult {
  return html`<p ${spread(props(api, 'summary'))} class="summary">${api.summary}</p>
    ${renderArgs(api, on)} ${renderArgsEditor(api.editor)} ${renderWhy(api)}
    ${renderFromServer(api, on)}
    ${api.notices.map((notice, i) => html`<p ${spread(api.getNoticeProps(i))}>${notice.text}</p>`)}`;
}

function renderArgs(api: PermissionApi, on: BodyHandlers): TemplateResult {
  return html`<div ${spread(props(api, 'args'))} class="args">
    <p ${spread(props(api, 'args-heading'))} class="args-heading">${api.args.heading}</p>
    <pre ${spread(props(api, 'args-body'))}>${api.args.text}</pre>
    <p class="args-more" ?hidden=${api.args.moreText === null}>${api.args.moreText ?? ''}</p>
    <p ${spread(props(api, 'args-redacted'))}>${api.args.redactedText ?? ''}</p>
    <button ${spread(props(api, 'args-toggle'))} class="toggle" @click=${on.onToggleArgs}>
      ${api.args.toggleLabel ?? ''}
    </button>
  </div>`;
}

/** Why this risk, then what the tool will do: one compact block. */
function renderWhy(api: PermissionApi): TemplateResult {
  return html`<div class="why">
    <p class="risk-heading">${api.risk.heading}</p>
    <ul ${spread(props(api, 'risk-reasons'))}>
      ${api.risk.reasons.map((r) => html`<li ${spread(props(api, 'risk-reason'))}>${r.text}</li>`)}
    </ul>
    <p ${spread(props(api, 'effects-heading'))} class="effects-heading">
      ${api.effects.unannotatedText ?? api.effects.heading}
    </p>
    <ul ${spread(props(api, 'effects'))}>
      ${api.effects.lines.map(
        (line, i) =>
          html`<li ${spread(api.getEffectProps(i))}>
            ${line.text}
            <span part="effect-source" data-part="effect-source">${line.sourceText}</span>
          </li>`,
      )}
    </ul>
  </div>`;
}

/** The one box that holds what the server sent: nothing of it appears anywhere else. */
function renderFromServer(api: PermissionApi, on: BodyHandlers): TemplateResult {
  const from = api.fromServer;
  return html`<section ${spread(props(api, 'from-server'))} class="from-server">
    <p ${spread(props(api, 'from-server-heading'))} class="from-server-heading">${from.heading}</p>
    <div class="tool">
      <span ${spread(props(api, 'tool-icon'))} class="tool-icon">${serverToolIcon(from.icon)}</span>
      <div class="tool-text">
        <div ${spread(props(api, 'tool-name'))} class="tool-name">${from.name}</div>
        <div ${spread(props(api, 'tool-title'))} class="tool-title">${serverText(from.title)}</div>
      </div>
    </div>
    <span ${spread(props(api, 'server-chip'))} class="server-chip"
      ><span class="from">${api.server.from}</span>
      <span ${spread(props(api, 'trust'))}
        >${trustedIcon}${untrustedIcon}${api.server.trustLabel}</span
      ></span
    >
    <p ${spread(props(api, 'tool-description'))} class="description">
      <span class="text">${serverText(from.description)}</span>
    </p>
    <button
      ${spread(props(api, 'description-toggle'))}
      class="toggle"
      @click=${on.onToggleDescription}
    >
      ${from.descriptionToggleLabel ?? ''}
    </button>
    ${api.change ? renderChange(api, api.change, on) : nothing}
  </section>`;
}

/** What changed since the user last allowed the tool: opened on demand, marked for every reader. */
function renderChange(api: PermissionApi, change: ChangeView, on: BodyHandlers): TemplateResult {
  return html`<div ${spread(props(api, 'change'))} class="change">
    <p ${spread(props(api, 'change-heading'))} class="change-heading">${change.heading}</p>
    <p ${spread(props(api, 'change-summary'))} class="change-summary">${change.summary}</p>
    <button ${spread(props(api, 'change-toggle'))} class="toggle" @click=${on.onOpenChange}>
      ${change.toggleLabel}
    </button>
    <div ${spread(props(api, 'change-body'))} ?hidden=${!change.opened}>
      ${
        change.opened
          ? change.parts.map(
              (part, i) =>
                html`<div ${spread(api.getChangePartProps(i))} class="change-part">
                  <p ${spread(props(api, 'change-part-label'))} class="change-label">
                    ${part.label}
                  </p>
                  <p class="diff">
                    <span class="text"
                      >${part.segments.map((segment, j) => renderSegment(api, segment, i, j))}</span
                    >
                  </p>
                </div>`,
            )
          : nothing
      }
    </div>
  </div>`;
}

/** Added text underlined in an `<ins>`, removed text struck through in a `<del>`; the model labels both. */
function renderSegment(
  api: PermissionApi,
  segment: ChangeView['parts'][number]['segments'][number],
  part: number,
  index: number,
) {
  const attrs = spread(api.getChangeSegmentProps(part, index));
  // Screen readers do not announce <ins>/<del>: a hidden word says which it is.
  const word = (op: 'added' | 'removed') =>
    html`<span class="sr-only">${api.change?.marks[op] ?? ''} </span>`;
  if (segment.op === 'added') return html`<ins ${attrs}>${word('added')}${segment.text}</ins>`;
  if (segment.op === 'removed') return html`<del ${attrs}>${word('removed')}${segment.text}</del>`;
  return html`<span ${attrs}>${segment.text}</span>`;
}
