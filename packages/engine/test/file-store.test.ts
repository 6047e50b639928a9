import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyChange,
  CorruptStoreError,
  StoreUnavailableError,
  type Grant,
  type StoreChange,
  type StoreState,
} from '@mcp-consent/engine';
import { fileStore } from '@mcp-consent/engine/file';
import { withFileLock } from '../src/file/file-lock.js';
import { changesBetween } from '../src/file/file-watch.js';
import { makeGrant } from './fixtures/grants.js';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-consent-file-store-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const keysOf = (grants: { key: string }[]) => grants.map((grant) => grant.key).sort();

describe('fileStore', () => {
  it('treats a missing file as an empty store and creates parent directories on the first write', async () => {
    const path = join(dir, 'nested', 'deeper', 'grants.json');
    const store = fileStore(path);
    expect(await store.load()).toEqual([]);

    await store.put(makeGrant('a'));
    const onDisk = JSON.parse(await readFile(path, 'utf8'));
    expect(onDisk).toEqual({ version: 1, grants: [makeGrant('a')] });
  });

  it('round-trips grants, replaces a grant with the same key, deletes and clears', async () => {
    const store = fileStore(join(dir, 'grants.json'));
    await store.put(makeGrant('a'));
    await store.put(makeGrant('b', { decision: 'deny', expiresAt: null, argsHash: 'abc' }));
    // A later answer replaces it (last writer wins: see store-order.test.ts).
    await store.put(makeGrant('a', { riskTier: 'high', grantedAt: '2025-06-02T10:00:00.000Z' }));

    const loaded = await store.load();
    expect(keysOf(loaded)).toEqual(['a', 'b']);
    expect(loaded.find((grant) => grant.key === 'a')?.riskTier).toBe('high');
    expect(loaded.find((grant) => grant.key === 'b')).toEqual(
      makeGrant('b', { decision: 'deny', expiresAt: null, argsHash: 'abc' }),
    );

    await store.delete('a');
    expect(keysOf(await store.load())).toEqual(['b']);
    await store.delete('not-there');
    expect(keysOf(await store.load())).toEqual(['b']);

    await store.clear();
    expect(await store.load()).toEqual([]);
  });

  it('keeps grants across store instances (a restart)', async () => {
    const path = join(dir, 'grants.json');
    const first = fileStore(path);
    await first.put(makeGrant('a'));
    await first.put(makeGrant('b'));
    await first.delete('a');
    first.close?.();

    const second = fileStore(path);
    expect(await second.load()).toEqual([makeGrant('b')]);
  });

  it('lands every one of many concurrent puts', async () => {
    const path = join(dir, 'grants.json');
    const store = fileStore(path);
    const keys = Array.from({ length: 50 }, (_, index) => `k${index}`);
    await Promise.all(keys.map((key) => store.put(makeGrant(key))));
    expect(keysOf(await fileStore(path).load())).toEqual([...keys].sort());
  });

  it('keeps queued writes going after one of them failed', async () => {
    const blocker = join(dir, 'not-a-dir');
    await writeFile(blocker, 'x');
    const broken = fileStore(join(blocker, 'grants.json'));
    await expect(broken.put(makeGrant('a'))).rejects.toBeInstanceOf(StoreUnavailableError);

    const path = join(dir, 'grants.json');
    const store = fileStore(path);
    const results = await Promise.allSettled([
      store.put(makeGrant('a')),
      store.put(makeGrant('b')),
      store.delete('a'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(keysOf(await store.load())).toEqual(['b']);
  });

  describe('a corrupt file', () => {
    const cases: [string, string, RegExp][] = [
      ['unparsable JSON', '{"version": 1, "grants": [', /not valid JSON/],
      ['an empty file', '', /empty/],
      ['the wrong shape', '[1, 2, 3]', /not a JSON object/],
      ['a missing grants array', '{"version": 1}', /"grants" is missing/],
      ['a wrong version', '{"version": "1", "grants": []}', /"version" is "1"/],
      [
        'an entry that is not a grant',
        JSON.stringify({
          version: 1,
          grants: [makeGrant('good'), { ...makeGrant('bad'), decision: 'maybe' }],
        }),
        /grants\[1\] \(key "bad"\) is not a valid grant/,
      ],
      [
        'revocations that are not a list',
        JSON.stringify({ version: 1, grants: [], revocations: {} }),
        /"revocations" is not an array/,
      ],
      [
        'a revocation without a readable time',
        JSON.stringify({
          version: 1,
          grants: [],
          revocations: [
            { key: 'k', revokedAt: '2025-06-01T10:00:00.000Z' },
            { key: 'r', revokedAt: 'soon' },
          ],
        }),
        /revocations\[1\] \(key "r"\) is not a valid revocation/,
      ],
      [
        'a clearedAt that is not a time',
        JSON.stringify({ version: 1, grants: [], clearedAt: 42 }),
        /"clearedAt" is 42, not a time/,
      ],
    ];

    it.each(cases)(
      'with %s is moved aside byte for byte, and load says where',
      async (_name, contents, problem) => {
        const path = join(dir, 'grants.json');
        await writeFile(path, contents);

        const error = await fileStore(path)
          .load()
          .then(
            () => undefined,
            (reason: unknown) => reason,
          );
        expect(error).toBeInstanceOf(CorruptStoreError);
        const corrupt = error as CorruptStoreError;
        expect(corrupt.quarantinePath).toMatch(
          /grants\.json\.corrupt-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z$/,
        );
        expect(corrupt.quarantinePath).not.toContain(':');
        expect(corrupt.message).toContain(path);
        expect(corrupt.message).toMatch(problem);
        expect(corrupt.message).toContain(corrupt.quarantinePath!);

        // Nothing lost: the moved file holds exactly what was there.
        expect(await readFile(corrupt.quarantinePath!, 'utf8')).toBe(contents);
        expect(await readdir(dir)).toEqual([corrupt.quarantinePath!.slice(dir.length + 1)]);
      },
    );

    it('does not get emptied silently, and later writes start a fresh file', async () => {
      const path = join(dir, 'grants.json');
      const original = 'this is not json';
      await writeFile(path, original);
      const store = fileStore(path);
      const error = (await store.load().catch((reason: unknown) => reason)) as CorruptStoreError;
      expect(error).toBeInstanceOf(CorruptStoreError);

      await store.put(makeGrant('fresh'));
      expect(await fileStore(path).load()).toEqual([makeGrant('fresh')]);
      expect(await readFile(error.quarantinePath!, 'utf8')).toBe(original);
    });

    it('found by a put (before any load) is moved aside too, and the put rejects', async () => {
      const path = join(dir, 'grants.json');
      await writeFile(path, '{"version": 1, "grants": [{"key": 1}]}');
      const store = fileStore(path);
      await expect(store.put(makeGrant('a'))).rejects.toBeInstanceOf(CorruptStoreError);
      expect((await readdir(dir)).filter((name) => name.includes('.corrupt-'))).toHaveLength(1);
    });

    it('never overwrites an earlier moved-aside copy', async () => {
      const path = join(dir, 'grants.json');
      const store = fileStore(path);
      const quarantined: string[] = [];
      for (const contents of ['first', 'second', 'third']) {
        await writeFile(path, contents);
        const error = (await store.load().catch((reason: unknown) => reason)) as CorruptStoreError;
        quarantined.push(error.quarantinePath!);
      }
      expect(new Set(quarantined).size).toBe(3);
      expect(await Promise.all(quarantined.map((file) => readFile(file, 'utf8')))).toEqual([
        'first',
        'second',
        'third',
      ]);
    });
  });

  it('refuses a file written by a newer format version and leaves it untouched', async () => {
    const path = join(dir, 'grants.json');
    const contents = JSON.stringify({ version: 2, grants: [], more: true });
    await writeFile(path, contents);
    const store = fileStore(path);
    await expect(store.load()).rejects.toThrow(/format version 2/);
    await expect(store.load()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.put(makeGrant('a'))).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await readFile(path, 'utf8')).toBe(contents);
    expect(await readdir(dir)).toEqual(['grants.json']);
  });

  it('ignores temp files left by a dead writer and removes them', async () => {
    const path = join(dir, 'grants.json');
    await fileStore(path).put(makeGrant('a'));
    // A writer with a pid that cannot exist died after writing half a temp file.
    const stale = `${path}.tmp-2147483646-deadbeef`;
    await writeFile(stale, '{"version": 1, "grants": [{"key": "half');
    await mkdir(join(dir, 'other'));

    expect(await fileStore(path).load()).toEqual([makeGrant('a')]);
    expect((await readdir(dir)).sort()).toEqual(['grants.json', 'other']);
  });

  it('removes a lock file left by a dead process (the lock kind of macOS) when it loads', async () => {
    const path = join(dir, 'grants.json');
    await fileStore(path).put(makeGrant('a'));
    await writeFile(`${path}.lock`, '2147483646 killed-while-writing\n');
    expect(await fileStore(path).load()).toEqual([makeGrant('a')]);
    expect(await readdir(dir)).toEqual(['grants.json']);
    // A live holder's lock stays.
    await writeFile(`${path}.lock`, `${process.pid} alive\n`);
    await fileStore(path).load();
    expect((await readdir(dir)).sort()).toEqual(['grants.json', 'grants.json.lock']);
  });
});

describe('fileStore revocations and clears', () => {
  const at = (seconds: number) => `2025-06-01T10:00:${String(seconds).padStart(2, '0')}.000Z`;

  it('remembers a revoke in the file, so a late put of an older grant is refused by any instance', async () => {
    const path = join(dir, 'grants.json');
    const store = fileStore(path);
    await store.put(makeGrant('k', { grantedAt: at(0) }));
    await store.delete('k', undefined, at(5));
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      version: 1,
      grants: [],
      revocations: [{ key: 'k', revokedAt: at(5) }],
    });

    expect(await fileStore(path).loadState()).toEqual({
      grants: [],
      revocations: [{ key: 'k', revokedAt: at(5) }],
      clearedAt: null,
    });

    // Another instance (a restart, another process) gets the answer given before the revoke.
    const other = fileStore(path);
    await other.put(makeGrant('k', { grantedAt: at(3) }));
    expect(await other.load()).toEqual([]);
    // An answer given after the revoke replaces the revocation.
    await other.put(makeGrant('k', { grantedAt: at(6) }));
    expect(await store.load()).toEqual([makeGrant('k', { grantedAt: at(6) })]);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      version: 1,
      grants: [makeGrant('k', { grantedAt: at(6) })],
    });
  });

  it('remembers the last clear: older grants stay out, newer ones come in', async () => {
    const path = join(dir, 'grants.json');
    const store = fileStore(path);
    await store.put(makeGrant('a', { grantedAt: at(1) }));
    await store.delete('b', undefined, at(2));
    await store.clear(at(10));
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      version: 1,
      grants: [],
      clearedAt: at(10),
    });
    await fileStore(path).put(makeGrant('a', { grantedAt: at(9) }));
    await fileStore(path).put(makeGrant('c', { grantedAt: at(11) }));
    expect(await store.load()).toEqual([makeGrant('c', { grantedAt: at(11) })]);
  });

  it('does not rewrite the file for a change that changes nothing', async () => {
    const path = join(dir, 'grants.json');
    const store = fileStore(path);
    await store.put(makeGrant('a', { grantedAt: at(2) }));
    const before = await readFile(path, 'utf8');
    await writeFile(path, before.replace('{', '{ '));
    await store.put(makeGrant('a', { grantedAt: at(1) }));
    await store.delete('missing');
    expect(await readFile(path, 'utf8')).toBe(before.replace('{', '{ '));
  });
});

