import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { StoreUnavailableError } from '../errors.js';
import type { Grant } from '../types.js';
import {
  applyChange,
  type GrantStore,
  type StoreSnapshot,
  type StoreChange,
  type StoreState,
} from '../store.js';
import { isAlive, removeDeadLock } from './file-lock.js';
import { changesBetween, watchFile } from './file-watch.js';
import { grantFileIo, TEMP_MARKER } from './file-io.js';

export interface FileStoreOptions {
  /**
   * Flush every write to the disk (fsync the temp file and the directory)
   * before `put`, `delete` and `clear` resolve. Turning it off trades
   * durability across power loss for speed; a crash of the process alone
   * still never leaves a torn file, because writes are renamed into place.
   * @default true
   */
  durable?: boolean;
  /**
   * How long `put`, `delete` and `clear` wait while another process holds the file's lock
   * before rejecting with a `StoreUnavailableError` (the engine then asks instead of deciding).
   * @default 10000
   */
  lockTimeoutMs?: number;
  /**
   * Subscribers only: how often (ms) the file is checked for changes by other processes that
   * the directory watch did not report (some network and virtual file systems never do).
   * @default 1000
   */
  pollMs?: number;
  /**
   * Subscribers only: watch the file's directory, so other processes' changes are heard within
   * milliseconds. With `false` only the poll (`pollMs`) notices them.
   * @default true
   */
  watch?: boolean;
}

/** A grant store backed by a file, with where it lives. */
export interface FileGrantStore extends GrantStore {
  /** The absolute path of the grant file. */
  readonly path: string;
  /** The grants with the revokes and the last clear the file remembers. */
  loadState(): Promise<StoreSnapshot>;
  subscribe(listener: (change: StoreChange) => void): () => void;
  /** Stops watching the file; later calls reject. */
  close(): void;
}

/**
 * Keeps every grant in one JSON file, `{ "version": 1, "grants": [...] }`, plus the revokes
 * that still matter (`revocations: [{ key, revokedAt }]`) and the last `clearedAt`, so a late
 * put of a grant older than a revoke or clear cannot bring it back (`applyChange` in store.ts).
 * `load()` returns the grants; `loadState()` the grants with those revokes and that clear.
 *
 * - A missing file is an empty store; parent directories are created on the first write.
 * - Safe for several processes (and store instances) sharing the file: `put`, `delete` and
 *   `clear` read, change and write the file while holding a lock across processes (see
 *   file-lock.ts: on Linux and Windows a socket name the kernel frees when its holder dies,
 *   elsewhere `<path>.lock` holding the holder's pid), so no acknowledged change is lost. A
 *   writer that cannot get the lock within `lockTimeoutMs` rejects with `StoreUnavailableError`.
 * - Writes are atomic: the whole file is written to a temp file in the same directory,
 *   flushed, and renamed over the target. `put` resolves only after the rename, so an
 *   acknowledged grant survives a crash of the process. Reads take no lock.
 * - `subscribe` hears other processes' changes: the directory is watched (and polled every
 *   `pollMs` as a backstop), the file re-read and compared with what this instance last knew.
 *   Its own writes are not announced.
 * - A corrupt file (not JSON, wrong shape, an entry that is not a grant or a revocation) is
 *   moved aside to `<path>.corrupt-<timestamp>` and the operation rejects with a
 *   `CorruptStoreError` that says where the data went. The store is never emptied
 *   silently; later writes start a fresh file.
 */
