import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptStoreError, StoreUnavailableError } from '@mcp-consent/engine';
import { fileStore } from '@mcp-consent/engine/file';
import { makeGrant } from './fixtures/grants.js';

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
});
