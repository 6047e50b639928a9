import type { UseStore } from 'idb-keyval';
import { StoreUnavailableError } from '../errors.js';
import {
  isGrant,
  isTime,
  type GrantStore,
  type StoreChange,
  type StoreSnapshot,
} from '../store.js';
import type { Grant } from '../types.js';
import { dataLoss, openStore } from './idb-open.js';
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
  /**
   * The browser's message when it deleted this origin's IndexedDB at this start because it found
   * it corrupt (Chromium's `dataLoss`, heard by this store or the page's audit sink, whichever
   * opened first; engine README, "IndexedDB and browser crashes"): every grant, revocation and
   * clear the store held is gone, so their calls are asked again, a Deny always included. Known
   * once the database was opened (after the first call); else undefined.
   */
  readonly dataLoss: string | undefined;
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

  /** Wraps IndexedDB failures (missing, blocked, quota) so the engine sees one error type. */
  const guard = guarded(label, () => {
    if (closed) throw new StoreUnavailableError(`The ${label} is closed.`);
    return (store ??= openStore(dbName, storeName));
  });

  function openChannel(): BroadcastChannel | undefined {
    if (channel === undefined && !closed && typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(channelName);
      channel.onmessage = (event: MessageEvent<unknown>) => {
        const change = readMessage(event.data, id);
        if (change) for (const listener of [...listeners]) listener(change);
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

  /** Checks the rest of the last deferred load's grants (at most `limit`), while some are left. */
  let checking: ((limit?: number) => void) | undefined;

  function report(keys: IDBValidKey[]): void {
    if (keys.length === 0) return;
    corruptKeys.push(...keys);
    console.warn(
      `[mcp-consent] ${label}: skipped ${keys.length} record(s) that are not valid grants ` +
        `(keys: ${JSON.stringify(keys)}); their calls are asked.`,
    );
  }

  /**
   * Every record, read once: grants (chunk grants as `deferred` when asked), revocations and the
   * clear marker, with what was skipped. A log that grew past `COMPACT_AT` records is folded
   * into the chunks afterwards, in the background.
   */
  const readAll = (defer?: boolean) =>
    guard('load grants', 'readonly', readAllRecords).then(([keys, values]): StoreSnapshot => {
      const [state, columns, texts, skipped, logged] = readLayout(keys, values, !defer);
      corruptKeys = [];
      report(skipped);
      const snapshot: StoreSnapshot = {
        grants: [...state.grants.values()],
        revocations: [...state.revocations].map(([key, revokedAt]) => ({ key, revokedAt })),
        clearedAt: state.clearedAt,
      };
      /** 1 for each deferred grant checked (and reported, if it is not readable). */
      const checked = new Uint8Array(texts.length);
      /**
       * The deferred grant at `index`. Not readable, it is reported (into `bad`, else at once)
       * unless it already was, or a later load replaced this one.
       */
      const read = (index: number, bad?: IDBValidKey[]) => {
        const key = columns[6 * index]!;
        const grant = grantOf(texts[index], key);
        if (!grant && !checked[index] && checking === check) {
          if (bad) bad.push(key);
          else report([key]);
        }
        checked[index] = 1;
        return grant;
      };
      let next = 0;
      const check = (limit = Infinity) => {
        const bad: IDBValidKey[] = [];
        for (; next < texts.length && limit-- > 0; next++) read(next, bad);
        report(bad);
        if (next === texts.length) checking = undefined;
        else later(() => !closed && checking === check && check(CHECKED));
      };
      checking = undefined;
      if (defer) {
        checking = check;
        snapshot.deferred = { columns, read: (index) => read(index) };
        check(0);
      }
      if (logged.length >= COMPACT_AT) later(() => closed || void compact().catch(warn));
      return snapshot;
    });

  /** Folds the log into the chunks (a second call meanwhile finds little or nothing to fold). */
  const compact = () => write('compact');

  /**
   * Writes `change` in one transaction (a clear, or none, by a compaction), and announces it
   * when it changed something.
   */
  const write = (action: string, change?: StoreChange) =>
    guard(action, 'readwrite', (objectStore) =>
      change && change.type !== 'clear'
        ? changeKey(objectStore, change)
        : compactRecords(objectStore, change),
    ).then((changed) => {
      if (changed) announce(change!);
    });

  // Open the channel right away: a store that only writes must still announce,
  // and a subscriber must not miss changes posted before its first call.
  openChannel();

  return {
    get corruptKeys() {
      checking?.();
      return corruptKeys;
    },
    get dataLoss() {
      return dataLoss;
    },
    load: () => readAll().then((snapshot) => snapshot.grants),
    loadState: (options) => readAll(options?.deferred),
    compact,
    put: (grant) => write('save a grant', { type: 'put', grant }),
    delete: (key, grant, revokedAt) => write('delete a grant', deleteChange(key, grant, revokedAt)),
    // A plain clear is always announced, as before: other tabs' caches may hold more.
    clear: (clearedAt) => write('clear grants', clearChange(clearedAt)),
    subscribe(listener) {
      openChannel();
      listeners.add(listener);
      return () => void listeners.delete(listener);
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
  const { from, change } = (data ?? {}) as { from?: unknown; change?: unknown };
  if (from === ownId || !change) return undefined;
  const { type, key, grant, revokedAt, clearedAt } = change as Record<string, unknown>;
  if (type === 'put') return isGrant(grant) ? { type, grant } : undefined;
  if (type === 'delete')
    return typeof key === 'string' &&
      (grant === undefined || (isGrant(grant) && grant.key === key)) &&
      isTimeOrNone(revokedAt)
      ? deleteChange(key, grant, revokedAt)
      : undefined;
  return type === 'clear' && isTimeOrNone(clearedAt) ? clearChange(clearedAt) : undefined;
}

const isTimeOrNone = (value: unknown): value is string | undefined =>
  value === undefined || isTime(value);

/** Changes without `undefined` fields, so they read (and compare) as the caller wrote them. */
const deleteChange = (key: string, grant?: Grant, revokedAt?: string): StoreChange => ({
  type: 'delete',
  key,
  ...(grant && { grant }),
  ...(revokedAt !== undefined && { revokedAt }),
});
const clearChange = (clearedAt?: string): StoreChange => ({
  type: 'clear',
  ...(clearedAt !== undefined && { clearedAt }),
});

// (`randomUUID` is missing outside secure contexts.)
export const randomId = (): string =>
  (typeof crypto !== 'undefined' && crypto.randomUUID?.()) ||
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const describe = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

export const warn = (error: unknown) => console.warn(`[mcp-consent] ${describe(error)}`);

/**
 * `guard(action, mode, work)`: runs `work` in a transaction of the store `open` gives, with any
 * failure but a `StoreUnavailableError` wrapped in one that says what `label` could not do.
 */
export const guarded =
  (label: string, open: () => UseStore) =>
  async <T>(
    action: string,
    mode: IDBTransactionMode,
    work: (objectStore: IDBObjectStore) => T | PromiseLike<T>,
  ): Promise<T> => {
    try {
      return await open()(mode, work);
    } catch (error) {
      throw error instanceof StoreUnavailableError
        ? error
        : new StoreUnavailableError(`The ${label} could not ${action}: ${describe(error)}`, {
            cause: error,
          });
    }
  };
