import { html, nothing, type TemplateResult } from 'lit';
import type { PartProps } from '@mcp-consent/prompt';
import { closeIcon, trustedIcon, untrustedIcon } from './icons.js';
import { spread } from './spread.js';

/** A model's attributes by anatomy part. */
type Props = Readonly<Partial<Record<string, PartProps>>>;

/** What the header pieces read of a model's view. */
export interface HeadView {
  readonly props: Props;
  readonly title: string;
  readonly server: { readonly from: string; readonly trustLabel: string };
}

/** What the foot reads of a model's view. */
export interface FootView {
  readonly props: Props;
  readonly keyHint: string;
  readonly guard: { readonly text: string };
}

/** The title and the close button (it answers what Escape answers). */
export function titleRow(api: HeadView, onClose: (event: MouseEvent) => void): TemplateResult {
  const p = api.props;
  return html`<div class="title-row">
    <h2 ${spread(p.title!)}>${api.title}</h2>
    <button ${spread(p.close!)} class="close" @click=${onClose}>${closeIcon}</button>
  </div>`;
}

/** "from <server>" and whether it is trusted: the requesting server is always shown. */
export function serverChip(api: HeadView): TemplateResult {
  const p = api.props;
  return html`<span ${spread(p['server-chip']!)} class="server-chip"
    ><span class="from">${api.server.from}</span>
    <span ${spread(p.trust!)}>${trustedIcon}${untrustedIcon}${api.server.trustLabel}</span></span
  >`;
}

/** The drag handle and the header of a one-kind sheet: title row, server chip, then `extra`. */
export function sheetHead(
  api: HeadView,
  onClose: (event: MouseEvent) => void,
  extra: unknown = nothing,
): TemplateResult {
  return html`<div class="handle" aria-hidden="true"></div>
    <div ${spread(api.props.header!)} class="head">
      ${titleRow(api, onClose)}
      <div>${serverChip(api)}</div>
      ${extra}
    </div>`;
}

/** The foot: the actions, the key hint and the input guard's line; then the live region. */
export function sheetFoot(api: FootView, announcement: string, actions: unknown): TemplateResult {
  const p = api.props;
  return html`<div class="foot">
      <div ${spread(p.actions!)} class="actions">${actions}</div>
      <div class="status-line">
        <p ${spread(p['key-hint']!)}>${api.keyHint}</p>
        <p ${spread(p.guard!)}>${api.guard.text}</p>
      </div>
    </div>
    <div ${spread(p.announcer!)}>${announcement}</div>`;
}

/** One action button, with the `action-<name>` part. */
export function actionButton(
  props: PartProps,
  name: string,
  onClick: (event: MouseEvent) => void,
  content: unknown,
  disabled = false,
): TemplateResult {
  return html`<button ${spread(props, `action-${name}`)} ?disabled=${disabled} @click=${onClick}>
    ${content}
  </button>`;
}

/** An action's plain label. */
export const actionLabel = (label: string): TemplateResult =>
  html`<span class="label">${label}</span>`;

/** One button per answer, each with its plain label; `disabled` once the request is answered. */
export function labelledActions<A extends string>(
  api: { getActionProps(answer: A): PartProps },
  actions: readonly { readonly answer: A; readonly label: string }[],
  onAction: (event: MouseEvent, answer: A) => void,
  disabled = false,
): TemplateResult[] {
  return actions.map(({ answer, label }) =>
    actionButton(
      api.getActionProps(answer),
      answer,
      (event) => onAction(event, answer),
      actionLabel(label),
      disabled,
    ),
  );
}
