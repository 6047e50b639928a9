import { html, type TemplateResult } from 'lit';
import type { ServerRef } from '@mcp-consent/engine';
import type {
  ConsentPresenter,
  ElicitAction,
  ElicitationApi,
  ElicitationCall,
  ElicitationUrlApi,
  ElicitRequest,
  ElicitResult,
  FieldView,
} from '@mcp-consent/prompt';
import { elicitationSheetStyles } from './elicitation-sheet.styles.js';
import { renderActionContent, renderForm, renderMessage } from './internal/elicitation-fields.js';
import { emit } from './events.js';
import { linkIcon } from './internal/icons.js';
import type { ItemOf, SettledOf } from './internal/presenter-controller.js';
import { onAction, PresenterSheet } from './internal/presenter-sheet.js';
import { actionButton, sheetFoot, sheetHead } from './internal/sheet-view.js';
import { spread } from './internal/spread.js';
import { sheetFrame } from './styles/sheet.styles.js';
import { buttons, tokens } from './styles/tokens.styles.js';

/**
 * One elicitation as `@mcp-consent/mcp` hands it to its `elicit` callback (only these
 * fields are read), so `elicit: sheet.elicit` plugs in as it is: the presenter's
 * `ElicitationCall`.
 */
export type ElicitationInput = ElicitationCall;

type Item = ItemOf<'elicitation'>;

/**
 * The id events carry: the caller's, else a URL-mode request's own `elicitationId`, else the
 * presenter's.
 */
function requestIdOf(item: Item): string {
  const { params } = item.call;
  const urlId = params.mode === 'url' ? params.elicitationId : undefined;
  return item.call.id ?? (typeof urlId === 'string' ? urlId : item.id);
}

/**
 * @tagname mcp-elicitation-sheet
 * `<mcp-elicitation-sheet>`: answers a server's `elicitation/create` in form mode (fields
 * from the requested schema, validation, typed content) or URL mode (the full URL with its
 * host highlighted and warnings; the sheet never opens it, the host does after `accept`).
 * The requesting server is always shown. Escape = cancel. Same frame, focus handling and
 * input guard as `<mcp-permission-sheet>`.
 *
 * The sheet holds no queue: it shows the head of a `ConsentPresenter` (`@mcp-consent/prompt`)
 * while that is an elicitation, with the model the presenter built. Without a `presenter`
 * it makes its own from `clock`, `locale` and `guardMs`. Give it and `<mcp-permission-sheet>`
 * the same presenter and the page shows one sheet at a time, in the order the requests
 * came: a question a tool asks waits while the permission prompt before it is open.
 *
 * ```js
 * guardClient(client, { prompt: sheet.prompt, elicit: elicitationSheet.elicit, … });
 * sheet.presenter = elicitationSheet.presenter = createConsentPresenter({ engine, clock });
 * ```
 *
 * @slot - none: every string comes from the model.
 * @fires {CustomEvent<OpenDetail>} mcp-open - an elicitation is shown.
 * @fires {CustomEvent<ElicitationResultDetail>} mcp-elicitation-result - the user answered: `result`, and `openUrl` to open after a URL-mode accept.
 * @fires {CustomEvent<CloseDetail>} mcp-close - the sheet closed.
 * @csspart root - the dialog (`data-mode`: form or url, `data-guard`, `data-state`).
 * @csspart header - title and server.
 * @csspart title - "Notes server is asking for information".
 * @csspart close - the close button (answers cancel).
 * @csspart server-chip - "From server": the requesting server, always shown.
 * @csspart trust - "Trusted server" / "Untrusted server".
 * @csspart notice - hidden characters, settled elsewhere.
 * @csspart message-label - "Message from the server".
 * @csspart message - the server's message: blocks of a safe markdown subset, text only.
 * @csspart message-block - a paragraph, list item or code block (`data-kind`).
 * @csspart message-marker - a list item's bullet or number.
 * @csspart message-run - a run of text (`data-kind`: text, strong, emphasis, code, link — a link shows its real host and is never clickable).
 * @csspart error-summary - "2 fields need attention" after a submit with errors.
 * @csspart form - the form.
 * @csspart field - one field (`data-kind`, `data-invalid`).
 * @csspart field-label - a field's label.
 * @csspart field-required - "required" / "optional".
 * @csspart field-description - a field's description.
 * @csspart field-input - the input, select, or the group of checkboxes of a multi-select.
 * @csspart field-option - one option of a select or multi-select.
 * @csspart field-error - a field's error.
 * @csspart url-label - "Address".
 * @csspart url - the full URL.
 * @csspart url-before - the URL before its host.
 * @csspart url-host - the host, highlighted.
 * @csspart url-after - the URL after its host.
 * @csspart url-site - "Site: example.com".
 * @csspart url-warning - a warning: punycode, mixed scripts, look-alikes, plain HTTP, user info, bare IP.
 * @csspart url-error - why the URL cannot be opened.
 * @csspart url-notice - "Nothing is opened until you choose Open link."
 * @csspart actions - Not now (cancel), Don't share / Say no / Don't open (decline), then the primary Submit / Confirm / Open link (accept): one row when wide, stacked on a phone.
 * @csspart action - one action (`data-action`, `data-emphasis`: primary for accept, `data-tone`: danger when it confirms a destructive call).
 * @csspart action-detail - what Decline and Cancel do, in plain words.
 * @csspart action-accept - Submit / Confirm / Open link; likewise action-decline and action-cancel.
 * @csspart key-hint - the keyboard hint.
 * @csspart guard - "input is paused" while the input guard runs.
 * @csspart announcer - the polite live region of the announcement (visually hidden).
 * @cssprop [--mcp-sheet-breakpoint=600px] - viewport width (px, rem or em) from which the sheet is a centred modal; below it, a bottom sheet. Read by script on resize: media queries cannot use custom properties.
 * @cssprop [--mcp-sheet-max-width=560px] - width of the centred modal.
 * @cssprop [--mcp-highlight=light-dark(#ffe08a, #5a4300)] - background of the URL's host.
 * @cssprop [--mcp-on-highlight=light-dark(#261a00, #ffe08a)] - its text.
 * @cssprop [--mcp-surface] - and every other colour token of `<mcp-permission-sheet>`.
 */
