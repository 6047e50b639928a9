import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '@mcp-consent/engine';
import { withFileLock, type LockKind } from '../src/file/file-lock.js';
import { bundleStoreProcess, StoreProcess } from './store-processes.js';

/** The cross-process lock of a grant file, in both kinds, with real processes. */
let root: string;
let script: string;
let dir: string;
let file: string;
const running: StoreProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mcp-consent-lock-'));
  script = await bundleStoreProcess(join(root, 'bin'));
}, 60_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  dir = await mkdtemp(join(root, 'case-'));
  file = join(dir, 'grants.json');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((child) => child.kill()));
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (reason: unknown) => reason as Error,
  );

describe.each<LockKind>(['socket', 'file'])('withFileLock (%s)', (kind) => {
  const start = async () => {
    const child = await StoreProcess.start(script, file, kind);
    running.push(child);
    return child;
  };

  it('lets one process at a time in: 4 processes adding 1 to a counter 100 times each make 400', async () => {
    const counter = join(dir, 'counter');
    const processes = await Promise.all([start(), start(), start(), start()]);
    await Promise.all(
      processes.map((child) => child.result({ op: 'count', counter, times: 100 }, 60_000)),
    );
    expect(await readFile(counter, 'utf8')).toBe('400');
    // Released after use: nothing of the lock is left next to the file.
    expect(await readdir(dir)).toEqual(['counter']);
  }, 60_000);

  it('a holder killed with SIGKILL does not keep the next process out', async () => {
    const holder = await start();
    await holder.result({ op: 'hold-lock' });
    const refused = await failureOf(withFileLock(file, async () => {}, { kind, timeoutMs: 200 }));
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect(refused!.message).toContain(file);
    expect(refused!.message).toMatch(/another process holds the lock/i);

    await holder.kill('SIGKILL');
    expect(await withFileLock(file, async () => 'got it', { kind, timeoutMs: 5_000 })).toBe(
      'got it',
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('times out naming the file while this process itself holds it (another store instance)', async () => {
    let release!: () => void;
    const held = withFileLock(file, () => new Promise<void>((resolve) => (release = resolve)), {
      kind,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await failureOf(withFileLock(file, async () => {}, { kind, timeoutMs: 100 }));
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect(refused!.message).toContain(file);
    release();
    await held;
    await withFileLock(file, async () => {}, { kind, timeoutMs: 100 });
  });

  it('reports a directory it cannot use as StoreUnavailableError', async () => {
    const refused = await failureOf(
      withFileLock(join(dir, 'missing', 'grants.json'), async () => {}, { kind, timeoutMs: 100 }),
    );
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect(refused!.message).toMatch(/Cannot lock the grant file/);
  });
});

describe('withFileLock (socket)', () => {
  it('is one lock for two paths to the same file (a symlinked directory)', async () => {
    const link = `${dir}-link`;
    await symlink(dir, link);
    let release!: () => void;
    const held = withFileLock(file, () => new Promise<void>((resolve) => (release = resolve)), {
      kind: 'socket',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const viaLink = join(link, 'grants.json');
    const refused = await failureOf(
      withFileLock(viaLink, async () => {}, { kind: 'socket', timeoutMs: 100 }),
    );
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    release();
    await held;
  });
});

describe('withFileLock (file)', () => {
  it('takes over a lock file left by a dead process, and leaves a live holder alone', async () => {
    await writeFile(`${file}.lock`, '2147483646 left-by-a-dead-process\n');
    expect(await withFileLock(file, async () => 'taken over', { kind: 'file' })).toBe('taken over');
    expect(await readdir(dir)).toEqual([]);

    // pid 1 is always running (EPERM counts as alive).
    await mkdir(dir, { recursive: true });
    await writeFile(`${file}.lock`, '1 someone-else\n');
    const refused = await failureOf(
      withFileLock(file, async () => {}, { kind: 'file', timeoutMs: 100 }),
    );
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect(refused!.message).toContain(`${file}.lock`);
    expect(await readFile(`${file}.lock`, 'utf8')).toBe('1 someone-else\n');
  });
});