export function fileStore(path: string, options: FileStoreOptions = {}): FileGrantStore {
  const file = resolve(path);
  const durable = options.durable ?? true;
  const lockOptions = { timeoutMs: options.lockTimeoutMs ?? 10_000 };
  const watchOptions = { watch: options.watch ?? true, pollMs: options.pollMs ?? 1000 };
  const serialize = serializer();
  const listeners = new Set<(change: StoreChange) => void>();
  let stopWatching: (() => void) | undefined;
  let closed = false;
  let cleanedTemps = false;
  /**
   * What this instance's caller knows: its load, its own writes and the changes announced. Its
   * grants are kept as a list, and a Map of them made only to compare a change: ~30 bytes less
   * per grant, for the life of the store.
   */
  let known: KnownState | null = null;
  /** The file's identity when `known` was read from it; an unchanged file is not re-read. */
  let knownStamp: string | undefined;

  const io = grantFileIo(file, durable, lockOptions);
  const { read, readOrQuarantine, write, locked, stampOf } = io;

  function run<T>(operation: () => Promise<T>): Promise<T> {
    if (closed) {
      return Promise.reject(new StoreUnavailableError(`The grant file store "${file}" is closed.`));
    }
    return serialize(operation);
  }

  /**
   * Takes `next` as known, first telling listeners what other processes changed (`own`: a change
   * of this instance in it, which they know).
   */
  function learn(next: StoreState, stamp: string, own?: StoreChange): void {
    let changes: StoreChange[] = [];
    if (known !== null && listeners.size > 0) {
      const base = expand(known);
      if (own) applyChange(base, own);
      changes = changesBetween(base, next);
    }
    known = compact(next);
    knownStamp = stamp;
    for (const change of changes) {
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch (error) {
          console.warn(`[mcp-consent] a listener of the grant file "${file}" threw`, error);
        }
      }
    }
  }

  /** Read, change and write the file under the lock; the file is written only when it changed. */
  async function update(change: StoreChange): Promise<void> {
    const { state, stamp } = await locked(async () => {
      const state = await readOrQuarantine();
      if (applyChange(state, change)) await write(state);
      return { state, stamp: await stampOf() };
    });
    // Our own change is known; whatever else the file holds came from other processes.
    learn(state, stamp, change);
  }

  /** Re-reads a file that changed since it was last known (subscribers only). */
  async function check(): Promise<void> {
    if (known === null || listeners.size === 0) return; // the first load tells everything
    const stamp = await stampOf();
    if (stamp === knownStamp) return;
    const result = await read().catch(() => undefined);
    // A corrupt or unreadable file is left to the next load or write, which moves it aside.
    if (result !== undefined && 'state' in result) learn(result.state, stamp);
  }

  /** Reads the whole file for a load; the caller gets everything, so nothing is announced. */
  async function loadState(): Promise<StoreState> {
    if (!cleanedTemps) {
      cleanedTemps = true;
      await removeStaleTemps(file);
      await removeDeadLock(file);
    }
    let stamp = await stampOf();
    const result = await read();
    let state: StoreState;
    if ('state' in result) state = result.state;
    else {
      // Another process may be mid-way through moving it aside: judge it under the lock.
      [stamp, state] = await locked(async () => [await stampOf(), await readOrQuarantine()]);
    }
    known = compact(state);
    knownStamp = stamp;
    return state;
  }

  return {
    path: file,
    load: () =>
      // The file's grants are frozen (`parseGrantFile`): handed out as they are, not copied.
      run(async () => [...(await loadState()).grants.values()]),
    loadState: () =>
      run(async () => {
        const { grants, revocations, clearedAt } = await loadState();
        return {
          grants: [...grants.values()],
          revocations: [...revocations].map(([key, revokedAt]) => ({ key, revokedAt })),
          clearedAt,
        };
      }),
    put: (grant) => run(() => update({ type: 'put', grant: { ...grant } })),
    delete: (key, grant, revokedAt) => run(() => update({ type: 'delete', key, grant, revokedAt })),
    clear: (clearedAt) => run(() => update({ type: 'clear', clearedAt })),
    subscribe(listener) {
      if (closed) return () => {};
      listeners.add(listener);
      stopWatching ??= watchFile(file, watchOptions, () => {
        run(check).catch(() => undefined);
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stopWatching?.();
        stopWatching = undefined;
      };
    },
    close() {
      closed = true;
      listeners.clear();
      stopWatching?.();
      stopWatching = undefined;
    },
  };
}

/** A store state with its grants as a list (what a file store keeps between reads). */
interface KnownState extends Omit<StoreState, 'grants'> {
  grants: Grant[];
}

const compact = (state: StoreState): KnownState => ({
  grants: [...state.grants.values()],
  revocations: state.revocations,
  clearedAt: state.clearedAt,
});

const expand = (known: KnownState): StoreState => ({
  grants: new Map(known.grants.map((grant) => [grant.key, grant])),
  revocations: new Map(known.revocations),
  clearedAt: known.clearedAt,
});

/** Runs async operations one after another; a failure does not stop the ones queued behind it. */
function serializer() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(operation: () => Promise<T>): Promise<T> => {
    const result = tail.then(operation);
    tail = result.catch(() => undefined);
    return result;
  };
}

/**
 * Deletes temp files left by writers that were killed mid-write. They are never
 * read (only a completed rename publishes data), so this only saves disk space.
 * Temp files of processes that are still running are left alone.
 */
async function removeStaleTemps(file: string): Promise<void> {
  const prefix = `${basename(file)}${TEMP_MARKER}`;
  let names: string[];
  try {
    names = await readdir(dirname(file));
  } catch (_error) {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number.parseInt(name.slice(prefix.length), 10);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    await unlink(join(dirname(file), name)).catch(() => undefined);
  }
}
