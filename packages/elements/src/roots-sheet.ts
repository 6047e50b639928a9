import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import {
  createConsentPresenter,
  type ConsentPresenter,
  type RootsAnswer,
  type RootsApi,
  type RootsCall,
  type RootsFocus,
  type RootsGrain,
  type RootsResult,
} from '@mcp-consent/prompt';
import { formFieldStyles } from './elicitation-sheet.styles.js';
import { emit } from './events.js';
import { ModalSheet } from './internal/modal-sheet.js';
import { ModelController } from './internal/model-controller.js';
import {
  PresenterController,
  type ItemOf,
  type SettledOf,
} from './internal/presenter-controller.js';
import { renderRoots } from './internal/roots-view.js';
import { spread } from './internal/spread.js';
import { rootsStyles } from './styles/roots.styles.js';
import { sheetFrame } from './styles/sheet.styles.js';
import { buttons, tokens } from './styles/tokens.styles.js';

type Item = ItemOf<'roots'>;

/** The properties the presenter in use depends on. */
const OWN_OPTIONS = ['presenter', 'clock', 'locale', 'guardMs'] as const;

const requestIdOf = (item: Item) => item.call.id ?? item.id;

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
export class McpRootsSheet extends ModalSheet {
  static override properties = {
    ...ModalSheet.properties,
    presenter: { attribute: false },
  };
  static override styles = [tokens, buttons, sheetFrame, formFieldStyles, rootsStyles];

  /**
   * The queue the sheet shows (`createConsentPresenter`): share one with the other sheets for
   * one sheet at a time across kinds. @default undefined (the sheet's own)
   */
  declare presenter: ConsentPresenter | undefined;

  private readonly model = new ModelController<RootsApi>(this);
  private readonly consent = new PresenterController<'roots'>(this, {
    kinds: ['roots'],
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

  /** A `pickRoots` callback for `@mcp-consent/mcp`: resolves with what the user shared. */
  readonly roots = (call: RootsCall): Promise<RootsResult> => this.consent.presenter.roots(call);

  protected get showing(): boolean {
    return this.consent.item !== undefined;
  }

  private get api(): RootsApi | undefined {
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
      ${api ? renderRoots(api, this.announcement, this.handlers) : nothing}
    </dialog>`;
  }

  /** The control that stands for a focus of the model. */
  private targetOf(focus: RootsFocus): HTMLElement | null {
    const root = this.renderRoot;
    if (focus.startsWith('root-'))
      return root.querySelector(`[data-part='checkbox'][data-index='${focus.slice(5)}']`);
    if (focus.startsWith('grain-'))
      return root.querySelector(`[data-part='grain'][data-grain='${focus.slice(6)}']`);
    return root.querySelector(`[data-part='action'][data-answer='${focus}']`);
  }

  private settled(item: Item, record: SettledOf<'roots'>): void {
    if (record.end !== 'answered') return;
    emit(this, 'mcp-roots-result', { requestId: requestIdOf(item), result: record.answer });
  }

  private closed(item: Item, record: SettledOf<'roots'> | undefined): void {
    this.model.set(undefined);
    this.focusKey = '';
    this.closeDialog();
    const reason = record?.end === 'answered' ? 'answered' : 'settled_elsewhere';
    emit(this, 'mcp-close', { requestId: requestIdOf(item), reason });
  }

  // --- intents -----------------------------------------------------------------------

  /**
   * Escape anywhere shares none; a number key ticks its root; on an action the model's keys
   * (arrows, Enter) apply. Space and arrows on a checkbox or radio stay the browser's.
   */
  private readonly onKeydown = (event: KeyboardEvent): void => {
    const api = this.api;
    if (!api || !this.acceptKey(event) || this.trapTab(event)) return;
    const target = event.composedPath()[0];
    const onAction = target instanceof HTMLElement && target.dataset.part === 'action';
    const isNumber = /^[1-9]$/.test(event.key);
    if (!onAction && !isNumber && event.key !== 'Escape') return;
    if (event.key === ' ') return;
    const { handled } = api.handleKey(event);
    if (!handled) return;
    event.preventDefault();
    event.stopPropagation();
  };

  private readonly onFocusin = (event: FocusEvent): void => {
    const api = this.api;
    const target = event.composedPath()[0];
    if (!api || !(target instanceof HTMLElement)) return;
    const { part, index, grain, answer } = target.dataset;
    if (part === 'checkbox' && index !== undefined) api.focus(`root-${Number(index)}`);
    else if (part === 'grain' && grain) api.focus(`grain-${grain as RootsGrain}`);
    else if (part === 'action' && answer) api.focus(answer as RootsAnswer);
  };

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
    onClose: (event: MouseEvent) => {
      const api = this.api;
      if (api && this.acceptClick(event)) api.choose(api.escapeAction);
    },
  };
}
