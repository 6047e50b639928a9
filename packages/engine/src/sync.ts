import { InvalidInputError } from './errors.js';
import type { GrantCache } from './grant-cache.js';
import type { Hub } from './hub.js';
import { readChange, readLoaded } from './store-input.js';
import type { GrantStore, StoreChange } from './store.js';

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
 * and reported.
 */
export function createStoreSync(store: GrantStore, cache: GrantCache, hub: Hub): StoreSync {
  const ready = Promise.resolve()
    .then((): Promise<unknown> => (store.loadState ? store.loadState() : store.load()))
    .then((loaded: unknown) => {
      const { changes, invalid } = readLoaded(loaded);
      if (invalid > 0) {
        hub.reportInvalid(
          'store',
          new InvalidInputError(
            'store',
            `${invalid} stored grant(s) are malformed and were not applied; the calls they covered will be asked.`,
          ),
          invalid,
        );
      }
      for (const change of changes) cache.apply(change);
      hub.grantsChanged();
      hub.ready();
    })
    .catch((error: unknown) => {
      hub.fail(error);
      throw hub.storeError;
    });
  ready.catch(() => {}); // The failure is reported through status and events; nobody must await it.

  let unsubscribe: (() => void) | undefined;
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
  } catch (error) {
    hub.fail(error);
  }

  return {
    ready,
    settled: () => ready.catch(() => undefined),
    dispose: () => unsubscribe?.(),
  };
}
