import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CorruptStoreError, StoreUnavailableError } from '../errors.js';
import { emptyStoreState, type StoreState } from '../store.js';
import { FORMAT_VERSION, formatGrantFile, parseGrantFile } from './file-format.js';
import { withFileLock } from './file-lock.js';

/**
 * Reading and writing one grant file: its state or the problem that makes it corrupt, a corrupt
 * file moved aside, atomic writes, the cross-process lock, and a stamp that says whether the
 * file changed since it was last read.
 */
export function grantFileIo(file: string, durable: boolean, lockOptions: { timeoutMs: number }) {
  const dir = dirname(file);

  /** The file's state, or the problem that makes it corrupt. */
  async function read(): Promise<{ state: StoreState } | { problem: string }> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return { state: emptyStoreState() };
      throw new StoreUnavailableError(`Cannot read the grant file "${file}": ${describe(error)}`, {
        cause: error,
      });
    }
    const parsed = parseGrantFile(text);
    if (parsed.ok) return { state: parsed.state };
    if (parsed.newerVersion !== undefined) {
      // Written by a newer release: not corrupt, and not ours to move or overwrite.
      throw new StoreUnavailableError(
        `The grant file "${file}" has format version ${parsed.newerVersion}, newer than this ` +
          `version of @mcp-consent/engine understands (${FORMAT_VERSION}). Upgrade, or point the ` +
          'store at another file. The file was left untouched.',
      );
    }
    return { problem: parsed.problem };
  }

  /** Reads the file (holding the lock): a corrupt one is moved aside and the call rejects. */
  async function readOrQuarantine(): Promise<StoreState> {
    const result = await read();
    if ('state' in result) return result.state;
    const quarantinePath = await quarantine(file);
    throw new CorruptStoreError(
      `The grant file "${file}" is corrupt: ${result.problem}. Its contents were moved to ` +
        `"${quarantinePath}" and nothing was deleted. Until the file is repaired and moved back, ` +
        `saved "always" answers in it are not applied (you will be asked again); new answers are ` +
        `saved to a fresh "${file}".`,
      quarantinePath,
    );
  }

  async function write(state: StoreState): Promise<void> {
    try {
      await atomicWrite(file, formatGrantFile(state), durable);
    } catch (error) {
      throw new StoreUnavailableError(`Cannot write the grant file "${file}": ${describe(error)}`, {
        cause: error,
      });
    }
  }

  /** Runs `work` holding the lock every process and instance on this file takes. */
  async function locked<T>(work: () => Promise<T>): Promise<T> {
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new StoreUnavailableError(`Cannot write the grant file "${file}": ${describe(error)}`, {
        cause: error,
      });
    }
    return withFileLock(file, work, lockOptions);
  }

  /** Inode, size and modification time: a write always changes the inode (rename). */
  const stampOf = () =>
    stat(file, { bigint: true }).then(
      (stats) => `${stats.ino}:${stats.size}:${stats.mtimeNs}`,
      () => 'missing',
    );

  return { read, readOrQuarantine, write, locked, stampOf };
}

export const TEMP_MARKER = '.tmp-';

/** `<file>.tmp-<pid>-<random>`: the pid tells a later loader whether the writer is still alive. */
function tempPathFor(file: string): string {
  return `${file}${TEMP_MARKER}${process.pid}-${randomUUID().slice(0, 8)}`;
}

/** Writes `text` to `file` so that readers see either the old or the new contents, never a mix. */
export async function atomicWrite(file: string, text: string, durable: boolean): Promise<void> {
  const temp = tempPathFor(file);
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(text, 'utf8');
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  if (durable) await syncDirectory(dirname(file));
}

/** Makes the rename itself durable. Not every platform can open a directory (Windows): skip there. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (_error) {
    // EISDIR/EPERM/EINVAL on platforms that cannot fsync a directory; the rename still happened.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Moves a corrupt file next to itself under a name that says when; never overwrites an earlier copy. */
export async function quarantine(file: string): Promise<string> {
  const stamp = new Date().toISOString().replace(/:/g, '');
  let target = `${file}.corrupt-${stamp}`;
  for (let n = 1; await exists(target); n += 1) target = `${file}.corrupt-${stamp}-${n}`;
  try {
    await rename(file, target);
  } catch (error) {
    throw new StoreUnavailableError(
      `The grant file "${file}" is corrupt and could not be moved aside to "${target}": ` +
        `${describe(error)}. It was left in place and nothing was deleted.`,
      { cause: error },
    );
  }
  return target;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (_error) {
    return false;
  }
}

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
