import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import {
  createConsentPresenter,
  type ConsentItem,
  type ConsentPresenter,
  type KeyInput,
  type PartProps,
} from '@mcp-consent/prompt';
import { emit } from '../events.js';
import { ModalSheet } from './modal-sheet.js';
import { ModelController } from './model-controller.js';
import { PresenterController, type ItemOf, type SettledOf } from './presenter-controller.js';
import { spread } from './spread.js';

/** The kinds a one-kind sheet shows: those answering a server's call. */
export type CallKind = Extract<ConsentItem, { call: unknown }>['kind'];

/** What the shell reads of a model's view; each kind's API has more. */
export interface SheetApi {
  readonly status: string;
  readonly focused: unknown;
  readonly escapeAction: string;
  readonly announcement: string;
  readonly props: { readonly root?: PartProps };
  choose(answer: string): unknown;
  handleKey(input: KeyInput): { handled: boolean };
}

type Item = ItemOf<CallKind>;
type Settled = SettledOf<CallKind>;

/** The properties the presenter in use depends on. */
const OWN_OPTIONS = ['presenter', 'clock', 'locale', 'guardMs'] as const;

/**
 * What `<mcp-elicitation-sheet>`, `<mcp-roots-sheet>` and `<mcp-result-review-sheet>` share:
 * the head of a `ConsentPresenter` while it is of the sheet's one kind (the given presenter,
 * else the sheet's own from `clock`, `locale` and `guardMs`), its model bound for re-renders,
 * the native dialog around the kind's body, the model's focus followed, its keys, Escape and
 * the close button, and `mcp-open` / `mcp-close`. A sheet adds its body, its focus targets and
 * its answer event.
 */
export abstract class PresenterSheet<Api extends SheetApi> extends ModalSheet {
  static override properties = {
    ...ModalSheet.properties,
    presenter: { attribute: false },
  };

  /** The queue the sheet shows; each sheet declares it with its own documentation. */
  abstract presenter: ConsentPresenter | undefined;

  /** Renders again on every change of the model on screen (bound in `opened`). */
  private readonly model = new ModelController<unknown>(this);
  protected readonly consent: PresenterController<CallKind>;
  private focusKey = '';
  /** Set by a sheet whose fields act when focus leaves them. */
  protected readonly onFocusout: ((event: FocusEvent) => void) | undefined = undefined;

  /** `kind`: the one kind of request the sheet shows. */
  constructor(kind: CallKind) {
    super();
    this.consent = new PresenterController(this, {
      kinds: [kind],
      given: () => this.presenter,
      createOwn: () =>
        createConsentPresenter({ clock: this.clock, locale: this.locales, guardMs: this.guardMs }),
      ownDeps: () => [this.clock, this.locale, this.guardMs],
      opened: (item, late) => {
        if (late) this.dueWhileAway();
        this.model.set(item.model);
        this.announce(item.model.connect().announcement);
      },
      reportOpen: (item) => emit(this, 'mcp-open', { requestId: this.requestIdOf(item) }),
      settled: (item, record) => {
        if (record.end === 'answered') this.answered(item, record);
      },
      closed: (item, record) => this.closed(item, record),
    });
  }

  /** The kind's body inside the dialog. */
  protected abstract renderBody(api: Api): TemplateResult;
  /** The control that stands for a focus of the model. */
  protected abstract targetOf(focus: Api['focused'], api: Api): HTMLElement | null;
  /** Focus moved to `target` inside the sheet: tell the model. */
  protected abstract focusFrom(target: HTMLElement, api: Api): void;
  /** The user answered: emit the kind's answer event. */
  protected abstract answered(item: Item, record: Settled): void;

  /** The id events carry: the caller's, else the presenter's. */
  protected requestIdOf(item: Item): string {
    return item.call.id ?? item.id;
  }

  /** Tells apart two focuses of the model, to move focus only when it changed. */
  protected focusKeyOf(focus: Api['focused']): string {
    return String(focus);
  }

  /** Whether a key is the model's (else it stays the browser's). Every key, unless a sheet narrows it. */
  protected ownsKey(_event: KeyboardEvent): boolean {
    return true;
  }

  /** Hands a key to the model; true when it acted on it. */
  protected handleKey(api: Api, event: KeyboardEvent): boolean {
    return api.handleKey(event).handled;
  }

  protected get showing(): boolean {
    return this.consent.item !== undefined;
  }

  protected get api(): Api | undefined {
    return this.consent.item?.model.connect() as Api | undefined;
  }

  protected defaultFocusTarget(): HTMLElement | null {
    const api = this.api;
    return api ? this.targetOf(api.focused, api) : null;
  }

  protected rearm(): void {
    this.consent.active?.model.rearm();
  }

  /** Nobody can answer a sheet that left the page: what it shows is refused. */
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
    const api = this.api;
    if (!api || api.status !== 'open' || !this.dialog?.open) return;
    // Follow the model's focus (arrows, a new request), never fight Tab or a click.
    const key = `${this.consent.item?.id}:${this.focusKeyOf(api.focused)}`;
    if (key !== this.focusKey) {
      this.focusKey = key;
      this.targetOf(api.focused, api)?.focus();
    }
  }

  override render(): TemplateResult {
    const api = this.api;
    return html`<dialog
      ${spread(api?.props.root ?? {})}
      @keydown=${this.onKeydown}
      @focusin=${this.onFocusin}
      @focusout=${this.onFocusout}
      @cancel=${this.onCancel}
      @close=${this.onClose}
    >
      ${api ? this.renderBody(api) : nothing}
    </dialog>`;
  }

  private closed(item: Item, record: Settled | undefined): void {
    this.model.set(undefined);
    this.focusKey = '';
    // Now, not at the next render: a sheet taking over must find focus given back.
    this.closeDialog();
    const reason = record?.end === 'answered' ? 'answered' : 'settled_elsewhere';
    emit(this, 'mcp-close', { requestId: this.requestIdOf(item), reason });
  }

  // --- intents -----------------------------------------------------------------------

  private readonly onKeydown = (event: KeyboardEvent): void => {
    const api = this.api;
    if (!api || !this.acceptKey(event) || this.trapTab(event)) return;
    if (!this.ownsKey(event) || !this.handleKey(api, event)) return;
    event.preventDefault();
    event.stopPropagation();
  };

  private readonly onFocusin = (event: FocusEvent): void => {
    const api = this.api;
    const target = event.composedPath()[0];
    if (api && target instanceof HTMLElement) this.focusFrom(target, api);
  };

  /** The close button: the model's Escape answer. */
  protected readonly onCloseClick = (event: MouseEvent): void => {
    const api = this.api;
    if (api && this.acceptClick(event)) api.choose(api.escapeAction);
  };
}

/** Whether a key event started on one of the sheet's action buttons. */
export function onAction(event: Event): boolean {
  const target = event.composedPath()[0];
  return target instanceof HTMLElement && target.dataset.part === 'action';
}
