import { describe, expect, it, vi } from 'vitest';
import { applyChange, emptyStoreState, type Grant, type StoreChange } from '@mcp-consent/engine';
import { makeGrant } from './fixtures/grants.js';
import {
  at,
  compacted,
  expectedSnapshot,
  fillLog,
  grants,
  holdCompactionOpen,
  keyOf,
  layout,
  put,
  readOnlyCall,
  run,
  snapshot,
  sorted,
  warningsOf,
  type ChunkRecord,
} from './idb-chunks.js';
import { useIdbPages } from './idb-pages.js';

// The snapshot layout of idbStore (chunks of grants, per-key records as the write log between
// compactions), in real Chromium. Grant times stand for when each user answered.
vi.setConfig({ testTimeout: 60_000 });

const { newContext, openPage, reopen } = useIdbPages();

describe('idbStore snapshot chunks (Chromium)', () => {
  it('loads a database of per-grant records as before, then folds it into chunks in the background', async () => {
    const page = await openPage(await newContext());
    const old = grants(1_200);
    const revoked = Array.from({ length: 100 }, (_, i) => ({
      key: keyOf(1_200 + i),
      revokedAt: at(5),
    }));
    const records: Array<[string | string[], unknown]> = [
      ...old.map((grant): [string, unknown] => [grant.key, grant]),
      ...revoked.map((revocation): [string, unknown] => [revocation.key, revocation]),
      [['mcp-consent', 'cleared'], { clearedAt: at(-1) }],
    ];
    await page.evaluate((list) => window.idbFixture.rawPutMany(list), records);
    const expected = sorted({ grants: old, revocations: revoked, clearedAt: at(-1) });

    expect(await snapshot(page)).toEqual(expected);
    // The load saw a long log: it folded it into chunks afterwards, in one transaction.
    const after = await compacted(page);
    expect({ ...after, chunks: after.chunks.length }).toEqual({ chunks: 2, cleared: 1, log: [] });

    await reopen(page);
    expect(await snapshot(page)).toEqual(expected);
    expect(await page.evaluate(() => window.idbFixture.load())).toHaveLength(1_200);
    // The engine's load: no grant built, every grant readable from the chunks.
    const deferred = await page.evaluate(() => window.idbFixture.loadDeferred());
    expect(deferred.grants).toEqual([]);
    expect(deferred.columns).toHaveLength(6 * 1_200);
    expect(sorted({ grants: deferred.read as Grant[], revocations: [], clearedAt: null })).toEqual({
      grants: expected.grants,
      revocations: [],
      clearedAt: null,
    });
    expect(await page.evaluate(() => window.idbFixture.corruptKeys())).toEqual([]);
  });

  it('applies writes over compacted grants by the store rules, announces only real changes, and keeps them through a reload and the next compaction', async () => {
    const context = await newContext();
    const [page, other] = await Promise.all([openPage(context), openPage(context)]);
    const seeded = grants(300).map(put);
    await run(page, seeded, 4);
    await page.evaluate(() => window.idbFixture.compact());
    expect((await layout(page)).log).toEqual([]);

    const changes: StoreChange[] = [
      put(makeGrant(keyOf(0), { grantedAt: at(1_000), decision: 'deny' })), // newer: replaces
      put(makeGrant(keyOf(1), { grantedAt: at(-1_000) })), // older: refused
      { type: 'delete', key: keyOf(2), revokedAt: at(500) }, // revoked, remembered
      { type: 'delete', key: keyOf(3), grant: grants(1, 3)[0] }, // plain delete
      { type: 'delete', key: keyOf(4) },
      put(makeGrant(keyOf(4), { grantedAt: at(-5_000) })), // after a plain delete: taken
      { type: 'delete', key: keyOf(5), revokedAt: at(200) },
      put(makeGrant(keyOf(5), { grantedAt: at(100) })), // older than the revoke: refused
      put(makeGrant(keyOf(1_000), { grantedAt: at(2_000) })), // a new key
      { type: 'delete', key: keyOf(999) }, // nothing to delete
    ];
    expect(await run(page, changes)).toEqual(changes.map(() => true));
    const expected = expectedSnapshot([...seeded, ...changes]);
    expect(await snapshot(page)).toEqual(expected);
    expect((await layout(page)).log.map(([key]) => key)).toEqual(
      [0, 1_000, 2, 3, 4, 5].map(keyOf).sort(),
    );
    // The other tab heard exactly the changes that changed something.
    const model = emptyStoreState();
    for (const change of seeded) applyChange(model, change);
    const real = changes.filter((change) => applyChange(model, change));
    expect(real).toHaveLength(7);
    expect(await other.evaluate((n) => window.idbFixture.waitForChanges(n), 300 + 7)).toEqual([
      ...seeded,
      ...real,
    ]);

    await reopen(page);
    expect(await snapshot(page)).toEqual(expected);
    await page.evaluate(() => window.idbFixture.compact());
    expect((await layout(page)).log).toEqual([]);
    expect(await snapshot(page)).toEqual(expected);

    // A clear voids compacted grants too, and keeps voiding late copies of them.
    const later: StoreChange[] = [
      { type: 'clear', clearedAt: at(600) },
      put(makeGrant(keyOf(7), { grantedAt: at(0) })),
      put(makeGrant(keyOf(8), { grantedAt: at(700) })),
    ];
    await run(page, later);
    const cleared = expectedSnapshot([...seeded, ...changes, ...later]);
    expect(cleared.grants.map((grant) => grant.key)).toEqual([0, 1_000, 8].map(keyOf));
    expect(await snapshot(page)).toEqual(cleared);
    await reopen(page);
    expect(await snapshot(page)).toEqual(cleared);

    await run(page, [{ type: 'clear' }]);
    expect(await snapshot(page)).toEqual({ grants: [], revocations: [], clearedAt: at(600) });
  });

  it('loses nothing when one tab compacts while another writes', async () => {
    const context = await newContext();
    const [tabA, tabB] = await Promise.all([openPage(context), openPage(context)]);
    const seeded = grants(1_500).map(put);
    await tabA.evaluate(
      (records) => window.idbFixture.rawPutMany(records),
      grants(1_500).map((grant): [string, unknown] => [grant.key, grant]),
    );
    const changes: StoreChange[] = [];
    for (let i = 0; i < 300; i++) {
      const key = keyOf((i * 7) % 1_800);
      changes.push(
        i % 3 === 0
          ? { type: 'delete', key, revokedAt: at(i) }
          : put(makeGrant(key, { grantedAt: at(i), decision: i % 2 ? 'allow' : 'deny' })),
      );
    }
    const [written] = await Promise.all([
      run(tabB, changes, 4),
      tabA.evaluate(async () => {
        for (let i = 0; i < 5; i++) await window.idbFixture.compact();
      }),
    ]);
    expect(written).toEqual(changes.map(() => true));
    const expected = expectedSnapshot([...seeded, ...changes]);
    expect(await snapshot(tabA)).toEqual(expected);
    expect(await snapshot(tabB)).toEqual(expected);
    await tabB.evaluate(() => window.idbFixture.compact());
    expect((await layout(tabA)).log).toEqual([]);
    expect(await snapshot(tabA)).toEqual(expected);
  });

  it('reports a malformed grant in a chunk, asks for its call, and leaves it in place', async () => {
    const page = await openPage(await newContext());
    const warnings = warningsOf(page);
    await page.evaluate(() => window.idbFixture.startEngine());
    for (const tool of ['read_file', 'list_files'])
      expect(
        await page.evaluate((value) => window.idbFixture.allowAlways(value), readOnlyCall(tool)),
      ).toBe(true);
    await page.evaluate(() => window.idbFixture.compact());
    const bad = (await page.evaluate(() => window.idbFixture.load())).find(
      (grant) => grant.toolName === 'read_file',
    )!.key;

    // Break its JSON text in the chunk.
    const [[chunkKey, chunk]] = (await layout(page)).chunks as [[string[], ChunkRecord]];
    const index = chunk.columns.indexOf(bad) / 6;
    chunk.texts[index] = chunk.texts[index]!.slice(0, -2);
    const planted: [string[], ChunkRecord] = [chunkKey, chunk];
    await page.evaluate(
      ([key, value]) => window.idbFixture.rawPut('mcp-consent', 'grants', key, value),
      planted,
    );

    await reopen(page);
    await page.evaluate(() => window.idbFixture.startEngine());
    expect(
      await page.evaluate(
        (value) => window.idbFixture.waitForLookup(value, 'allow'),
        readOnlyCall('list_files'),
      ),
    ).toBe('grant_allow');
    expect(
      await page.evaluate(
        (value) => window.idbFixture.waitForLookup(value, 'prompt'),
        readOnlyCall('read_file'),
      ),
    ).toBe('no_grant');
    expect(await page.evaluate(() => window.idbFixture.corruptKeys())).toEqual([bad]);
    expect(warnings.join('\n')).toContain(
      `skipped 1 record(s) that are not valid grants (keys: ["${bad}"]); their calls are asked.`,
    );

    // Not deleted, by the load or by a compaction (nothing was left to fold: nothing written).
    await page.evaluate(() => window.idbFixture.compact());
    expect((await layout(page)).chunks).toEqual([[chunkKey, chunk]]);
    // A compaction that folds something carries it into the new chunk, still unreadable.
    await page.evaluate((grant) => window.idbFixture.put(grant), makeGrant(keyOf(1)));
    await page.evaluate(() => window.idbFixture.compact());
    const [[, rewritten]] = (await layout(page)).chunks as [[string[], ChunkRecord]];
    expect(rewritten.texts).toContain(chunk.texts[index]);
    expect(await page.evaluate(() => window.idbFixture.load())).toHaveLength(2);
    expect(await page.evaluate(() => window.idbFixture.corruptKeys())).toEqual([bad]);
  });

  it('loses no acknowledged write when the tab closes in the middle of a compaction', async () => {
    const context = await newContext();
    const page = await openPage(context);
    const { changes, expected } = await fillLog(page);
    const before = await layout(page);

    await holdCompactionOpen(page);
    await page.close();

    const next = await openPage(context);
    expect(await layout(next)).toEqual(before); // nothing of the compaction was applied
    expect(await snapshot(next)).toEqual(expected);
    await next.evaluate(() => window.idbFixture.compact());
    expect((await layout(next)).log).toEqual([]);
    expect(await snapshot(next)).toEqual(expectedSnapshot(changes));
  });
});
