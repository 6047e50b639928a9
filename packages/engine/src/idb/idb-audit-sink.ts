import { createStore, promisifyRequest, values, type UseStore } from 'idb-keyval';
import type { AuditSink } from '../audit.js';
import { StoreUnavailableError } from '../errors.js';
import type { AuditEvent } from '../types.js';
import { describe, randomId } from './idb-store.js';

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
}

/** An IndexedDB audit log whose `read` always works. */
export interface IdbAuditSink extends AuditSink {
  write(event: AuditEvent): Promise<void>;
  /** Every kept event, oldest first, across all tabs of this origin. */
  read(): Promise<AuditEvent[]>;
}

/**
 * Audit events in IndexedDB, one record per event. Keys are
 * `[epoch ms, tab id, sequence]`: IndexedDB orders arrays element by element, so
 * records sort by time, tabs writing at the same moment never collide, and
 * each tab's own events keep their order.
 */
export function idbAuditSink(options: IdbAuditSinkOptions = {}): IdbAuditSink {
  const dbName = options.dbName ?? 'mcp-consent-audit';
  const storeName = options.storeName ?? 'events';
  const capacity = Math.max(1, options.capacity ?? 10_000);
  const tab = randomId();
  let sequence = 0;
  let store: UseStore | undefined;
  const label = `IndexedDB audit log "${dbName}/${storeName}"`;

  async function guard<T>(action: string, work: (store: UseStore) => Promise<T>): Promise<T> {
    try {
      store ??= createStore(dbName, storeName);
      return await work(store);
    } catch (error) {
      throw new StoreUnavailableError(`The ${label} could not ${action}: ${describe(error)}`, {
        cause: error,
      });
    }
  }

  return {
    write(event) {
      const key = [Date.now(), tab, sequence++];
      return guard('write an event', (use) =>
        use('readwrite', (objectStore) => {
          objectStore.put(event, key);
          // Trim in the same transaction, oldest keys first.
          const count = objectStore.count();
          count.onsuccess = () => {
            let excess = count.result - capacity;
            if (excess <= 0) return;
            const cursor = objectStore.openKeyCursor();
            cursor.onsuccess = () => {
              if (cursor.result === null || excess <= 0) return;
              excess -= 1;
              objectStore.delete(cursor.result.primaryKey);
              cursor.result.continue();
            };
          };
          return promisifyRequest(objectStore.transaction);
        }),
      );
    },
    read: () =>
      guard('read events', async (use) =>
        (await values<unknown>(use)).filter(
          (value): value is AuditEvent =>
            typeof value === 'object' &&
            value !== null &&
            // Every kind (decisions, elicitation/sampling/roots outcomes): readers tell them apart.
            typeof (value as { event_type?: unknown }).event_type === 'string',
        ),
      ),
  };
}
