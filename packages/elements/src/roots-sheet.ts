import type { TemplateResult } from 'lit';
import type {
  ConsentPresenter,
  RootsAnswer,
  RootsApi,
  RootsCall,
  RootsFocus,
  RootsGrain,
  RootsResult,
} from '@mcp-consent/prompt';
import { formFieldStyles } from './elicitation-sheet.styles.js';
import { emit } from './events.js';
import type { ItemOf, SettledOf } from './internal/presenter-controller.js';
import { onAction, PresenterSheet } from './internal/presenter-sheet.js';
import { renderRoots } from './internal/roots-view.js';
import { rootsStyles } from './styles/roots.styles.js';
import { answerColumns, sheetFrame } from './styles/sheet.styles.js';
import { buttons, tokens } from './styles/tokens.styles.js';

/**
 * @tagname mcp-roots-sheet
 * `<mcp-roots-sheet>`: answers a server's `roots/list`. The user picks which of the host's roots
 * the server may see (native checkboxes, none checked), whether to remember it for this server
 * or only this time, then Share selected or Share none (the default; Escape shares none, only
 * this time). The requesting server is always shown. Same frame, focus handling and input guard
 * as `<mcp-permission-sheet>`; give them the same presenter for one sheet at a time.
 *
 * ```js
 * guardClient(client, { prompt: sheet.prompt, roots: { list, pickRoots: rootsSheet.roots }, … });
 * sheet.presenter = rootsSheet.presenter = createConsentPresenter({ engine, clock });
 * ```
 *
 * @slot - none: every string comes from the model.
 * @fires {CustomEvent<OpenDetail>} mcp-open - a roots request is shown.
 * @fires {CustomEvent<RootsResultDetail>} mcp-roots-result - the user answered: the URIs shared and the grain.
 * @fires {CustomEvent<CloseDetail>} mcp-close - the sheet closed.
 * @csspart root - the dialog (`data-guard`, `data-state`).
 * @csspart header - title and server.
 * @csspart title - "Share folders with this server?".
 * @csspart close - the close button (shares none).
 * @csspart server-chip - "from <server>": the requesting server, always shown.
 * @csspart trust - "Trusted server" / "Untrusted server".
 * @csspart notice - hidden characters, settled elsewhere (`data-kind`).
 * @csspart intro - who asks, and that nothing is shared unless checked.
 * @csspart list-heading - "Folders this app can share".
 * @csspart list - the group of roots.
 * @csspart item - one root's row (`data-checked`), a 48 px target.
 * @csspart checkbox - its native checkbox.
 * @csspart item-number - the number key that toggles it.
 * @csspart item-name - the root's name (host text, cleaned).
 * @csspart item-uri - the root's URI.
 * @csspart count - "1 of 3 selected".
 * @csspart empty - shown instead of the list when the host has no roots.
 * @csspart grains - the radio group: remember for this server, or only this time.
 * @csspart grains-heading - "Remember this choice".
 * @csspart grain - one radio (`data-grain`).
 * @csspart actions - Share selected, Share none.
 * @csspart action - one action (`data-answer`, `data-default` on Share none).
 * @csspart action-share - Share selected; likewise action-share_none.
 * @csspart key-hint - the keyboard hint.
 * @csspart guard - "input is paused" while the input guard runs.
 * @csspart announcer - the polite live region of the announcement (visually hidden).
 * @cssprop [--mcp-sheet-breakpoint=600px] - viewport width from which the sheet is a centred modal.
 * @cssprop [--mcp-surface] - and every other colour token of `<mcp-permission-sheet>`.
 */
export class McpRootsSheet extends PresenterSheet<RootsApi> {
  static override styles = [
    tokens,
    buttons,
    sheetFrame,
    answerColumns,
    formFieldStyles,
    rootsStyles,
  ];

  /**
   * The queue the sheet shows (`createConsentPresenter`): share one with the other sheets for
   * one sheet at a time across kinds. @default undefined (the sheet's own)
   */
  declare presenter: ConsentPresenter | undefined;

  /** A `pickRoots` callback for `@mcp-consent/mcp`: resolves with what the user shared. */
  readonly roots = (call: RootsCall): Promise<RootsResult> => this.consent.presenter.roots(call);

  constructor() {
    super('roots');
  }

  protected renderBody(api: RootsApi): TemplateResult {
    return renderRoots(api, this.announcement, this.handlers);
  }

  /** The control that stands for a focus of the model. */
  protected targetOf(focus: RootsFocus): HTMLElement | null {
    const root = this.renderRoot;
    if (focus.startsWith('root-'))
      return root.querySelector(`[data-part='checkbox'][data-index='${focus.slice(5)}']`);
    if (focus.startsWith('grain-'))
      return root.querySelector(`[data-part='grain'][data-grain='${focus.slice(6)}']`);
    return root.querySelector(`[data-part='action'][data-answer='${focus}']`);
  }

  protected focusFrom(target: HTMLElement, api: RootsApi): void {
    const { part, index, grain, answer } = target.dataset;
    if (part === 'checkbox' && index !== undefined) api.focus(`root-${Number(index)}`);
    else if (part === 'grain' && grain) api.focus(`grain-${grain as RootsGrain}`);
    else if (part === 'action' && answer) api.focus(answer as RootsAnswer);
  }

  /**
   * Escape anywhere shares none; a number key ticks its root; on an action the model's keys
   * (arrows, Enter) apply. Space and arrows on a checkbox or radio stay the browser's.
   */
  protected override ownsKey(event: KeyboardEvent): boolean {
    const isNumber = /^[1-9]$/.test(event.key);
    if (!onAction(event) && !isNumber && event.key !== 'Escape') return false;
    return event.key !== ' ';
  }

  protected answered(item: ItemOf<'roots'>, record: SettledOf<'roots'>): void {
    emit(this, 'mcp-roots-result', { requestId: this.requestIdOf(item), result: record.answer });
  }

  private readonly handlers = {
    onToggle: (event: Event, index: number) => {
      const api = this.api;
      const input = event.target as HTMLInputElement;
      api?.toggle(index, input.checked);
      // Refused (input guard): the box shows the model's state again.
      this.requestUpdate();
    },
    onGrain: (_event: Event, grain: RootsGrain) => {
      this.api?.setGrain(grain);
      this.requestUpdate();
    },
    onAction: (event: MouseEvent, answer: RootsAnswer) => {
      if (this.acceptClick(event)) this.api?.choose(answer);
    },
    onClose: this.onCloseClick,
  };
}
