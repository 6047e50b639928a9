import type { Clock } from '@mcp-consent/engine';
import type { ResultReviewModel } from '@mcp-consent/prompt';
import { LinesPrompt } from './lines-prompt.js';
import { layoutResultReview } from './result-review-layout.js';
import type { TerminalPromptOptions } from './shared.js';

export interface ResultReviewPromptProps extends TerminalPromptOptions {
  /**
   * The model to show, owned by the caller: `snapshot.current.model` of
   * `createConsentPresenter`, or `createResultReviewPrompt(request, …)`.
   */
  model: ResultReviewModel;
  /** The clock the model was built with: keys pressed inside its input guard are dropped. */
  clock: Clock;
}

/**
 * An allowed tool call's result in the terminal, before the model sees it: who answered, the
 * tool and its tier, the content as the model cleaned and labelled it, and two numbered answers:
 * 1 Send to the model (focused), 2 Withhold from the model (Esc withholds too).
 */
export function ResultReviewPrompt(props: ResultReviewPromptProps) {
  return <LinesPrompt {...props} layout={layoutResultReview} />;
}
