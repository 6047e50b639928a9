import { revealControlled } from '@mcp-consent/prompt/dom';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type {
  Choice,
  PermissionEngine,
  PromptAnswer,
  PromptRequest,
  ToolCall,
} from '@mcp-consent/engine';
import {
  connectChecking,
  createConsentPresenter,
  type ConsentPresenter,
  type DryRunAnswer,
  type DryRunApi,
  type GrainDecision,
  type GrainGroupView,
  type PermissionApi,
  type SamplingAction,
  type SamplingApi,
  type SamplingField,
  type SamplingFocus,
} from '@mcp-consent/prompt';
import { argsEditorStyles } from './args-editor.js';
import { emit } from './events.js';
import { renderDryRun } from './internal/dry-run-view.js';
import { renderSampling, type SamplingHandlers } from './internal/sampling-view.js';
import { closeIcon } from './internal/icons.js';
import { ModalSheet } from './internal/modal-sheet.js';
import { renderBody, type BodyHandlers } from './internal/permission-body.js';
import { serverTextStyles } from './internal/server-text.styles.js';
import { ModelController } from './internal/model-controller.js';
import {
  PresenterController,
  type ItemOf,
  type SettledOf,
} from './internal/presenter-controller.js';
import { spread } from './internal/spread.js';
import { formFieldStyles } from './elicitation-sheet.styles.js';
import { grainStyles, permissionSheetStyles } from './permission-sheet.styles.js';
import { buttons, tokens } from './styles/tokens.styles.js';
import { dryRunStyles } from './styles/dry-run.styles.js';
import { samplingStyles } from './styles/sampling.styles.js';
import { sheetFrame } from './styles/sheet.styles.js';

/**
 * What the sheet uses of an engine: the queue for "1 of 3", `checking` for the status, and
 * `assess` for the tool calls given to `show`.
 */
export type SheetEngine = Pick<
  PermissionEngine,
  'assess' | 'pending' | 'subscribe' | 'getSnapshot'
>;

type Kind = 'permission' | 'dry_run' | 'sampling';

/** The id the sheet's events carry: the engine request's, or the sampling step's own. */
const requestIdOf = (item: ItemOf<Kind>): string =>
  item.kind === 'sampling' ? item.id : item.request.id;

/** The properties the presenter in use depends on. */
const OWN_OPTIONS = [
  'presenter',
  'engine',
  'clock',
  'locale',
  'guardMs',
  'allowAlwaysExpiresInMs',
] as const;

