import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import {
  createConsentPresenter,
  type ConsentPresenter,
  type ResultReviewAnswer,
  type ResultReviewApi,
  type ResultReviewCall,
  type ResultReviewResult,
} from '@mcp-consent/prompt';
import { emit } from './events.js';
import { ModalSheet } from './internal/modal-sheet.js';
import { ModelController } from './internal/model-controller.js';
import {
  PresenterController,
  type ItemOf,
  type SettledOf,
} from './internal/presenter-controller.js';
import { renderResultReview } from './internal/result-review-view.js';
import { spread } from './internal/spread.js';
import { resultReviewStyles } from './styles/result-review.styles.js';
import { sheetFrame } from './styles/sheet.styles.js';
import { buttons, tokens } from './styles/tokens.styles.js';

type Item = ItemOf<'result_review'>;

/** The properties the presenter in use depends on. */
const OWN_OPTIONS = ['presenter', 'clock', 'locale', 'guardMs'] as const;

const requestIdOf = (item: Item) => item.call.id ?? item.id;

/**
 * @tagname mcp-result-review-sheet
 * `<mcp-result-review-sheet>`: shows an allowed tool call's result before the model sees it
 * (`reviewResults` of `@mcp-consent/mcp`). The user sees who answered, the tool and its tier,
 * and the content (server text as text only; images, audio, resources and structured data
 * described by kind and size), then Send to the model (the default) or Withhold from the model
 * (Escape withholds). Same frame, focus handling and input guard as `<mcp-permission-sheet>`;
 * give them the same presenter for one sheet at a time.
 *
 * ```js
 * guardClient(client, { reviewResults: { tiers: ['high'] }, reviewResult: reviewSheet.result, … });
 * sheet.presenter = reviewSheet.presenter = createConsentPresenter({ engine, clock });
 * ```
 *
 * @slot - none: every string comes from the model.
 * @fires {CustomEvent<OpenDetail>} mcp-open - a result is shown for review.
 * @fires {CustomEvent<ResultReviewDetail>} mcp-result-review - the user answered: send or withhold.
 * @fires {CustomEvent<CloseDetail>} mcp-close - the sheet closed.
 * @csspart root - the dialog (`data-guard`, `data-state`, `data-tier`).
 * @csspart header - title, server, tool and tier.
 * @csspart title - "Review this result before the model sees it".
 * @csspart close - the close button (withholds).
 * @csspart server-chip - "from <server>": the server that answered, always shown.
 * @csspart trust - "Trusted server" / "Untrusted server".
 * @csspart tool - "Tool: <name>" (the name is server text, cleaned).
 * @csspart risk - the call's risk tier.
 * @csspart notice - hidden characters, settled elsewhere (`data-kind`).
 * @csspart intro - what was returned and what the answers do.
 * @csspart error - the kit's line when the server flagged the result as an error.
 * @csspart content-heading - "Result from the server".
 * @csspart content - the group of blocks.
 * @csspart block - one content block (`data-kind`: text or label).
 * @csspart block-text - a text block's cleaned text.
 * @csspart block-label - an image, audio, resource or structured data block, described.
 * @csspart truncated - how much of a long text is not shown.
 * @csspart empty - shown when the result has no content.
 * @csspart actions - Send to the model, Withhold from the model.
 * @csspart action - one action (`data-answer`, `data-default` on Send).
 * @csspart action-send - Send to the model; likewise action-withhold.
 * @csspart key-hint - the keyboard hint.
 * @csspart guard - "input is paused" while the input guard runs.
 * @csspart announcer - the polite live region of the announcement (visually hidden).
 * @cssprop [--mcp-sheet-breakpoint=600px] - viewport width from which the sheet is a centred modal.
 * @cssprop [--mcp-surface] - and every other colour token of `<mcp-permission-sheet>`.
 */
export class McpResultReviewSheet extends ModalSheet {
  static override properties = {
    ...ModalSheet.properties,
    presenter: { attribute: false },
  };
  static override styles = [tokens, buttons, sheetFrame, resultReviewStyles];

  /**
   * The queue the sheet shows (`createConsentPresenter`): share one with the other sheets for
   * one sheet at a time across kinds. @default undefined (the sheet's own)
   */
  declare presenter: ConsentPresenter | undefined;

