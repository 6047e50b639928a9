import { LitElement, type PropertyValues } from 'lit';
import { systemClock, type Clock } from '@mcp-consent/engine';
import { DEFAULT_GUARD_MS } from '@mcp-consent/prompt';
import { watchLayout, type SheetLayout } from './layout.js';

/** The element that had focus, looking through open shadow roots. */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

const ANNOUNCE_DELAY_MS = 150;
const TABBABLE = 'button, input, select, textarea, a[href], [tabindex]';

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
  declare layout: SheetLayout | 'auto';
  /** Time for the input guard and timers. @default systemClock */
  declare clock: Clock;

  /** The live region's text, written a moment after a prompt opens (see `announce`). */
  declare protected announcement: string;
  /** `performance.now()` when the dialog opened. */
  protected openedAt = 0;
  /** Keys that went down inside the sheet since it opened. */
  protected readonly keysSinceOpen = new Set<string>();
  private returnFocus: HTMLElement | null = null;
  private announceTimer: ReturnType<typeof setTimeout> | undefined;
  private stopLayout: (() => void) | undefined;
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
    this.announcement = '';
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => (this.announcement = text), ANNOUNCE_DELAY_MS);
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

  override connectedCallback(): void {
    super.connectedCallback();
    this.stopLayout = watchLayout(this, () => this.layout);
    document.addEventListener('visibilitychange', this.onVisibility);
    // Moved in the DOM: the removed dialog lost its modal state; open it again.
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopLayout?.();
    document.removeEventListener('visibilitychange', this.onVisibility);
    // A move (disconnect, then connect in the same task) keeps the prompts.
    queueMicrotask(() => {
      if (!this.isConnected) this.leave();
    });
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
      if (moved) dialog.close();
      else this.returnFocus = deepActiveElement();
      dialog.showModal();
      this.openedAt = performance.now();
      this.keysSinceOpen.clear();
      if (moved || this.shownDetached) this.reappear();
      this.defaultFocusTarget()?.focus();
    } else if (!this.showing && dialog.open) {
      dialog.close();
      const target = this.returnFocus;
      this.returnFocus = null;
      if (target?.isConnected) target.focus();
    }
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
    if (event.timeStamp < this.openedAt) return false;
    this.keysSinceOpen.add(event.key);
    return true;
  }

  /**
   * A click without a pointer (`detail === 0`: Space or Enter on a button, or script)
   * counts only when a key went down inside the sheet first.
   */
  protected acceptClick(event: MouseEvent): boolean {
    return event.detail > 0 || this.keysSinceOpen.size > 0;
  }

  /** Tab and Shift+Tab cycle through the sheet's tabbable elements and never leave it. */
  protected trapTab(event: KeyboardEvent): boolean {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return false;
    const dialog = this.dialog;
    if (!dialog) return false;
    const items = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
      (el) =>
        el.tabIndex >= 0 &&
        !(el as HTMLButtonElement).disabled &&
        el.checkVisibility({ visibilityProperty: true }),
    );
    if (items.length === 0) return false;
    event.preventDefault();
    const at = items.indexOf(this.shadowRoot?.activeElement as HTMLElement);
    const step = event.shiftKey ? -1 : 1;
    const next = at < 0 ? (event.shiftKey ? items.length - 1 : 0) : at + step;
    items[(next + items.length) % items.length]!.focus();
    return true;
  }

  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'visible' && this.showing) this.rearm();
  };
}