/**
 * @tagname mcp-permission-sheet
 * `<mcp-permission-sheet>`: asks the user before an agent's tool call runs (spec R1–R9).
 * A bottom sheet on compact widths, a centred modal on expanded ones; modal (`<dialog>`
 * with `showModal()`), focus moved to the default action and returned afterwards, Tab
 * cycling inside, Escape = Deny once, keys 1–4, Enter and arrows from the prompt model.
 * Every string, attribute and decision comes from `@mcp-consent/prompt`.
 *
 * Dry-run mode (seed 001): a request of kind `dry_run` (what `@mcp-consent/mcp` asks when
 * a two-key server answered `DRY_RUN_PREVIEW`) shows the server's preview instead: Don't
 * run (focused, Escape) answers Deny once, Run it for real answers Allow once, on which the
 * binding re-issues the call with `__confirm`. Same frame, focus handling and input guard;
 * one prompt callback serves both.
 *
 * The sheet holds no queue: it shows the head of a `ConsentPresenter` (`@mcp-consent/prompt`)
 * while that is a permission prompt or a dry-run preview, with the model the presenter built.
 * Without a `presenter` it makes its own from `engine`, `clock`, `locale`, `guardMs` and
 * `allowAlwaysExpiresInMs`. Give it and `<mcp-elicitation-sheet>` the same presenter and the
 * page shows one sheet at a time, in the order the requests came, whatever their kind: a
 * permission prompt and the question its tool then asks never fight for the screen.
 *
 * ```js
 * engine.request(call, { prompt: sheet.prompt }); // the engine's prompt callback
 * sheet.show(toolCall, (choice) => …);             // R7, without an engine
 * const presenter = createConsentPresenter({ engine, clock: systemClock });
 * sheet.presenter = elicitationSheet.presenter = presenter; // one queue for both sheets
 * ```
 *
 * @slot - none: every string comes from the model.
 * @fires {CustomEvent<OpenDetail>} mcp-open - a prompt is shown (also each next one of a queue).
 * @fires {CustomEvent<DecisionDetail>} mcp-decision - the user answered; final, not cancelable.
 * @fires {CustomEvent<CloseDetail>} mcp-close - the sheet closed (`reason`: answered or settled_elsewhere).
 * @csspart root - the dialog: the sheet itself (`data-tier`, `data-guard`, `data-state`).
 * @csspart header - title, tool and server.
 * @csspart title - "Allow this tool to run?".
 * @csspart queue-position - "1 of 3" when several prompts wait.
 * @csspart close - the close button (answers Deny once).
 * @csspart tool-icon - the tool icon.
 * @csspart tool-name - the tool's name.
 * @csspart tool-title - the tool's title, when it has one.
 * @csspart tool-description - the tool's description.
 * @csspart server-chip - "From server" with the trust indicator.
 * @csspart trust - "Trusted server" / "Untrusted server" (`data-trusted`).
 * @csspart risk-badge - the risk tier, coloured by `data-color-role`.
 * @csspart risk-reasons - why this tier (a list).
 * @csspart risk-reason - one reason.
 * @csspart notice - expired grant, changed tool, hidden characters, settled elsewhere (`data-kind`).
 * @csspart effects-heading - "This tool will:".
 * @csspart effects - the effect lines (a list).
 * @csspart effect - one line (`data-effect`, `data-source`, `data-tone`).
 * @csspart effect-source - "Assumed: the server did not say" (hidden for declared lines).
 * @csspart args - the arguments preview (`data-expanded`, `data-truncated`).
 * @csspart args-heading - "Arguments preview:".
 * @csspart args-body - the arguments as JSON.
 * @csspart args-toggle - Show more / Show less.
 * @csspart args-redacted - "2 secret-looking values are hidden".
 * @csspart actions - the four actions in the two rows of spec R1.
 * @csspart action - one action (`data-choice`, `data-emphasis`, `aria-disabled`).
 * @csspart action-allow_once - Allow once; likewise action-allow_always, action-deny_once, action-deny_always.
 * @csspart action-shortcut - the number key of an action.
 * @csspart action-detail - "expires in 7 days" under Allow always (see `allowAlwaysExpiresInMs`).
 * @csspart action-reason - why an action is disabled: its accessible tooltip.
 * @csspart grains-toggle - "How long, and a note": opens the panel below (issue 17; only when the request offers grains).
 * @csspart grains - the panel: how long Allow always and Deny always hold, and the deny note.
 * @csspart grain-group - one "Remember an allow for" / "Remember a deny for" control (`data-decision`).
 * @csspart grain-label - its label; grain-select - its select; grain-option - one option.
 * @csspart grain-args-only - "Only these exact arguments" (a checkbox); grain-args-only-label - its label.
 * @csspart note - the optional deny note: note-label, note-input (a textarea), note-hint.
 * @csspart key-hint - the keyboard hint.
 * @csspart guard - "input is paused" while the input guard runs.
 * @csspart announcer - the polite live region of the announcement (visually hidden).
 * @csspart checking - "Checking permissions…" while a lookup takes over 100 ms.
 * @csspart step - dry run: "Step 2 of 2 · Send for real", above the title.
 * @csspart intro - dry run: "You allowed <tool> on <server>. The server answered with a preview …".
 * @csspart preview-heading - dry run: "The server says it would run it with:".
 * @csspart preview - dry run: the server's redacted preview as JSON (`data-expanded`); also args-toggle and args-redacted.
 * @csspart hint-label - dry run: the kit's label saying the quoted note is the server's, to its operator.
 * @csspart hint - dry run: the server's recovery hint, quoted (text runs), inside the `from-server` box.
 * @csspart operator-notice - dry run: the operator must also allow real changes.
 * @csspart action-approve - dry run: Send for real (`data-answer`); action-deny: Don't send (`data-default`).
 * @cssprop [--mcp-sheet-breakpoint=600px] - viewport width (px, rem or em) from which the sheet is a centred modal; below it, a bottom sheet. Read by script on resize: media queries cannot use custom properties.
 * @cssprop [--mcp-sheet-max-width=560px] - width of the centred modal.
 * @cssprop [--mcp-surface=light-dark(#ffffff, #1d1e22)] - background of the sheet.
 * @cssprop [--mcp-on-surface=light-dark(#1b1c1f, #e4e2e6)] - text.
 * @cssprop [--mcp-on-surface-variant=light-dark(#44474e, #c4c6d0)] - secondary text.
 * @cssprop [--mcp-surface-container=light-dark(#eef1f7, #2b2d33)] - chips, arguments, notices.
 * @cssprop [--mcp-outline=light-dark(#74777f, #8e9099)] - button borders.
 * @cssprop [--mcp-outline-variant=light-dark(#c4c6d0, #44474e)] - dividers.
 * @cssprop [--mcp-primary=light-dark(#0b57d0, #a8c7fa)] - the default action.
 * @cssprop [--mcp-on-primary=light-dark(#ffffff, #062e6f)] - its text.
 * @cssprop [--mcp-success-container=light-dark(#c4eed0, #0f5223)] - low risk, allowed.
 * @cssprop [--mcp-on-success-container=light-dark(#072711, #c4eed0)] - its text.
 * @cssprop [--mcp-warning-container=light-dark(#ffe08a, #5a4300)] - medium risk, URL warnings.
 * @cssprop [--mcp-on-warning-container=light-dark(#261a00, #ffe08a)] - its text.
 * @cssprop [--mcp-error-container=light-dark(#ffdad6, #8c1d18)] - high risk, denied, errors.
 * @cssprop [--mcp-on-error-container=light-dark(#410002, #ffdad6)] - its text.
 * @cssprop [--mcp-caution=light-dark(#8c1d18, #ffb4ab)] - marks effects that widen what a tool can do; invalid fields.
 * @cssprop [--mcp-focus-ring=light-dark(#0b57d0, #a8c7fa)] - focus outline.
 * @cssprop [--mcp-scrim=light-dark(rgb(0 0 0 / 0.45), rgb(0 0 0 / 0.65))] - the backdrop (`::backdrop`).
 * @cssprop [--mcp-radius=12px] - buttons.
 * @cssprop [--mcp-sheet-radius=20px] - corners of the sheet.
 * @cssprop [--mcp-target-size=48px] - minimum size of every target.
 * @cssprop [--mcp-font-family=system-ui] - text.
 * @cssprop [--mcp-mono-font-family=ui-monospace] - tool names, arguments, URLs.
 */
