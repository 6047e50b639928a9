import { promisifyRequest, type UseStore } from 'idb-keyval';

/** Chromium's upgrade event, which says why when it deleted a database it found corrupt. */
interface DataLossEvent extends IDBVersionChangeEvent {
  dataLossMessage?: string;
}

/**
 * The browser's message once one of the kit's databases heard, at its open, that the browser
 * deleted this origin's IndexedDB: Chromium does that to every database of an origin when it
 * finds them corrupt, which a crash at the wrong moment can cause (engine README, "IndexedDB
 * and browser crashes"). Chromium tells only the first open of the origin after it, so it is
 * kept here for every store of the page.
 */
export let dataLoss: string | undefined;

/**
 * idb-keyval's `createStore` (one object store per database, opened on first use and again
 * once the browser closed the connection) that also hears the browser say, in the upgrade,
 * that it deleted the database (`dataLoss`, and a console warning).
 */
export function openStore(dbName: string, storeName: string): UseStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = () => {
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = (event) => {
      request.result.createObjectStore(storeName);
      // Chromium says why only when it lost the data (`dataLoss: 'total'`).
      const { dataLossMessage } = event as DataLossEvent;
      if (dataLossMessage) console.warn(`[mcp-consent] ${dbName}: ${(dataLoss = dataLossMessage)}`);
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