export class McpElicitationSheet extends PresenterSheet<ElicitationApi> {
  static override styles = [tokens, buttons, sheetFrame, elicitationSheetStyles];

  /**
   * The queue the sheet shows (`createConsentPresenter`): share one with
   * `<mcp-permission-sheet>` for one sheet at a time across kinds. Its options then apply,
   * not the sheet's `clock`, `locale` and `guardMs`. Replaced, a question of the old one on
   * screen is cancelled. @default undefined (the sheet's own)
   */
  declare presenter: ConsentPresenter | undefined;

  /**
   * Promise form, shaped for `@mcp-consent/mcp`'s `elicit` callback. Resolves with
   * accept (with content in form mode), decline or cancel.
   */
  readonly elicit = (input: ElicitationInput): Promise<ElicitResult> =>
    this.consent.presenter.elicit(input);

  /** Shows a request from `server` and calls `onResult` with the answer (also the promise's value). */
  show(
    request: ElicitRequest,
    options: { server: ServerRef; signal?: AbortSignal },
    onResult?: (result: ElicitResult) => void,
  ): Promise<ElicitResult> {
    return this.elicit({ params: request, ...options }).then((result) => {
      onResult?.(result);
      return result;
    });
  }

  constructor() {
    super('elicitation');
  }

  protected override requestIdOf(item: Item): string {
    return requestIdOf(item);
  }

  protected override focusKeyOf(focused: ElicitationApi['focused']): string {
    return `${focused.kind}:${focused.kind === 'action' ? focused.action : focused.name}`;
  }

  protected renderBody(api: ElicitationApi): TemplateResult {
    const p = api.props;
    return html`${sheetHead(api, this.onCloseClick)}
      <div class="body" tabindex="0" role="group" aria-labelledby=${api.ids.title}>
        ${api.notices.map((notice) => html`<p ${spread(p.notice!)}>${notice.text}</p>`)}
        <p ${spread(p['message-label']!)} class="label">${api.message.label}</p>
        ${renderMessage(api)} ${api.mode === 'url' ? this.renderUrl(api) : renderForm(api)}
      </div>
      ${sheetFoot(
        api,
        this.announcement,
        api.actions.map((action) =>
          actionButton(
            api.getActionProps(action.action),
            action.action,
            (event) => this.onActionClick(event, action.action),
            renderActionContent(api, action),
          ),
        ),
      )}`;
  }