/** Resolves once `condition` holds; fails the test after `timeoutMs` (a ceiling, not a goal). */
async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > timeoutMs) throw new Error(`still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('fileStore.subscribe', () => {
  const at = (seconds: number) => `2025-06-01T10:00:${String(seconds).padStart(2, '0')}.000Z`;

  it.each([
    ['the directory watch', { pollMs: 60_000 }],
    ['the poll alone', { watch: false, pollMs: 20 }],
  ])("hears another instance's puts, revokes, deletes and clear through %s", async (_, options) => {
    const path = join(dir, 'grants.json');
    const writer = fileStore(path);
    const listener = fileStore(path, options);
    const heard: StoreChange[] = [];
    listener.subscribe((change) => heard.push(change));
    await listener.load();
    const next = async (change: () => Promise<void>) => {
      const count = heard.length;
      await change();
      await until(() => heard.length > count);
    };

    await next(() => writer.put(makeGrant('a', { grantedAt: at(1) })));
    await next(() => writer.put(makeGrant('b', { grantedAt: at(1) })));
    await next(() => writer.put(makeGrant('a', { grantedAt: at(2), riskTier: 'high' })));
    await next(() => writer.delete('a', undefined, at(3)));
    await next(() => writer.delete('b'));
    await next(() => writer.clear(at(20)));
    expect(heard).toEqual([
      { type: 'put', grant: makeGrant('a', { grantedAt: at(1) }) },
      { type: 'put', grant: makeGrant('b', { grantedAt: at(1) }) },
      { type: 'put', grant: makeGrant('a', { grantedAt: at(2), riskTier: 'high' }) },
      {
        type: 'delete',
        key: 'a',
        grant: makeGrant('a', { grantedAt: at(2), riskTier: 'high' }),
        revokedAt: at(3),
      },
      { type: 'delete', key: 'b', grant: makeGrant('b', { grantedAt: at(1) }) },
      { type: 'clear', clearedAt: at(20) },
    ]);
    listener.close();
  });

  it('does not announce its own writes, and tells what other writes it found in the file', async () => {
    const path = join(dir, 'grants.json');
    const mine = fileStore(path, { watch: false, pollMs: 60_000 });
    const heard: StoreChange[] = [];
    mine.subscribe((change) => heard.push(change));
    await mine.load();
    await mine.put(makeGrant('mine'));
    expect(heard).toEqual([]);

    // Another writer's change, found while writing (neither the watch nor the poll has run).
    await fileStore(path).put(makeGrant('theirs'));
    await mine.delete('mine');
    expect(heard).toEqual([{ type: 'put', grant: makeGrant('theirs') }]);
    mine.close();
  });

  it('lets an engine on another instance apply an allow and a revoke without reloading', async () => {
    const path = join(dir, 'grants.json');
    const a = await setup({ store: fileStore(path) });
    const b = await setup({ store: fileStore(path) });
    await Promise.all([a.engine.ready, b.engine.ready]);
    const call = callOf(tools.notesList);

    await a.engine.request(call, scriptedUser('allow_always'));
    await until(() => b.engine.lookup(call).status === 'allow');
    await a.engine.revoke(a.engine.grants()[0]!);
    await until(() => b.engine.lookup(call).status === 'prompt');
    expect(b.engine.grants()).toEqual([]);
    a.engine.dispose();
    b.engine.dispose();
  });

  it('after close hears nothing more and rejects every call', async () => {
    const path = join(dir, 'grants.json');
    const listener = fileStore(path, { pollMs: 10 });
    const heard: StoreChange[] = [];
    listener.subscribe((change) => heard.push(change));
    await listener.load();
    listener.close();
    await fileStore(path).put(makeGrant('a'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
    await expect(listener.load()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(listener.put(makeGrant('b'))).rejects.toThrow(/closed/);
  });

  it('a write that waits longer than lockTimeoutMs for the lock rejects, naming the file', async () => {
    const path = join(dir, 'grants.json');
    let release!: () => void;
    const held = withFileLock(path, () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const store = fileStore(path, { lockTimeoutMs: 100 });
    const error = (await store.put(makeGrant('a')).catch((reason: unknown) => reason)) as Error;
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error.message).toContain(path);
    expect(error.message).toMatch(/another process holds the lock/i);
    release();
    await held;
    await store.put(makeGrant('a'));
    expect(await store.load()).toEqual([makeGrant('a')]);
  });
});

describe('changesBetween (what a subscriber hears)', () => {
  const at = (seconds: number) => `2025-06-01T10:00:${String(seconds).padStart(2, '0')}.000Z`;
  const state = (
    grants: Grant[],
    revocations: [string, string][] = [],
    clearedAt: string | null = null,
  ): StoreState => ({
    grants: new Map(grants.map((grant) => [grant.key, grant])),
    revocations: new Map(revocations),
    clearedAt,
  });
  /** Applying what is heard to what was known gives the new file's grants. */
  const replay = (known: StoreState, next: StoreState) => {
    const copy = state([...known.grants.values()], [...known.revocations], known.clearedAt);
    for (const change of changesBetween(known, next)) applyChange(copy, change);
    return [...copy.grants.values()];
  };

  it('a grant replaced by an older one (a plain delete, then an older answer) is taken back first', () => {
    const known = state([makeGrant('k', { grantedAt: at(5) })]);
    const next = state([makeGrant('k', { grantedAt: at(1) })]);
    expect(changesBetween(known, next)).toEqual([
      { type: 'delete', key: 'k', grant: makeGrant('k', { grantedAt: at(5) }) },
      { type: 'put', grant: makeGrant('k', { grantedAt: at(1) }) },
    ]);
    expect(replay(known, next)).toEqual([...next.grants.values()]);
  });

  it('a grant newer than a revoke that vanished anyway is deleted by itself, the revoke kept', () => {
    const known = state([makeGrant('k', { grantedAt: at(5) })]);
    const next = state([], [['k', at(3)]]);
    expect(changesBetween(known, next)).toEqual([
      { type: 'delete', key: 'k', grant: makeGrant('k', { grantedAt: at(5) }) },
      { type: 'delete', key: 'k', revokedAt: at(3) },
    ]);
    expect(replay(known, next)).toEqual([]);
  });

  it('a missing file takes back every grant; a clear is one change, not one per grant', () => {
    const known = state([makeGrant('a'), makeGrant('b')]);
    expect(changesBetween(known, state([])).map((change) => change.type)).toEqual([
      'delete',
      'delete',
    ]);
    expect(changesBetween(known, state([], [], at(30)))).toEqual([
      { type: 'clear', clearedAt: at(30) },
    ]);
    expect(changesBetween(known, state([makeGrant('a'), makeGrant('b')]))).toEqual([]);
  });
});