export class McpPermissionSheet extends ModalSheet {
  static override properties = {
    ...ModalSheet.properties,
    engine: { attribute: false },
    allowAlwaysExpiresInMs: { attribute: false },
    presenter: { attribute: false },
  };
  static override styles = [
    tokens,
    buttons,
    sheetFrame,
    argsEditorStyles,
    permissionSheetStyles,
    formFieldStyles,
    grainStyles,
    dryRunStyles,
    samplingStyles,
    serverTextStyles,
  ];

  /**
   * The engine the prompts come from: keeps "1 of 3" live, shows "Checking permissions…"
   * when its lookup takes over 100 ms (timed with `clock`) and assesses the calls given to
   * `show`. Used by the sheet's own presenter only. @default undefined
   */
  declare engine: SheetEngine | undefined;
  /**
   * Shows "expires in 7 days" under Allow always for this lifetime (`null`: never). Used by
   * the sheet's own presenter only. @default undefined
   */
  declare allowAlwaysExpiresInMs: number | null | undefined;
  /**
   * The queue the sheet shows (`createConsentPresenter`): share one with
   * `<mcp-elicitation-sheet>` for one sheet at a time across kinds. Its options then apply,
   * not the sheet's `engine`, `clock`, `locale`, `guardMs` and `allowAlwaysExpiresInMs`.
   * Replaced, a prompt of the old one on screen is answered Deny once. @default undefined (the
   * sheet's own)
   */
  declare presenter: ConsentPresenter | undefined;