  private readonly model = new ModelController<ResultReviewApi>(this);
  private readonly consent = new PresenterController<'result_review'>(this, {
    kinds: ['result_review'],
    given: () => this.presenter,
    createOwn: () =>
      createConsentPresenter({ clock: this.clock, locale: this.locales, guardMs: this.guardMs }),
    ownDeps: () => [this.clock, this.locale, this.guardMs],
    opened: (item, late) => {
      if (late) this.dueWhileAway();
      this.model.set(item.model);
      this.announce(item.model.connect().announcement);
    },
    reportOpen: (item) => emit(this, 'mcp-open', { requestId: requestIdOf(item) }),
    settled: (item, record) => this.settled(item, record),
    closed: (item, record) => this.closed(item, record),
  });
  private focusKey = '';

  /** A `reviewResult` callback for `@mcp-consent/mcp`: resolves with Send or Withhold. */
  readonly result = (call: ResultReviewCall): Promise<ResultReviewResult> =>
    this.consent.presenter.result(call);

  protected get showing(): boolean {
    return this.consent.item !== undefined;
  }

  private get api(): ResultReviewApi | undefined {
    return this.consent.item?.model.connect();
  }

  protected defaultFocusTarget(): HTMLElement | null {
    const api = this.api;
    return api ? this.targetOf(api.focused) : null;
  }

  protected rearm(): void {
    this.consent.active?.model.rearm();
  }

  protected leave(): void {
    this.consent.leave();
  }

  protected renderFailed(error: unknown): boolean {
    return this.consent.fail(error);
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (OWN_OPTIONS.some((name) => changed.has(name))) this.consent.refresh();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const api = this.api;
    if (!api || api.status !== 'open' || !this.dialog?.open) return;
    const key = `${this.consent.item?.id}:${api.focused}`;
    if (key !== this.focusKey) {
      this.focusKey = key;
      this.targetOf(api.focused)?.focus();
    }
  }

  override render(): TemplateResult {
    const api = this.api;
    return html`<dialog
      ${spread(api?.props.root ?? {})}
      @keydown=${this.onKeydown}
      @focusin=${this.onFocusin}
      @cancel=${this.onCancel}
      @close=${this.onClose}
    >
      ${api ? renderResultReview(api, this.announcement, this.handlers) : nothing}
    </dialog>`;
  }

  /** The button that stands for a focus of the model. */
  private targetOf(focus: ResultReviewAnswer): HTMLElement | null {
    return this.renderRoot.querySelector(`[data-part='action'][data-answer='${focus}']`);
  }

  private settled(item: Item, record: SettledOf<'result_review'>): void {
    if (record.end !== 'answered') return;
    emit(this, 'mcp-result-review', { requestId: requestIdOf(item), result: record.answer });
  }

  private closed(item: Item, record: SettledOf<'result_review'> | undefined): void {
    this.model.set(undefined);
    this.focusKey = '';
    this.closeDialog();
    const reason = record?.end === 'answered' ? 'answered' : 'settled_elsewhere';
    emit(this, 'mcp-close', { requestId: requestIdOf(item), reason });
  }

  // --- intents -----------------------------------------------------------------------

  /** The model's keys (1, 2, arrows, Enter, Escape) anywhere in the sheet. */
  private readonly onKeydown = (event: KeyboardEvent): void => {
    const api = this.api;
    if (!api || !this.acceptKey(event) || this.trapTab(event)) return;
    const { handled } = api.handleKey(event);
    if (!handled) return;
    event.preventDefault();
    event.stopPropagation();
  };

  private readonly onFocusin = (event: FocusEvent): void => {
    const api = this.api;
    const target = event.composedPath()[0];
    if (!api || !(target instanceof HTMLElement)) return;
    const { part, answer } = target.dataset;
    if (part === 'action' && answer) api.focus(answer as ResultReviewAnswer);
  };

  private readonly handlers = {
    onAction: (event: MouseEvent, answer: ResultReviewAnswer) => {
      if (this.acceptClick(event)) this.api?.choose(answer);
    },
    onClose: (event: MouseEvent) => {
      const api = this.api;
      if (api && this.acceptClick(event)) api.choose(api.escapeAction);
    },
  };
}
