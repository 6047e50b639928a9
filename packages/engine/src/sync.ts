import { InvalidInputError } from './errors.js';
import type { GrantCache } from './grant-cache.js';
import type { Hub } from './hub.js';
import { readChange, readLoaded } from './store-input.js';
import type { GrantStore, StoreChange, StoreHealth } from './store.js';

export interface StoreSync {
  /** Settles when the first sync is done; rejects with the store's error (reported through the hub). */
  readonly ready: Promise<void>;
  /** Resolves when the first sync is over, whatever its outcome. */
  settled(): Promise<void>;
  /** Stops listening to other writers. */
  dispose(): void;
}

/**
 * Syncs the cache from the store once at start and then follows other writers' changes. A load
 * that ends late merges into what was answered meanwhile, by the store rules: it never
 * overwrites a newer answer or brings back a revoked grant (the cache keeps revocations, as
 * stores do). Values from the store are checked where they enter; malformed ones are left out
 * and reported. While the store says it lost its source of changes (`watchHealth`), the engine
 * is failed (it asks) until the store has caught up.
 */
export function createStoreSync(store: GrantStore, cache: GrantCache, hub: Hub): StoreSync {
  let loaded = false;
  /** Set while the store says it may be missing other writers' changes. */
  let stale = false;
  /** Other writers' changes cannot be followed at all: the engine never recovers. */
  let unfollowed = false;
  const reportMalformed = (count: number) =>
    hub.reportInvalid(
      'store',
      new InvalidInputError(
        'store',
        `${count} stored grant(s) are malformed and were not applied; the calls they covered will be asked.`,
      ),
      count,
    );
  cache.onMalformed = reportMalformed;

  const load = (retry: boolean): Promise<void> =>
    Promise.resolve()
      .then((): Promise<unknown> =>
        store.loadState ? store.loadState({ deferred: true }) : store.load(),
      )
      .then((result: unknown) => {
        const { changes, invalid, deferred } = readLoaded(result);
        if (invalid > 0) reportMalformed(invalid);
        for (const change of changes) cache.apply(change);
        if (deferred) cache.defer(deferred);
        loaded = true;
        hub.grantsChanged();
        if (stale) return;
        hub.ready();
        if (retry) hub.recover(); // the store was down at start, and is back
      })
      .catch((error: unknown) => {
        hub.fail(error);
        throw hub.storeError;
      });
  const ready = load(false);
  ready.catch(() => {}); // The failure is reported through status and events; nobody must await it.

  let unsubscribe: (() => void) | undefined;
  let unwatch: (() => void) | undefined;
  try {
    unsubscribe = store.subscribe?.((heard: StoreChange) => {
      const change = readChange(heard);
      if (!change) {
        hub.reportInvalid(
          'store',
          new InvalidInputError('store', 'A malformed change from another writer was ignored.'),
          1,
        );
        return;
      }
      if (cache.apply(change)) hub.grantsChanged();
    });
    unwatch = store.watchHealth?.((health: StoreHealth) => {
      stale = !health.live;
      if (!health.live) return hub.fail(health.error);
      // Caught up: what was missed arrived as changes first. A first load that failed (the
      // store was down at start) is tried again now.
      if (unfollowed) return;
      if (loaded) hub.recover();
      else load(true).catch(() => {});
    });
  } catch (error) {
    unfollowed = true;
    hub.fail(error);
  }

  return {
    ready,
    settled: () => ready.catch(() => undefined),
    dispose: () => {
      unsubscribe?.();
      unwatch?.();
    },
  };
}
