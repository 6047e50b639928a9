import type { Clock } from '@mcp-consent/engine';
import type { RootsModel } from '@mcp-consent/prompt';
import { LinesPrompt } from './lines-prompt.js';
import { layoutRoots } from './roots-layout.js';
import type { TerminalPromptOptions } from './shared.js';

export interface RootsPromptProps extends TerminalPromptOptions {
  /**
   * The model to show, owned by the caller: `snapshot.current.model` of
   * `createConsentPresenter`, or `createRootsPrompt(request, …)`.
   */
  model: RootsModel;
  /** The clock the model was built with: keys pressed inside its input guard are dropped. */
  clock: Clock;
}

/**
 * A server's `roots/list` in the terminal: who asks, the host's roots numbered with a checkbox
 * each (its number or Space on it toggles it), remember for this server or only this time, and
 * Share selected or Share none (focused; Esc shares none, only this time).
 */
export function RootsPrompt(props: RootsPromptProps) {
  return <LinesPrompt {...props} layout={layoutRoots} />;
}