  /** Renders again on every change of the model on screen (bound in `opened`). */
  private readonly model = new ModelController<PermissionApi | DryRunApi | SamplingApi>(this);
  private readonly consent = new PresenterController<Kind>(this, {
    kinds: ['permission', 'dry_run', 'sampling'],
    given: () => this.presenter,
    createOwn: () =>
      createConsentPresenter({
        clock: this.clock,
        locale: this.locales,
        guardMs: this.guardMs,
        ...(this.engine ? { engine: this.engine } : {}),
        permission:
          this.allowAlwaysExpiresInMs === undefined
            ? {}
            : { allowAlwaysExpiresInMs: this.allowAlwaysExpiresInMs },
      }),
    ownDeps: () => [
      this.engine,
      this.clock,
      this.locale,
      this.guardMs,
      this.allowAlwaysExpiresInMs,
    ],
    opened: (item, late) => this.opened(item, late),
    reportOpen: (item) => emit(this, 'mcp-open', { requestId: requestIdOf(item) }),
    settled: (item, record) => this.settled(item, record),
    closed: (item, record) => this.closed(item, record),
    synced: () => this.syncLocalQueue(),
  });
  private focusKey = '';

  /**
   * The engine's prompt callback: `engine.request(call, { prompt: sheet.prompt })`.
   * Resolves with the user's choice; a request settled elsewhere closes the sheet.
   */
  readonly prompt = (request: PromptRequest): Promise<PromptAnswer> =>
    this.consent.presenter.prompt(request);

  /**
   * Spec R7: asks about a tool call and calls `onDecision` with the answer (the promise
   * resolves with it too). Takes the engine's `PromptRequest` as it is, or a bare
   * `ToolCall`, which the presenter assesses by the engine's rules (a first call, no saved
   * grant); nothing is stored or audited then. Calls made while a prompt is open wait their turn.
   */
  show(
    toolCall: ToolCall | PromptRequest,
    onDecision?: (choice: Choice) => void,
    options: { signal?: AbortSignal } = {},
  ): Promise<Choice> {
    return this.consent.presenter.show(toolCall, onDecision, options);
  }

  /** The request on screen, if any. */
  get requestId(): string | null {
    const item = this.consent.active;
    return item ? requestIdOf(item) : null;
  }

  protected get showing(): boolean {
    return this.consent.item !== undefined;
  }

  /** The view on screen: a permission prompt, a dry-run preview or a sampling step. */
  private get view(): PermissionApi | DryRunApi | SamplingApi | undefined {
    return this.consent.item?.model.connect();
  }

  private get permission(): PermissionApi | undefined {
    const item = this.consent.item;
    return item?.kind === 'permission' ? item.model.connect() : undefined;
  }

  private get dryRun(): DryRunApi | undefined {
    const item = this.consent.item;
    return item?.kind === 'dry_run' ? item.model.connect() : undefined;
  }

  private get sampling(): SamplingApi | undefined {
    const item = this.consent.item;
    return item?.kind === 'sampling' ? item.model.connect() : undefined;
  }

  protected defaultFocusTarget(): HTMLElement | null {
    const view = this.view;
    if (!view) return null;
    return typeof view.focused === 'object'
      ? this.samplingTarget(view.focused)
      : this.actionButton(view.focused);
  }

  protected rearm(): void {
    this.consent.active?.model.rearm();
  }

  /** Nobody can answer a sheet that left the page: what it shows is denied, as the engine does. */
  protected leave(): void {
    this.consent.leave();
  }

  protected renderFailed(error: unknown): boolean {
    return this.consent.fail(error);
  }