  private renderUrl(api: ElicitationUrlApi) {
    const p = api.props;
    const url = api.url;
    return html`<p ${spread(p['url-label']!)} class="label">${url.label}</p>
      <p ${spread(p.url!)} class="url">
        <span class="url-icon" aria-hidden="true">${linkIcon}</span
        ><span class="url-text"
          ><span ${spread(p['url-before']!)}>${url.before}</span
          ><mark ${spread(p['url-host']!)}>${url.host}</mark
          ><span ${spread(p['url-after']!)}>${url.after}</span></span
        >
      </p>
      <p ${spread(p['url-site']!)} class="site" ?hidden=${url.site === null}>${url.site ?? ''}</p>
      ${url.warnings.map((w) => html`<p ${spread(p['url-warning']!)}>${w.text}</p>`)}
      <p ${spread(p['url-error']!)} ?hidden=${url.error === null}>${url.error ?? ''}</p>
      <p ${spread(p['url-notice']!)} class="url-notice">${url.notice}</p>`;
  }

  protected targetOf(focus: ElicitationApi['focused'], api: ElicitationApi): HTMLElement | null {
    const root = this.renderRoot;
    if (focus.kind === 'action') {
      return root.querySelector(`[data-part='action'][data-action='${focus.action}']`);
    }
    const field =
      api.mode === 'form' ? api.form.fields.find((f) => f.name === focus.name) : undefined;
    const control = field ? root.querySelector<HTMLElement>(`#${CSS.escape(field.id)}`) : null;
    return control?.getAttribute('role') === 'group' ? control.querySelector('input') : control;
  }

  /** URL mode: the sheet never opens the link; the host does, after an accept. */
  protected answered(item: Item, record: SettledOf<'elicitation'>): void {
    const result = record.answer;
    const api = record.api;
    const openUrl = result.action === 'accept' && api?.mode === 'url' ? api.url.openUrl : null;
    emit(this, 'mcp-elicitation-result', { requestId: this.requestIdOf(item), result, openUrl });
  }

  // --- intents -----------------------------------------------------------------------

  private fieldOf(target: EventTarget | undefined): FieldView | undefined {
    const api = this.api;
    if (!(target instanceof HTMLElement) || api?.mode !== 'form') return undefined;
    const index = target.closest<HTMLElement>('[data-index]')?.dataset.index;
    return index === undefined ? undefined : api.form.fields[Number(index)];
  }

  /** Elsewhere (close, the page behind) only Escape is the model's; Space stays the browser's. */
  protected override ownsKey(event: KeyboardEvent): boolean {
    const onField = this.fieldOf(event.composedPath()[0]) !== undefined;
    if (!onAction(event) && !onField && event.key !== 'Escape') return false;
    return event.key !== ' ';
  }

  protected override handleKey(api: ElicitationApi, event: KeyboardEvent): boolean {
    const { handled, outcome } = api.handleKey(event);
    if (handled) this.afterOutcome(outcome);
    return handled;
  }

  /** An invalid form stays open: take the user to the first field that needs attention. */
  private afterOutcome(outcome: ReturnType<ElicitationApi['choose']> | undefined): void {
    if (outcome && !outcome.accepted && outcome.reason === 'invalid') {
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
  }

  protected focusFrom(target: HTMLElement, api: ElicitationApi): void {
    const action = target.dataset.action as ElicitAction | undefined;
    if (target.dataset.part === 'action' && action) return api.focus({ kind: 'action', action });
    const field = this.fieldOf(target);
    if (field) api.focus({ kind: 'field', name: field.name });
  }

  protected override readonly onFocusout = (event: FocusEvent): void => {
    const api = this.api;
    const field = this.fieldOf(event.composedPath()[0]);
    const next = this.fieldOf(event.relatedTarget ?? undefined);
    if (api?.mode === 'form' && field && next !== field) api.blur(field.name);
  };

  private onActionClick(event: MouseEvent, action: ElicitAction): void {
    const api = this.api;
    if (!api || !this.acceptClick(event)) return;
    this.afterOutcome(api.choose(action));
  }
}
