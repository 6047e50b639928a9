import { createStore, type UseStore } from 'idb-keyval';
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
import { changeKey, compactRecords, grantOf, readAllRecords, readLayout } from './idb-records.js';

/** A load that sees this many log records folds them into the chunks afterwards. */
const COMPACT_AT = 250;
/** Deferred grants checked per idle moment after a deferred load. */
const CHECKED = 1000;
/** Runs `work` when the page is idle (or on the next turn where there is no such thing). */
const later = (work: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(work) : setTimeout(work, 0);

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
  /**
   * Grants with the revocations and the clear marker, so a late message cannot revive a revoked
   * grant. With `deferred` (the engine's load), the snapshot chunks' grants come unbuilt.
   */
  loadState(options?: { deferred?: boolean }): Promise<StoreSnapshot>;
  /**
   * Folds the write log into the snapshot chunks now, in one transaction (a load does it by
   * itself once the log has grown). Resolves once committed.
   */
  compact(): Promise<void>;
  subscribe(listener: (change: StoreChange) => void): () => void;
  close(): void;
  /**
   * Keys of records (or of snapshot chunk entries) that were not valid grants, revocations or
   * the clear marker at the last `load`. They stay in IndexedDB untouched (nothing is deleted);
   * the engine asks for those calls. Reading it checks what a deferred load left unchecked.
   */
  readonly corruptKeys: readonly IDBValidKey[];
}

/** What one tab posts to the others. `from` keeps a store from applying its own changes. */
interface ChangeMessage {
  from: string;
  change: StoreChange;
}

/**
 * Grants in IndexedDB (through idb-keyval): the browser default. A snapshot
 * in chunks of ~1 000 grants (strings: JSON text and index columns), and one
 * record per key changed since as the write log, folded into the chunks by a
 * compaction in one transaction (idb-records.ts; README, "IndexedDB
 * layout"). A deferred load hands the chunks' grants to the engine unbuilt.
 * Changes made by other tabs or pages of the same origin
 * reach `subscribe` listeners through a BroadcastChannel, after the other
 * tab's write has been committed. A store never hears its own changes.
 *
 * Tabs sharing the database agree whatever order their writes arrive in:
 * every operation reads and writes in one readwrite transaction (IndexedDB
 * runs them one at a time) by the rules of `applyChange`. A revoke with
 * `revokedAt` leaves `{ key, revokedAt }` as the key's state, and a clear
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

  /** What a deferred load has not checked yet: its grants' texts and columns, by index. */
  let unchecked: { columns: string[]; texts: string[]; checked: Uint8Array; next: number } | null =
    null;

  function report(keys: IDBValidKey[]): void {
    if (keys.length === 0) return;
    corruptKeys.push(...keys);
    console.warn(
      `[mcp-consent] ${label}: skipped ${keys.length} record(s) that are not valid grants ` +
        `(keys: ${keys.map((key) => JSON.stringify(key)).join(', ')}). They were left in ` +
        'IndexedDB untouched; calls they covered will be asked again.',
    );
  }

  /** Checks the deferred grants not checked yet (at most `limit`), and reports the bad ones. */
  function checkDeferred(limit = Infinity): void {
    const load = unchecked;
    if (!load) return;
    const bad: IDBValidKey[] = [];
    for (; load.next < load.texts.length && limit-- > 0; load.next++) {
      const key = load.columns[6 * load.next];
      if (!load.checked[load.next] && !grantOf(load.texts[load.next], key)) bad.push(key!);
    }
    if (load.next === load.texts.length) unchecked = null;
    report(bad);
    if (unchecked) later(() => !closed && unchecked === load && checkDeferred(CHECKED));
  }

  /**
   * Every record, read once: grants (chunk grants as `deferred` when asked), revocations and the
   * clear marker, with what was skipped. A log that grew past `COMPACT_AT` records is folded
   * into the chunks afterwards, in the background.
   */
  const readAll = (defer = false) =>
    guard('load grants', async (use): Promise<StoreSnapshot> => {
      const { snapshot, columns, texts, skipped, logged } = readLayout(
        ...(await use('readonly', readAllRecords)),
      );
      if (!defer)
        texts.forEach((text, i) => {
          const grant = grantOf(text, columns[6 * i]);
          if (grant) snapshot.grants.push(grant);
          else skipped.push(columns[6 * i]!);
        });
      corruptKeys = [];
      report(skipped);
      const load = { columns, texts, checked: new Uint8Array(texts.length), next: 0 };
      unchecked = defer ? load : null;
      if (defer) {
        snapshot.deferred = {
          columns,
          read(index) {
            const grant = grantOf(texts[index], columns[6 * index]);
            // Reported here unless the background check already did.
            if (!grant && unchecked === load && index >= load.next && !load.checked[index])
              report([columns[6 * index]!]);
            load.checked[index] = 1;
            return grant;
          },
        };
        checkDeferred(0);
      }
      if (logged.length >= COMPACT_AT) later(() => closed || void compact().catch(warn));
      return snapshot;
    });

  /** Folds the log into the chunks (a second call meanwhile finds little or nothing to fold). */
  const compact = () => guard('compact', (use) => compactRecords(use).then(() => undefined));
  const warn = (error: unknown) => console.warn(`[mcp-consent] ${describe(error)}`);

  // Open the channel right away: a store that only writes must still announce,
  // and a subscriber must not miss changes posted before its first call.
  openChannel();

  return {
    get corruptKeys() {
      checkDeferred();
      return corruptKeys;
    },
    load: () => readAll().then((snapshot) => snapshot.grants),
    loadState: (options) => readAll(options?.deferred),
    compact,
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
        const changed = await compactRecords(use, clearChange(clearedAt));
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
