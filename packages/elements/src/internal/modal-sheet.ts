import { LitElement, type PropertyValues } from 'lit';
import { systemClock, type Clock } from '@mcp-consent/engine';
import { DEFAULT_GUARD_MS } from '@mcp-consent/prompt';
import {
  createAnnouncer,
  createInputGate,
  cycleTab,
  deepActiveElement,
  onPageVisible,
  trapFocus,
  watchLayout,
  type FocusTrap,
  type LayoutPreference,
} from '@mcp-consent/prompt/dom';

/**
 * What the permission and elicitation sheets share: a native modal `<dialog>` (the rest
 * of the page becomes inert), focus moved in and returned, Tab and Shift+Tab cycling
 * inside, the native Escape handling replaced by the model's, compact/expanded layout,
 * a re-armed input guard when the page becomes visible again, and the record of keys
 * pressed since the sheet opened (keys that began before it are never answers).
 * Removed from the page, it answers what it shows fail-closed (`leave`); moved, it stays
 * open; asked while out of the page, it opens once it is back.
 */
export abstract class ModalSheet extends LitElement {
  static override properties = {
    locale: { type: String },
    guardMs: { type: Number, attribute: 'guard-ms' },
    theme: { type: String, reflect: true },
    layout: { type: String, reflect: true },
    clock: { attribute: false },
    announcement: { state: true, attribute: false },
  };

  /** Locale or preferred locales of the copy. @default navigator.languages */
  declare locale: string | readonly string[] | undefined;
  /** Answers are ignored this long after a prompt appears. @default 500 */
  declare guardMs: number;
  /** `light`, `dark`, or unset to follow `prefers-color-scheme`. @default undefined */
  declare theme: 'light' | 'dark' | undefined;
  /**
   * `compact` (bottom sheet), `expanded` (centred modal) or `auto`: expanded from the
   * width in `--mcp-sheet-breakpoint` (default 600px) up. @default 'auto'
   */
  declare layout: LayoutPreference;
  /** Time for the input guard and timers. @default systemClock */
  declare clock: Clock;

  /** The live region's text, written a moment after a prompt opens (see `announce`). */
  declare protected announcement: string;
  /** Which keys and clicks may answer: none typed before the dialog opened. */
  private readonly gate = createInputGate();
  private readonly announcer = createAnnouncer((text) => (this.announcement = text));
  /** Focus moved in, and returned to the opener when the dialog closes. */
  private trap: FocusTrap | undefined;
  private stopLayout: (() => void) | undefined;
  private stopVisibility: (() => void) | undefined;
  /** A prompt became due while the sheet was out of the page. */
  private shownDetached = false;

  constructor() {
    super();
    this.guardMs = DEFAULT_GUARD_MS;
    this.layout = 'auto';
    this.clock = systemClock;
    this.announcement = '';
  }

  /**
   * Screen readers read changes to a live region, not its first content: the text is
   * written shortly after the prompt appears (spec R8 announcement).
   */
  protected announce(text: string): void {
    this.announcer.announce(text);
  }

  /** Whether there is something to show. */
  protected abstract get showing(): boolean;
  /** Where focus goes when the sheet opens (the model's default focus). */
  protected abstract defaultFocusTarget(): HTMLElement | null;
  /** The page became visible again: restart the model's input guard. */
  protected abstract rearm(): void;

  protected get dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** The locales to ask the translator for. */
  protected get locales(): string | readonly string[] {
    return this.locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.languages);
  }

  /** The sheet left the page for good: settle whatever it shows or holds. */
  protected abstract leave(): void;

  /**
   * Rendering what is on screen threw: settle it fail-closed and take it off the screen.
   * Returns false when nothing was shown (the error is then not the request's).
   */
  protected abstract renderFailed(error: unknown): boolean;

  /**
   * The prompt became due while the sheet was not there to show it: when it opens, the
   * input guard starts again and the announcement is made again.
   */
  protected dueWhileAway(): void {
    this.shownDetached = true;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.stopLayout = watchLayout(this, () => this.layout);
    this.stopVisibility = onPageVisible(() => {
      if (this.showing) this.rearm();
    });
    // Moved in the DOM: the removed dialog lost its modal state; open it again.
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopLayout?.();
    this.stopVisibility?.();
    // A move (disconnect, then connect in the same task) keeps the prompts.
    queueMicrotask(() => {
      if (!this.isConnected) this.leave();
    });
  }

  /**
   * A render error settles the request on screen fail-closed instead of leaving it hanging,
   * and the sheet renders again without it (each round takes one request off the screen).
   */
  protected override update(changed: PropertyValues): void {
    for (;;) {
      try {
        super.update(changed);
        return;
      } catch (error) {
        if (!this.renderFailed(error)) throw error;
        globalThis.reportError?.(error);
      }
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (changed.has('layout') && this.isConnected) {
      this.stopLayout?.();
      this.stopLayout = watchLayout(this, () => this.layout);
    }
    const dialog = this.dialog;
    if (!dialog) return;
    if (this.showing && !dialog.matches(':modal')) {
      // Lit updates detached elements too; showModal() would throw. connectedCallback retries.
      if (!this.isConnected) {
        this.shownDetached = true;
        return;
      }
      const moved = dialog.open; // a dialog taken out of the page stays open, but not modal
      const opener = moved ? null : deepActiveElement();
      if (moved) dialog.close();
      dialog.showModal();
      this.gate.open();
      if (moved || this.shownDetached) this.reappear();
      // A moved dialog keeps its opener; showModal() already made the page inert.
      if (this.trap) this.trap.focusIn();
      else
        this.trap = trapFocus(() => this.dialog, {
          initial: () => this.defaultFocusTarget(),
          opener,
        });
    } else if (!this.showing && dialog.open) {
      this.closeDialog();
    }
  }

  /**
   * Closes the dialog and gives focus back. Called from `updated`, and at once when another
   * sheet takes the screen, so the closing sheet returns focus before the next one opens.
   */
  protected closeDialog(): void {
    const dialog = this.dialog;
    if (!dialog?.open) return;
    dialog.close();
    this.gate.close();
    this.trap?.release();
    this.trap = undefined;
  }

  /** Native Escape would close the dialog behind the model's back: the model decides. */
  protected readonly onCancel = (event: Event): void => event.preventDefault();

  /**
   * A prompt that was out of the page (moved, or asked while detached) appears now:
   * the input guard starts again and the announcement is made again.
   */
  private reappear(): void {
    this.shownDetached = false;
    this.rearm();
    if (this.announcement) this.announce(this.announcement);
  }

  /** A dialog closed by the browser while a prompt is open is shown again. */
  protected readonly onClose = (): void => {
    const dialog = this.dialog;
    if (this.showing && this.isConnected && dialog && !dialog.open) dialog.showModal();
  };

  /**
   * Records the key and says whether it may act: keys that went down before the sheet
   * opened (their events predate it) never act.
   */
  protected acceptKey(event: KeyboardEvent): boolean {
    return this.gate.acceptKey(event);
  }

  /**
   * A click without a pointer (`detail === 0`: Space or Enter on a button, or script)
   * counts only when a key went down inside the sheet first.
   */
  protected acceptClick(event: MouseEvent): boolean {
    return this.gate.acceptClick(event);
  }

  /** Tab and Shift+Tab cycle through the sheet's tabbable elements and never leave it. */
  protected trapTab(event: KeyboardEvent): boolean {
    return cycleTab(event, this.dialog);
  }
}