  protected override willUpdate(changed: PropertyValues): void {
    // A new presenter, or new options for the sheet's own: listen to the one in use now.
    if (OWN_OPTIONS.some((name) => changed.has(name))) this.consent.refresh();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const view = this.view;
    if (!view || view.status !== 'open' || !this.dialog?.open) return;
    // Follow the model's focus (arrows, a new prompt), never fight Tab or a click.
    const focused = typeof view.focused === 'object' ? JSON.stringify(view.focused) : view.focused;
    const key = `${this.consent.item?.id}:${focused}`;
    if (key !== this.focusKey) {
      this.focusKey = key;
      this.defaultFocusTarget()?.focus();
    }
  }

  override render(): TemplateResult {
    const api = this.permission;
    const dryRun = this.dryRun;
    const sampling = this.sampling;
    return html`${this.renderChecking(api ?? dryRun ?? sampling)}
      <dialog
        ${spread(api?.props.root ?? dryRun?.props.root ?? sampling?.props.root ?? {})}
        @keydown=${this.onKeydown}
        @focusin=${this.onFocusin}
        @cancel=${this.onCancel}
        @close=${this.onClose}
      >
        ${
          api
            ? this.renderSheet(api)
            : dryRun
              ? renderDryRun(dryRun, this.announcement, this.dryRunHandlers)
              : sampling
                ? renderSampling(sampling, this.announcement, this.samplingHandlers)
                : nothing
        }
      </dialog>`;
  }

  private renderChecking(api: PermissionApi | DryRunApi | SamplingApi | undefined) {
    if (!this.consent.checking || api) return nothing;
    const checking = connectChecking({ locale: this.locales });
    return html`<div ${spread(checking.props.checking)} class="checking">
      <span class="spinner" aria-hidden="true"></span>${checking.text}
    </div>`;
  }

  private renderSheet(api: PermissionApi) {
    const p = api.props;
    // Only the kit's strings in the header; the header and body scroll as one on compact screens.
    return html`<div class="handle" aria-hidden="true"></div>
      <div class="scroll">
        <div ${spread(p.header!)} class="head">
          <div class="title-row">
            <h2 ${spread(p.title!)}>${api.header.title}</h2>
            <output ${spread(p['queue-position']!)} class="queue">${api.queue.text}</output>
            <button ${spread(p.close!)} class="close" @click=${this.onCloseClick}>
              ${closeIcon}
            </button>
          </div>
          <span ${spread(p['risk-badge']!)} class="risk-badge">${api.header.risk.label}</span>
        </div>
        <div class="body">${renderBody(api, this.bodyHandlers)}${this.renderGrains(api)}</div>
      </div>
      <div class="foot">
        <div ${spread(p.actions!)} class="actions">
          ${api.actionRows.map((row) => row.map((choice) => this.renderAction(api, choice)))}
        </div>
        ${api.actions.map(
          (action) =>
            html`<p ${spread(api.getActionReasonProps(action.choice))}>
              ${action.disabledReason ?? ''}
            </p>`,
        )}
        <div class="status-line">
          <p ${spread(p['key-hint']!)}>${api.keyHint}</p>
          <p ${spread(p.guard!)}>${api.guard.text}</p>
        </div>
      </div>
      <div ${spread(p.announcer!)}>${this.announcement}</div>`;
  }

  private renderAction(api: PermissionApi, choice: Choice) {
    const action = api.actions.find((a) => a.choice === choice)!;
    return html`<button
      ${spread(api.getActionProps(choice), `action-${choice}`)}
      @click=${(event: MouseEvent) => this.onActionClick(event, choice)}
      @mousedown=${action.enabled ? undefined : preventFocus}
    >
      <span class="line"
        ><span part="action-shortcut" data-part="action-shortcut" aria-hidden="true"
          >${action.shortcut}</span
        ><span class="label">${action.label}</span></span
      >
      <span part="action-detail" data-part="action-detail" ?hidden=${action.detail === null}
        >${action.detail ?? ''}</span
      >
    </button>`;
  }

