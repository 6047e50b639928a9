import { createStore, entries, type UseStore } from 'idb-keyval';
import { StoreUnavailableError } from '../errors.js';
import {
  isGrant,
  isRevocation,
  isTime,
  type GrantStore,
  type StoreChange,
  type StoreSnapshot,
} from '../store.js';
import type { Grant } from '../types.js';
import { changeKey, clearRecords, readRecord } from './idb-records.js';

export interface IdbStoreOptions {
  /**
   * IndexedDB database name. idb-keyval creates one object store per database,
   * so give every store its own database name.
   * @default 'mcp-consent'
   */
  dbName?: string;
  /**
   * Object store name inside the database.
   * @default 'grants'
   */
  storeName?: string;
  /**
   * BroadcastChannel name that carries changes to the other tabs of this origin.
   * @default `mcp-consent:${dbName}/${storeName}`
   */
  channelName?: string;
}

/** A grant store in IndexedDB, with what it had to skip. */
export interface IdbGrantStore extends GrantStore {
  /** Grants with the revocations and the clear marker, so a late message cannot revive a revoked grant. */
  loadState(): Promise<StoreSnapshot>;
  subscribe(listener: (change: StoreChange) => void): () => void;
  close(): void;
  /**
   * Keys of records that were not valid grants, revocations or the clear marker at the last
   * `load`. They stay in IndexedDB untouched (nothing is deleted); the engine asks for those calls.
   */
  readonly corruptKeys: readonly IDBValidKey[];
}

/** What one tab posts to the others. `from` keeps a store from applying its own changes. */
interface ChangeMessage {
  from: string;
  change: StoreChange;
}

/**
 * Grants in IndexedDB (through idb-keyval), one record per grant key: the
 * browser default. Changes made by other tabs or pages of the same origin
 * reach `subscribe` listeners through a BroadcastChannel, after the other
 * tab's write has been committed. A store never hears its own changes.
 *
 * Tabs sharing the database agree whatever order their writes arrive in:
 * every operation reads and writes in one readwrite transaction (IndexedDB
 * runs them one at a time) by the rules of `applyChange`. A revoke with
 * `revokedAt` leaves `{ key, revokedAt }` under the grant's key, and a clear
 * with `clearedAt` leaves `{ clearedAt }` under a key no grant can have
 * (`['mcp-consent', 'cleared']`); a put of a grant granted at or before
 * either, or older than the grant held, changes nothing. A write that
 * changes nothing announces nothing. Without `revokedAt`, `delete` removes
 * the key's grant unless it is newer than `grant`, and remembers nothing;
 * without `clearedAt`, `clear` removes every grant.
 *
 * Safe to construct where IndexedDB is missing (server rendering): the
 * database is opened on the first call, and calls then reject with
 * `StoreUnavailableError`, which makes the engine ask instead of deciding.
 */
