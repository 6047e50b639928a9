import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** Lives in the core now (the PostgreSQL store diffs too); re-exported for this module's callers. */
export { changesBetween } from '../store-diff.js';

/** Changes within this long of each other are read once (a write is a temp file and a rename). */
const DEBOUNCE_MS = 10;

export interface WatchOptions {
  /** Watch the directory (events within milliseconds); otherwise only the poll notices. */
  watch: boolean;
  /** The poll's period, a backstop for watch events that never come (network or odd file systems). */
  pollMs: number;
}

/**
 * Calls `onChange` (debounced) whenever `file` may have changed: on a watch event for its name
 * in its directory (the file is replaced by a rename, so the file itself cannot be watched) and
 * on every poll tick; `onChange` decides cheaply whether anything did. Holds the process open
 * for neither. Returns the function that stops it.
 */
export function watchFile(file: string, options: WatchOptions, onChange: () => void): () => void {
  const name = basename(file);
  let watcher: FSWatcher | undefined;
  let pending: NodeJS.Timeout | undefined;
  let stopped = false;

  const changed = () => {
    if (stopped || pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      if (!stopped) onChange();
    }, DEBOUNCE_MS);
    pending.unref();
  };

  // The directory may not exist yet, or be replaced: each poll tick tries again.
  const startWatching = () => {
    if (!options.watch || watcher || stopped) return;
    try {
      watcher = watch(dirname(file), { persistent: false }, (_event, filename) => {
        if (filename === null || filename === name) changed();
      });
      watcher.on('error', () => {
        watcher?.close();
        watcher = undefined;
      });
    } catch (_error) {
      watcher = undefined;
    }
  };

  const poll = setInterval(() => {
    startWatching();
    changed();
  }, options.pollMs);
  poll.unref();
  startWatching();

  return () => {
    stopped = true;
    clearInterval(poll);
    clearTimeout(pending);
    watcher?.close();
  };
}
