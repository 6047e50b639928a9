import { createHash, randomUUID } from 'node:crypto';
import { link, readFile, realpath, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { basename, dirname } from 'node:path';
import { StoreUnavailableError } from '../errors.js';

/**
 * - `socket`: a name only one process can listen on, freed by the kernel when its holder dies
 *   (an abstract unix socket on Linux, a named pipe on Windows). Nothing is left on disk.
 * - `file`: `<file>.lock`, created exclusively and holding the holder's pid; taken over only
 *   once that pid is dead. For platforms without abstract sockets (macOS).
 */
export type LockKind = 'socket' | 'file';

export interface FileLockOptions {
  /**
   * How long to wait while another process holds the lock before rejecting with a
   * `StoreUnavailableError`.
   * @default 10000
   */
  timeoutMs?: number;
  /** @default 'socket' on Linux and Windows, 'file' elsewhere */
  kind?: LockKind;
}

/** Undoes a lock. */
type Release = () => Promise<void>;

export const defaultLockKind = (): LockKind =>
  process.platform === 'linux' || process.platform === 'win32' ? 'socket' : 'file';

/**
 * Runs `work` while this process holds the cross-process lock of `file` (one lock per file,
 * shared by every process and every store instance). The file's directory must exist.
 */
export async function withFileLock<T>(
  file: string,
  work: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const release = await acquire(file, options);
  try {
    return await work();
  } finally {
    await release();
  }
}

async function acquire(file: string, options: FileLockOptions): Promise<Release> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const kind = options.kind ?? defaultLockKind();
  let tryLock: () => Promise<Release | undefined>;
  try {
    tryLock = kind === 'socket' ? socketLock(await socketName(file)) : fileLock(file);
  } catch (error) {
    throw cannotLock(file, error);
  }
  const deadline = performance.now() + timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    let release: Release | undefined;
    try {
      release = await tryLock();
    } catch (error) {
      throw cannotLock(file, error);
    }
    if (release) return release;
    const left = deadline - performance.now();
    if (left <= 0) {
      const where = kind === 'file' ? ` (the lock file "${file}.lock")` : '';
      throw new StoreUnavailableError(
        `Another process holds the lock on the grant file "${file}"${where} and did not release ` +
          `it within ${timeoutMs} ms. The change was not saved.`,
      );
    }
    // Short and jittered, so waiting processes do not retry in step.
    const backoff = Math.min(2 * 1.5 ** attempt, 25) * (0.5 + Math.random());
    await sleep(Math.min(backoff, left));
  }
}

/** `\0mcp-consent-lock-<sha256>` (Linux) or `\\.\pipe\mcp-consent-lock-<sha256>` (Windows). */
export async function socketName(file: string): Promise<string> {
  // The real directory, so two paths to one file (symlinks, `..`) share one lock.
  let id = `${await realpath(dirname(file))}/${basename(file)}`;
  if (process.platform === 'win32') id = id.toLowerCase(); // NTFS names ignore case
  const hash = createHash('sha256').update(id).digest('hex');
  return process.platform === 'win32'
    ? `\\\\.\\pipe\\mcp-consent-lock-${hash}`
    : `\0mcp-consent-lock-${hash}`;
}

function socketLock(name: string): () => Promise<Release | undefined> {
  return () =>
    new Promise((resolve, reject) => {
      // Nobody is meant to connect; anyone who does is hung up on.
      const server: Server = createServer((socket) => socket.destroy());
      server.once('error', (error) => {
        if (errorCode(error) === 'EADDRINUSE') resolve(undefined);
        else reject(error);
      });
      server.listen(name, () => {
        server.on('error', () => {});
        server.unref(); // a held lock alone does not keep the process running
        resolve(() => new Promise<void>((done) => server.close(() => done())));
      });
    });
}

function fileLock(file: string): () => Promise<Release | undefined> {
  const lockPath = `${file}.lock`;
  const mine = `${process.pid} ${randomUUID()}\n`;
  return async () => {
    if (await createExclusive(file, lockPath, mine)) {
      return async () => {
        // Only our own lock: never remove one a waiter took over (it thought we had died).
        if ((await readText(lockPath)) === mine) await unlink(lockPath).catch(() => undefined);
      };
    }
    await takeOverIfDead(file, lockPath, mine);
    return undefined;
  };
}

/**
 * Removes `<file>.lock` when its holder died (a `file` lock left by a killed process), so it
 * does not linger beside the grant file until the next write. Errors are ignored.
 */
export async function removeDeadLock(file: string): Promise<void> {
  await takeOverIfDead(file, `${file}.lock`, `${process.pid} ${randomUUID()}\n`).catch(
    () => undefined,
  );
}

/**
 * Removes a lock file whose holder died. Under a second lock file, so two waiters cannot each
 * remove the lock the other one just created; that guard's own holder is only ever inside this
 * function (a few system calls), so a dead guard holder is cleared without ceremony.
 */
async function takeOverIfDead(file: string, lockPath: string, mine: string): Promise<void> {
  const held = await readText(lockPath);
  if (held === undefined || isAlive(pidIn(held))) return;
  const guard = `${lockPath}-takeover`;
  if (!(await createExclusive(file, guard, mine))) {
    const guardHolder = await readText(guard);
    if (guardHolder !== undefined && !isAlive(pidIn(guardHolder)))
      await removeIf(guard, guardHolder);
    return;
  }
  try {
    await removeIf(lockPath, held);
  } finally {
    await removeIf(guard, mine);
  }
}

/**
 * Creates `path` holding `text`, or returns false when it exists. Written to a temp file and
 * linked into place, so the lock file is never seen empty or half written (a holder killed
 * between creating and writing it would otherwise leave a lock nobody can judge).
 */
async function createExclusive(file: string, path: string, text: string): Promise<boolean> {
  // Named like the store's temp files, so a load removes it if this process dies right here.
  const temp = `${file}.tmp-${process.pid}-${randomUUID().slice(0, 8)}`;
  await writeFile(temp, text, { flag: 'wx', mode: 0o600 });
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function removeIf(path: string, expected: string): Promise<void> {
  if ((await readText(path)) === expected) await unlink(path).catch(() => undefined);
}

const readText = (path: string): Promise<string | undefined> =>
  readFile(path, 'utf8').catch(() => undefined);

const pidIn = (text: string): number => Number.parseInt(text, 10);

/** Whether a process with this pid runs (on this machine, in this pid namespace). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}

function cannotLock(file: string, error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`Cannot lock the grant file "${file}": ${reason}`, {
    cause: error,
  });
}

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