export function idbStore(options: IdbStoreOptions = {}): IdbGrantStore {
  const dbName = options.dbName ?? 'mcp-consent';
  const storeName = options.storeName ?? 'grants';
  const channelName = options.channelName ?? `mcp-consent:${dbName}/${storeName}`;
  const id = randomId();
  const listeners = new Set<(change: StoreChange) => void>();
  let store: UseStore | undefined;
  let channel: BroadcastChannel | undefined;
  let corruptKeys: IDBValidKey[] = [];
  let closed = false;

  const label = `IndexedDB store "${dbName}/${storeName}"`;

  function useStore(): UseStore {
    if (closed) throw new StoreUnavailableError(`The ${label} is closed.`);
    store ??= createStore(dbName, storeName);
    return store;
  }

  /** Wraps IndexedDB failures (missing, blocked, quota) so the engine sees one error type. */
  async function guard<T>(action: string, work: (store: UseStore) => Promise<T>): Promise<T> {
    try {
      return await work(useStore());
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      throw new StoreUnavailableError(`The ${label} could not ${action}: ${describe(error)}`, {
        cause: error,
      });
    }
  }

  function openChannel(): BroadcastChannel | undefined {
    if (channel === undefined && !closed && typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(channelName);
      channel.onmessage = (event: MessageEvent<unknown>) => {
        const change = readMessage(event.data, id);
        if (change === undefined) return;
        for (const listener of [...listeners]) listener(change);
      };
    }
    return channel;
  }

  function announce(change: StoreChange): void {
    const message: ChangeMessage = { from: id, change };
    try {
      openChannel()?.postMessage(message);
    } catch (error) {
      // The write itself succeeded; other tabs catch up on their next load.
      console.warn(`[mcp-consent] ${label}: could not tell other tabs about a change`, error);
    }
  }

  /** Every record, read once: grants, revocations and the clear marker, with what was skipped. */
  const readAll = () =>
    guard('load grants', async (use): Promise<StoreSnapshot> => {
      const snapshot: StoreSnapshot = { grants: [], revocations: [], clearedAt: null };
      const skipped: IDBValidKey[] = [];
      for (const [key, value] of await entries<IDBValidKey, unknown>(use)) {
        const record = readRecord(key, value);
        if (record === undefined) skipped.push(key);
        else if ('grant' in record) snapshot.grants.push(record.grant);
        else if ('clearedAt' in record) snapshot.clearedAt = record.clearedAt;
        else snapshot.revocations.push({ key: record.key, revokedAt: record.revokedAt });
      }
      corruptKeys = skipped;
      if (skipped.length > 0) {
        console.warn(
          `[mcp-consent] ${label}: skipped ${skipped.length} record(s) that are not valid grants ` +
            `(keys: ${skipped.map((key) => JSON.stringify(key)).join(', ')}). They were left in ` +
            'IndexedDB untouched; calls they covered will be asked again.',
        );
      }
      return snapshot;
    });

  // Open the channel right away: a store that only writes must still announce,
  // and a subscriber must not miss changes posted before its first call.
  openChannel();

  return {
    get corruptKeys() {
      return corruptKeys;
    },
    load: () => readAll().then((snapshot) => snapshot.grants),
    loadState: readAll,
    put: (grant) =>
      guard('save a grant', async (use) => {
        const change: StoreChange = { type: 'put', grant };
        if (await changeKey(use, grant.key, change)) announce(change);
      }),
    delete: (key, grant, revokedAt) =>
      guard('delete a grant', async (use) => {
        const change = deleteChange(key, grant, revokedAt);
        if (await changeKey(use, key, change)) announce(change);
      }),
    clear: (clearedAt) =>
      guard('clear grants', async (use) => {
        const changed = await clearRecords(use, clearedAt);
        // A plain clear is always announced, as before: other tabs' caches may hold more.
        if (changed || clearedAt === undefined) announce(clearChange(clearedAt));
      }),
    subscribe(listener) {
      openChannel();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      closed = true;
      listeners.clear();
      channel?.close();
      channel = undefined;
      // Release the connection so other tabs can upgrade or delete the database.
      store?.('readonly', (objectStore) => objectStore.transaction.db.close()).catch(
        () => undefined,
      );
      store = undefined;
    },
  };
}

/** Messages come from any script of this origin: accept only well-formed changes. */
function readMessage(data: unknown, ownId: string): StoreChange | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { from, change } = data as Partial<ChangeMessage>;
  if (from === ownId || typeof change !== 'object' || change === null) return undefined;
  switch (change.type) {
    case 'put':
      return isGrant(change.grant) ? { type: 'put', grant: change.grant } : undefined;
    case 'delete': {
      const { key, grant, revokedAt } = change;
      const fits =
        typeof key === 'string' &&
        (grant === undefined || (isGrant(grant) && grant.key === key)) &&
        (revokedAt === undefined || isRevocation({ key, revokedAt }));
      return fits ? deleteChange(key, grant, revokedAt) : undefined;
    }
    case 'clear':
      return change.clearedAt === undefined || isTime(change.clearedAt)
        ? clearChange(change.clearedAt)
        : undefined;
    default:
      return undefined;
  }
}

/** Changes without `undefined` fields, so they read (and compare) as the caller wrote them. */
const deleteChange = (key: string, grant?: Grant, revokedAt?: string): StoreChange => ({
  type: 'delete',
  key,
  ...(grant && { grant }),
  ...(revokedAt !== undefined && { revokedAt }),
});
const clearChange = (clearedAt?: string): StoreChange =>
  clearedAt === undefined ? { type: 'clear' } : { type: 'clear', clearedAt };

export function randomId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
