import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type {
  ConsentItem,
  ConsentKind,
  ConsentPresenter,
  ConsentSnapshot,
  SettledItem,
} from '@mcp-consent/prompt';

/** The presenter's item of the kinds `K`, and the record of one that was settled. */
export type ItemOf<K extends ConsentKind> = Extract<ConsentItem, { kind: K }>;
export type SettledOf<K extends ConsentKind> = Extract<SettledItem, { kind: K }>;

/** What an element tells its `PresenterController`. */
export interface PresenterBinding<K extends ConsentKind> {
  /** The kinds the element shows; a head of any other kind is another element's. */
  readonly kinds: readonly K[];
  /** The presenter the host gave the element, if any. */
  given(): ConsentPresenter | undefined;
  /** Builds the element's own presenter, for standalone use. */
  createOwn(): ConsentPresenter;
  /** What the own presenter is built from: it is built again, once idle, when one changes. */
  ownDeps(): readonly unknown[];
  /**
   * An item reached the screen (also each next one of a queue). `late`: it became due while
   * the element was not listening (out of the page), so its input guard must start again.
   */
  opened(item: ItemOf<K>, late: boolean): void;
  /**
   * Tell the page the item is open (`mcp-open`): a microtask after `opened`, so the sheet it
   * follows reports its answer and its close first; always before `settled` and `closed`.
   */
  reportOpen(item: ItemOf<K>): void;
  /** The item on screen was settled; `record.end` says how. */
  settled(item: ItemOf<K>, record: SettledOf<K>): void;
  /** The sheet closes: nothing of its kinds followed the item. */
  closed(item: ItemOf<K>, record: SettledOf<K> | undefined): void;
  /** Runs after every change of the presenter's snapshot. */
  synced?(): void;
}

/**
 * Subscribes a sheet to a `ConsentPresenter` and hands it the head of the queue while that is
 * of the sheet's kinds, so two sheets on one presenter show one request at a time, in order.
 * The element holds no queue: it renders `item` and reports what happened to it. A settled
 * item stays up one task when nothing follows (the engine asks its next prompt a few
 * microtasks later: no flicker) and goes at once when another kind takes the screen.
 */
