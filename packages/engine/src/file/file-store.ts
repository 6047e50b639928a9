import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CorruptStoreError, StoreUnavailableError } from '../errors.js';
import { isGrant, isNewer, type GrantStore } from '../store.js';
import type { Grant } from '../types.js';

/** The on-disk format of a grant file. */
export interface GrantFile {
  version: 1;
  grants: Grant[];
}

export interface FileStoreOptions {
  /**
   * Flush every write to the disk (fsync the temp file and the directory)
   * before `put`, `delete` and `clear` resolve. Turning it off trades
   * durability across power loss for speed; a crash of the process alone
   * still never leaves a torn file, because writes are renamed into place.
   * @default true
   */
  durable?: boolean;
}

/** A grant store backed by a file, with where it lives. */
export interface FileGrantStore extends GrantStore {
  /** The absolute path of the grant file. */
  readonly path: string;
}

const FORMAT_VERSION = 1;

/**
 * Keeps every grant in one JSON file, `{ "version": 1, "grants": [...] }`.
 *
 * - A missing file is an empty store; parent directories are created on the first write.
 * - Writes are serialized within this instance and atomic: the whole file is
 *   written to a temp file in the same directory, flushed, and renamed over the
 *   target. `put` resolves only after the rename, so an acknowledged grant survives
 *   a crash of the process.
 * - A corrupt file (not JSON, wrong shape, an entry that is not a grant) is moved
 *   aside to `<path>.corrupt-<timestamp>` and the operation rejects with a
 *   `CorruptStoreError` that says where the data went. The store is never emptied
 *   silently; later writes start a fresh file.
 * - Every operation re-reads the file, so grants written by another process are
 *   seen by the next `load`. Two processes writing at the same moment can still
 *   lose one of the two updates (there is no lock); each file stays whole.
 */
export function fileStore(path: string, options: FileStoreOptions = {}): FileGrantStore {
  const file = resolve(path);
  const dir = dirname(file);
  const durable = options.durable ?? true;
  const serialize = serializer();
  let closed = false;
  let cleanedTemps = false;

  async function readGrants(): Promise<Map<string, Grant>> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return new Map();
      throw new StoreUnavailableError(`Cannot read the grant file "${file}": ${describe(error)}`, {
        cause: error,
      });
    }
    const parsed = parseGrantFile(text);
    if (parsed.ok) return new Map(parsed.grants.map((grant) => [grant.key, grant]));
    if (parsed.newerVersion !== undefined) {
      // Written by a newer release: not corrupt, and not ours to move or overwrite.
      throw new StoreUnavailableError(
        `The grant file "${file}" has format version ${parsed.newerVersion}, newer than this ` +
          `version of @mcp-consent/engine understands (${FORMAT_VERSION}). Upgrade, or point the ` +
          'store at another file. The file was left untouched.',
      );
    }
    const quarantinePath = await quarantine(file);
    throw new CorruptStoreError(
      `The grant file "${file}" is corrupt: ${parsed.problem}. Its contents were moved to ` +
        `"${quarantinePath}" and nothing was deleted. Until the file is repaired and moved back, ` +
        `saved "always" answers in it are not applied (you will be asked again); new answers are ` +
        `saved to a fresh "${file}".`,
      quarantinePath,
    );
  }

  async function writeGrants(grants: Map<string, Grant>): Promise<void> {
    const body: GrantFile = { version: FORMAT_VERSION, grants: [...grants.values()] };
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await atomicWrite(file, `${JSON.stringify(body, null, 2)}\n`, durable);
    } catch (error) {
      throw new StoreUnavailableError(`Cannot write the grant file "${file}": ${describe(error)}`, {
        cause: error,
      });
    }
  }

  function run<T>(operation: () => Promise<T>): Promise<T> {
    if (closed) {
      return Promise.reject(new StoreUnavailableError(`The grant file store "${file}" is closed.`));
    }
    return serialize(operation);
  }

  async function update(change: (grants: Map<string, Grant>) => boolean): Promise<void> {
    const grants = await readGrants();
    if (change(grants)) await writeGrants(grants);
  }

  return {
    path: file,
    load: () =>
      run(async () => {
        if (!cleanedTemps) {
          cleanedTemps = true;
          await removeStaleTemps(file);
        }
        return [...(await readGrants()).values()];
      }),
    // Last writer wins (compareGrants): a newer grant already in the file stays.
    put: (grant) =>
      run(() =>
        update((grants) => {
          if (isNewer(grants.get(grant.key), grant)) return false;
          grants.set(grant.key, { ...grant });
          return true;
        }),
      ),
    delete: (key, grant) =>
      run(() => update((grants) => !isNewer(grants.get(key), grant) && grants.delete(key))),
    clear: () => run(() => writeGrants(new Map())),
    close() {
      closed = true;
    },
  };
}

type ParseResult =
  { ok: true; grants: Grant[] } | { ok: false; problem: string; newerVersion?: number };

/** Validates a grant file's text; `problem` says what is wrong in words a user can act on. */
export function parseGrantFile(text: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const problem =
      text.trim() === '' ? 'it is empty' : `it is not valid JSON (${describe(error)})`;
    return { ok: false, problem };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      ok: false,
      problem: 'it is not a JSON object of the form { "version": 1, "grants": [...] }',
    };
  }
  const { version, grants } = data as Record<string, unknown>;
  if (typeof version === 'number' && Number.isInteger(version) && version > FORMAT_VERSION) {
    return { ok: false, problem: `unsupported version ${version}`, newerVersion: version };
  }
  if (version !== FORMAT_VERSION) {
    return {
      ok: false,
      problem: `"version" is ${JSON.stringify(version)}, expected ${FORMAT_VERSION}`,
    };
  }
  if (!Array.isArray(grants)) {
    return { ok: false, problem: '"grants" is missing or not an array' };
  }
  for (const [index, entry] of grants.entries()) {
    if (!isGrant(entry)) {
      const key =
        typeof entry === 'object' && entry !== null ? (entry as { key?: unknown }).key : undefined;
      const label = typeof key === 'string' ? ` (key ${JSON.stringify(key)})` : '';
      return { ok: false, problem: `grants[${index}]${label} is not a valid grant` };
    }
  }
  return { ok: true, grants };
}

/** Runs async operations one after another; a failure does not stop the ones queued behind it. */
function serializer() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(operation: () => Promise<T>): Promise<T> => {
    const result = tail.then(operation);
    tail = result.catch(() => undefined);
    return result;
  };
}

const TEMP_MARKER = '.tmp-';

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
async function quarantine(file: string): Promise<string> {
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
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