  /**
   * "How long, and a note" (issue 17): a disclosure at the end of the body, so the four answers
   * keep their place; its selects set what Allow always and Deny always do (their labels follow).
   */
  private renderGrains(api: PermissionApi) {
    const grains = api.grains;
    if (!grains) return nothing;
    const p = api.props;
    const note = grains.note;
    return html`<button
        ${spread(p['grains-toggle']!)}
        class="toggle grains-toggle"
        @click=${(event: Event) => {
          this.permission?.toggleOptions();
          revealControlled(event.currentTarget as Element);
        }}
      >
        ${grains.toggleLabel}
      </button>
      <div ${spread(p.grains!)} class="grains">
        ${[grains.allow, grains.deny].map((group) => (group ? this.renderGrainGroup(api, group) : nothing))}
        <div ${spread(p.note!)} class="field">
          <label ${spread(p['note-label']!)} for=${api.ids.note}>${note.label}</label>
          <textarea
            ${spread(p['note-input']!)}
            .value=${note.value}
            @input=${(event: Event) =>
              this.permission?.setNote((event.target as HTMLTextAreaElement).value)}
          ></textarea>
          <p ${spread(p['note-hint']!)} class="field-description">${note.hint}</p>
        </div>
      </div>`;
  }

  private renderGrainGroup(api: PermissionApi, group: GrainGroupView) {
    const decision: GrainDecision = group.decision;
    const p = api.props;
    return html`<div ${spread(p['grain-group']!)} class="field" data-decision=${decision}>
      <label ${spread(api.getGrainLabelProps(decision))}>${group.label}</label>
      <select
        ${spread(api.getGrainSelectProps(decision))}
        @change=${(event: Event) =>
          this.permission?.setGrain(decision, (event.target as HTMLSelectElement).value)}
      >
        ${group.options.map(
          (option) =>
            html`<option
              ${spread(p['grain-option']!)}
              value=${option.value}
              ?selected=${option.selected}
            >
              ${option.label}
            </option>`,
        )}
      </select>
      <label
        ${spread(p['grain-args-only-label']!)}
        class="check-row"
        ?hidden=${!group.argsOnly.available}
      >
        <input
          ${spread(api.getArgsOnlyProps(decision))}
          .checked=${group.argsOnly.checked}
          @change=${(event: Event) =>
            this.permission?.setArgsOnly(decision, (event.target as HTMLInputElement).checked)}
        />
        ${group.argsOnly.label}
      </label>
    </div>`;
  }

  /** An action button by its permission choice or dry-run answer. */
  private actionButton(answer: Choice | DryRunAnswer): HTMLElement | null {
    const attribute = this.dryRun ? 'data-answer' : 'data-choice';
    return this.renderRoot.querySelector(`[data-part='action'][${attribute}='${answer}']`);
  }

  /** A sampling step's action button or edit field. */
  private samplingTarget(focus: SamplingFocus): HTMLElement | null {
    return this.renderRoot.querySelector(
      focus.kind === 'action'
        ? `[data-part='action'][data-action='${focus.action}']`
        : `[data-part='edit-input'][name='${focus.name}']`,
    );
  }

  // --- what the presenter shows ------------------------------------------------------

  private opened(item: ItemOf<Kind>, late: boolean): void {
    if (late) this.dueWhileAway();
    this.model.set(item.model);
    this.announce(item.model.connect().announcement);
  }

  private settled(item: ItemOf<Kind>, record: SettledOf<Kind>): void {
    // A sampling step answers through the presenter only: `mcp-decision` carries tool choices.
    if (record.end !== 'answered' || item.kind === 'sampling' || record.kind === 'sampling') return;
    const choice = record.answer;
    // The presenter answers a dry run Allow once (approve) or Deny once.
    const dryRun: DryRunAnswer | undefined =
      item.kind === 'dry_run' ? (choice === 'allow_once' ? 'approve' : 'deny') : undefined;
    emit(this, 'mcp-decision', {
      requestId: requestIdOf(item),
      choice,
      ...(dryRun ? { dryRun } : {}),
    });
  }

