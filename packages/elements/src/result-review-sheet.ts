import type { TemplateResult } from 'lit';
import type {
  ConsentPresenter,
  ResultReviewAnswer,
  ResultReviewApi,
  ResultReviewCall,
  ResultReviewResult,
} from '@mcp-consent/prompt';
import { emit } from './events.js';
import type { ItemOf, SettledOf } from './internal/presenter-controller.js';
import { PresenterSheet } from './internal/presenter-sheet.js';
import { renderResultReview } from './internal/result-review-view.js';
import { resultReviewStyles } from './styles/result-review.styles.js';
import { answerColumns, sheetFrame } from './styles/sheet.styles.js';
import { buttons, tokens } from './styles/tokens.styles.js';

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
export class McpResultReviewSheet extends PresenterSheet<ResultReviewApi> {
  static override styles = [tokens, buttons, sheetFrame, answerColumns, resultReviewStyles];

  /**
   * The queue the sheet shows (`createConsentPresenter`): share one with the other sheets for
   * one sheet at a time across kinds. @default undefined (the sheet's own)
   */
  declare presenter: ConsentPresenter | undefined;

  /** A `reviewResult` callback for `@mcp-consent/mcp`: resolves with Send or Withhold. */
  readonly result = (call: ResultReviewCall): Promise<ResultReviewResult> =>
    this.consent.presenter.result(call);

  constructor() {
    super('result_review');
  }

  protected renderBody(api: ResultReviewApi): TemplateResult {
    return renderResultReview(api, this.announcement, this.handlers);
  }

  /** The button that stands for a focus of the model. */
  protected targetOf(focus: ResultReviewAnswer): HTMLElement | null {
    return this.renderRoot.querySelector(`[data-part='action'][data-answer='${focus}']`);
  }

  protected focusFrom(target: HTMLElement, api: ResultReviewApi): void {
    const { part, answer } = target.dataset;
    if (part === 'action' && answer) api.focus(answer as ResultReviewAnswer);
  }

  protected answered(item: ItemOf<'result_review'>, record: SettledOf<'result_review'>): void {
    emit(this, 'mcp-result-review', { requestId: this.requestIdOf(item), result: record.answer });
  }

  private readonly handlers = {
    onAction: (event: MouseEvent, answer: ResultReviewAnswer) => {
      if (this.acceptClick(event)) this.api?.choose(answer);
    },
    onClose: this.onCloseClick,
  };
}
