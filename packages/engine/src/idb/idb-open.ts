import { promisifyRequest, type UseStore } from 'idb-keyval';

/** Chromium's upgrade event, which says why when it deleted a database it found corrupt. */
interface DataLossEvent extends IDBVersionChangeEvent {
  dataLossMessage?: string;
}

/**
 * idb-keyval's `createStore` (one object store per database, opened on first use and again
 * once the browser closed the connection) that also hears the browser say, in the upgrade,
 * that it deleted the database: Chromium does that to an origin's whole IndexedDB when it
 * finds it corrupt, which a crash at the wrong moment can cause (engine README, "IndexedDB and
 * browser crashes"). `onLoss` gets the browser's message.
 */
export function openStore(
  dbName: string,
  storeName: string,
  onLoss?: (message: string) => void,
): UseStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = () => {
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = (event) => {
      request.result.createObjectStore(storeName);
      // Chromium says why only when it lost the data (`dataLoss: 'total'`).
      const { dataLossMessage } = event as DataLossEvent;
      if (dataLossMessage) onLoss?.(dataLossMessage);
    };
    const opened = promisifyRequest(request);
    opened.then(
      (connection) => void (connection.onclose = () => (db = undefined)),
      () => (db = undefined),
    );
    return opened;
  };
  return (mode, callback) =>
    (db ??= open()).then((connection) =>
      callback(connection.transaction(storeName, mode).objectStore(storeName)),
    );
}