  private closed(item: ItemOf<Kind>, record: SettledOf<Kind> | undefined): void {
    this.model.set(undefined);
    this.focusKey = '';
    // Now, not at the next render: a sheet taking over must find focus given back.
    this.closeDialog();
    const reason = record?.end === 'answered' ? 'answered' : 'settled_elsewhere';
    emit(this, 'mcp-close', { requestId: requestIdOf(item), reason });
  }

  /** Without an engine, "1 of 3" counts what the sheet's own presenter holds. */
  private syncLocalQueue(): void {
    const item = this.consent.active;
    if (item?.kind !== 'permission' || this.presenter || this.engine) return;
    item.model.setQueue({ position: 1, total: this.consent.waiting });
  }

  // --- intents -----------------------------------------------------------------------

  private readonly onKeydown = (event: KeyboardEvent): void => {
    const api = this.view;
    if (!api || !this.acceptKey(event) || this.trapTab(event)) return;
    const target = event.composedPath()[0];
    const onAction = target instanceof HTMLElement && target.dataset.part === 'action';
    const key = event.key;
    // Typing the note is not an answer; Escape still denies once. (A select or a checkbox
    // takes no digits: 1–4 still answer there, arrows, Enter and Space stay native.)
    const inField =
      target instanceof HTMLElement && target.matches("textarea, input:not([type='checkbox'])");
    if (inField && key !== 'Escape') return;
    // Enter and Space on close or Show more, and arrows in the arguments, stay native.
    const local = key === 'Enter' || key.startsWith('Arrow') || key === 'Home' || key === 'End';
    if ((local && !onAction) || key === ' ') return;
    if (api.handleKey(event).handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  private readonly onFocusin = (event: FocusEvent): void => {
    const target = event.composedPath()[0];
    if (!(target instanceof HTMLElement)) return;
    const { choice, answer, action, part } = target.dataset;
    if (choice) this.permission?.focus(choice as Choice);
    if (answer) this.dryRun?.focus(answer as DryRunAnswer);
    const sampling = this.sampling;
    if (sampling && part === 'action' && action)
      sampling.focus({ kind: 'action', action: action as SamplingAction });
    if (sampling && part === 'edit-input')
      sampling.focus({ kind: 'field', name: (target as HTMLInputElement).name as SamplingField });
  };

  private onActionClick(event: MouseEvent, choice: Choice): void {
    if (this.acceptClick(event)) this.permission?.choose(choice);
  }

  private readonly onCloseClick = (event: MouseEvent): void => {
    const api = this.permission;
    const dryRun = this.dryRun;
    const sampling = this.sampling;
    if (!this.acceptClick(event)) return;
    if (api) api.choose(api.escapeAction);
    else if (dryRun) dryRun.choose(dryRun.escapeAction);
    else sampling?.choose(sampling.escapeAction);
  };

  private readonly bodyHandlers: BodyHandlers = {
    onToggleArgs: () => this.permission?.toggleArgs(),
    onToggleDescription: () => this.permission?.toggleDescription(),
    onOpenChange: () => {
      const api = this.permission;
      api?.openChange(!api.change?.opened);
    },
  };

  private readonly dryRunHandlers = {
    onAction: (event: MouseEvent, answer: DryRunAnswer) => {
      if (this.acceptClick(event)) this.dryRun?.choose(answer);
    },
    onClose: this.onCloseClick,
    onToggle: () => this.dryRun?.togglePreview(),
  };

  private readonly samplingHandlers: SamplingHandlers = {
    onAction: (event, action) => {
      if (this.acceptClick(event)) this.sampling?.choose(action);
    },
    onClose: this.onCloseClick,
    onToggle: (id) => this.sampling?.toggleBlock(id),
    onInput: (name, value) => this.sampling?.setValue(name, value),
    onGrain: (grain) => this.sampling?.setGrain(grain),
  };
}

/** A disabled action keeps focus where it is when clicked. */
function preventFocus(event: MouseEvent): void {
  event.preventDefault();
}
