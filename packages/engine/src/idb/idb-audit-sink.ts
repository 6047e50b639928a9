import { promisifyRequest, type UseStore } from 'idb-keyval';
import { openStore } from './idb-open.js';
import type { AuditSink } from '../audit.js';
import { DEFAULT_AUDIT_MAX_AGE_MS } from '../audit-retention.js';
import type { CancelTimer, Clock } from '../clock.js';
import { systemClock } from '../system-clock.js';
import type { AuditEvent } from '../types.js';
import { guarded, randomId, warn } from './idb-store.js';

export interface IdbAuditSinkOptions {
  /**
   * IndexedDB database name. Must differ from the grant store's database:
   * idb-keyval creates one object store per database.
   * @default 'mcp-consent-audit'
   */
  dbName?: string;
  /**
   * Object store name inside the database.
   * @default 'events'
   */
  storeName?: string;
  /**
   * Most events kept; the oldest are deleted beyond it, so the log cannot fill
   * the origin's storage quota.
   * @default 10000
   */
  capacity?: number;
  /**
   * Events older than this (by when they were written) are deleted: when the sink opens, then
   * every `pruneIntervalMs`. Same name and default as PostgreSQL's `pruneAudit`.
   * @default DEFAULT_AUDIT_MAX_AGE_MS (400 days)
   */
  maxAgeMs?: number;
  /**
   * How often the sink prunes after the first time (on the clock's timer; without
   * `clock.setTimer` it prunes only when opened or when `prune()` is called).
   * @default 3600000 (one hour)
   */
  pruneIntervalMs?: number;
  /**
   * Events deleted per transaction, so a large prune never holds the store long: audit
   * writes get in between batches.
   * @default 500
   */
  pruneBatchSize?: number;
  /**
   * Time for the record keys, the retention window and the prune schedule.
   * @default systemClock
   */
  clock?: Clock;
}

/** An IndexedDB audit log whose `read` always works. */
export interface IdbAuditSink extends AuditSink {
  write(event: AuditEvent): Promise<void>;
  /** Every kept event, oldest first, across all tabs of this origin. */
  read(): Promise<AuditEvent[]>;
  /** Deletes the events past `maxAgeMs` now, in batches; resolves with how many. */
  prune(): Promise<number>;
  /** Stops the periodic prune. */
  close(): void;
}

/**
 * Audit events in IndexedDB, one record per event. Keys are
 * `[epoch ms, tab id, sequence]`: IndexedDB orders arrays element by element, so
 * records sort by time, tabs writing at the same moment never collide, and
 * each tab's own events keep their order. The key is the time index retention prunes by:
 * a key range up to the cutoff, one batch per transaction (records whose key is not such an
 * array, which this sink never writes, are never in it, so never deleted).
 */
export function idbAuditSink(options: IdbAuditSinkOptions = {}): IdbAuditSink {
  const dbName = options.dbName ?? 'mcp-consent-audit';
  const storeName = options.storeName ?? 'events';
  const capacity = Math.max(1, options.capacity ?? 10_000);
  const clock = options.clock ?? systemClock;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_AUDIT_MAX_AGE_MS;
  const pruneIntervalMs = options.pruneIntervalMs ?? 60 * 60 * 1000;
  const batchSize = Math.max(1, options.pruneBatchSize ?? 500);
  const tab = randomId();
  let sequence = 0;
  let store: UseStore | undefined;
  const label = `IndexedDB audit log "${dbName}/${storeName}"`;

  const guard = guarded(label, () => (store ??= openStore(dbName, storeName)));

  let pruning: Promise<number> | undefined;
  let cancelTimer: CancelTimer | undefined;
  let closed = false;

  /** Deletes in batches, one transaction each, so audit writes get in between. */
  const prune = (): Promise<number> =>
    (pruning ??= (async () => {
      // Arrays starting with a number before the cutoff: the keys this sink writes, nothing else.
      const range = IDBKeyRange.bound([-Infinity], [clock.now() - maxAgeMs], false, true);
      let total = 0;
      let deleted;
      do {
        deleted = await guard('prune', 'readwrite', (objectStore) =>
          deleteOldest(objectStore, range, batchSize),
        );
        total += deleted;
      } while (deleted === batchSize);
      return total;
    })().finally(() => {
      pruning = undefined;
    }));

  /** Prunes now and then every interval; a failure is reported and retried at the next one. */
  const scheduled = (): void =>
    void prune()
      .catch(warn)
      .then(() => {
        if (!closed) cancelTimer = clock.setTimer?.(scheduled, pruneIntervalMs);
      });
  scheduled();

  return {
    prune,
    close() {
      closed = true;
      cancelTimer?.();
    },
    write(event) {
      const key = [clock.now(), tab, sequence++];
      return guard('write an event', 'readwrite', async (objectStore) => {
        objectStore.put(event, key);
        // Trim in the same transaction, oldest keys first.
        const count = await promisifyRequest(objectStore.count());
        await deleteOldest(objectStore, null, count - capacity);
      });
    },
    read: () =>
      guard('read events', 'readonly', (objectStore) =>
        promisifyRequest(objectStore.getAll()),
      ).then((values: unknown[]) =>
        values.filter(
          // Every kind (decisions, elicitation/sampling/roots outcomes): readers tell them apart.
          (value): value is AuditEvent =>
            typeof (value as { event_type?: unknown } | undefined)?.event_type === 'string',
        ),
      ),
  };
}

/**
 * Deletes up to `limit` of the oldest keys in `range`, in the caller's transaction; resolves
 * with how many once it committed.
 */
async function deleteOldest(
  objectStore: IDBObjectStore,
  range: IDBKeyRange | null,
  limit: number,
): Promise<number> {
  // (A count of 0 would read every key.)
  const keys = limit > 0 ? await promisifyRequest(objectStore.getAllKeys(range, limit)) : [];
  for (const key of keys) objectStore.delete(key);
  // Awaiting a request's promise keeps the transaction open: it resolves in the same task.
  await promisifyRequest(objectStore.transaction);
  return keys.length;
}