export class PresenterController<K extends ConsentKind> implements ReactiveController {
  /** What the sheet shows: the head of its kinds, kept up a moment after it settles. */
  item: ItemOf<K> | undefined;
  /** "Checking permissions…": the engine is slow to decide and nothing is shown. */
  checking = false;
  /** Requests the presenter holds, the one shown included. */
  waiting = 0;
  private own: { presenter: ConsentPresenter; deps: readonly unknown[] } | undefined;
  private source: ConsentPresenter | undefined;
  private unsubscribe: (() => void) | undefined;
  private live = false;
  private record: SettledOf<K> | undefined;
  private unreported: ItemOf<K> | undefined;
  private closing: ReturnType<typeof setTimeout> | undefined;
  private readonly seen = new WeakSet<SettledItem>();
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly binding: PresenterBinding<K>,
  ) {
    host.addController(this);
  }

  /**
   * The presenter in use: the host's, or the element's own (built on first use, and again
   * once idle after its options changed). Listening follows it while the element is connected.
   */
  get presenter(): ConsentPresenter {
    const given = this.binding.given();
    if (given && this.own) {
      // Nothing shows the own presenter any more: whatever it holds is refused.
      this.own.presenter.dispose();
      this.own = undefined;
    }
    const next = given ?? this.ownPresenter();
    if (next !== this.source) this.follow(next);
    return next;
  }

  /** The item on screen while it waits for an answer. */
  get active(): ItemOf<K> | undefined {
    return this.live ? this.item : undefined;
  }

  /** Listens to the presenter in use now (after a property it depends on changed). */
  refresh(): void {
    void this.presenter;
  }

  /**
   * The item on screen could not be rendered: it is settled fail-closed and leaves the
   * screen. False when nothing was shown.
   */
  fail(error: unknown): boolean {
    const item = this.item;
    if (!item) return false;
    if (this.live) this.source?.fail(item.id, error);
    if (this.item === item) this.close();
    return true;
  }

  /**
   * The element left the page for good: its own presenter refuses everything it holds, a
   * host's presenter has the item on screen refused (nobody can answer it here).
   */
  leave(): void {
    const source = this.source;
    if (source && source === this.own?.presenter) {
      source.dispose();
      this.own = undefined;
    } else if (source && this.item && this.live) {
      source.fail(this.item.id);
    }
    this.stop();
  }

  hostConnected(): void {
    this.connected = true;
    this.refresh();
  }

  hostDisconnected(): void {
    // Still listening: a move (out and back in one task) keeps the sheet; `leave` ends it.
    this.connected = false;
  }

  private ownPresenter(): ConsentPresenter {
    const deps = this.binding.ownDeps();
    const own = this.own;
    if (own && !sameDeps(own.deps, deps) && own.presenter.getSnapshot().waiting === 0) {
      own.presenter.dispose();
      this.own = undefined;
    }
    this.own ??= { presenter: this.binding.createOwn(), deps };
    return this.own.presenter;
  }

  private follow(next: ConsentPresenter): void {
    if (!this.connected) return;
    const old = this.source;
    const shown = this.active;
    this.stop();
    if (shown) {
      // An item of the old presenter cannot be answered once the sheet looks away.
      old?.fail(shown.id);
      this.live = false;
      this.close();
    }
    this.source = next;
    // Records of requests settled before the sheet listened are not its own.
    for (const record of next.getSnapshot().settled) this.seen.add(record);
    this.unsubscribe = next.subscribe(() => this.sync(next, false));
    this.sync(next, true);
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.source = undefined;
  }

  private sync(source: ConsentPresenter, first: boolean): void {
    if (source !== this.source) return;
    const snapshot = source.getSnapshot();
    this.checking = snapshot.checking && snapshot.current === null;
    this.waiting = snapshot.waiting;
    this.settle(snapshot);
    this.show(snapshot.current, first);
    this.binding.synced?.();
    const own = this.own;
    // Options changed while it was busy: build the own presenter again now that it is idle.
    if (own?.presenter === source && snapshot.waiting === 0) {
      if (!sameDeps(own.deps, this.binding.ownDeps())) queueMicrotask(() => this.refresh());
    }
    this.host.requestUpdate();
  }

  /** Reports the settlement of the item on screen, once. */
  private settle(snapshot: ConsentSnapshot): void {
    for (const record of snapshot.settled) {
      if (this.seen.has(record)) continue;
      this.seen.add(record);
      const item = this.item;
      if (item && this.live && record.id === item.id && record.kind === item.kind) {
        this.live = false;
        this.record = record as SettledOf<K>;
        this.report();
        this.binding.settled(item, this.record);
      }
    }
  }

  private show(head: ConsentItem | null, first: boolean): void {
    const kinds: readonly ConsentKind[] = this.binding.kinds;
    const mine = head && kinds.includes(head.kind) ? (head as ItemOf<K>) : undefined;
    if (mine && mine !== this.item) {
      clearTimeout(this.closing);
      this.closing = undefined;
      this.item = mine;
      this.live = true;
      this.record = undefined;
      this.report();
      this.unreported = mine;
      queueMicrotask(() => {
        if (this.unreported === mine) this.report();
      });
      try {
        this.binding.opened(mine, first);
      } catch (error) {
        this.fail(error);
      }
    } else if (!mine && this.item && !this.live) {
      // Another kind takes the screen now. With nothing held, the engine may ask its next
      // prompt a few microtasks later: stay up one task for it.
      if (head) this.close();
      else this.closing ??= setTimeout(() => this.close());
    }
  }

  /** Reports the open of the item shown last, if not yet done. */
  private report(): void {
    const item = this.unreported;
    this.unreported = undefined;
    if (item) this.binding.reportOpen(item);
  }

  private close(): void {
    clearTimeout(this.closing);
    this.closing = undefined;
    const item = this.item;
    if (!item) return;
    const record = this.record;
    this.report();
    this.item = undefined;
    this.record = undefined;
    this.live = false;
    this.binding.closed(item, record);
    this.host.requestUpdate();
  }
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}
