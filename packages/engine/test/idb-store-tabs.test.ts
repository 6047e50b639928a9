import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import {
  applyChange,
  compareGrants,
  emptyStoreState,
  isGrant,
  type Grant,
  type StoreChange,
} from '@mcp-consent/engine';
import { makeGrant } from './fixtures/grants.js';
import { loadKeys, useIdbPages } from './idb-pages.js';

// Two real pages of one origin share one IndexedDB and talk over a BroadcastChannel, as tabs do.
// Grant times stand for when each user answered; the order of the writes is when they arrive.
vi.setConfig({ testTimeout: 60_000 });

const { newContext, openPage, reopen } = useIdbPages();

const BASE = Date.parse('2025-06-01T10:00:00.000Z');
const at = (ms: number) => new Date(BASE + ms).toISOString();

/** Two pages (tabs) of one fresh context. */
async function twoTabs(): Promise<[Page, Page]> {
  const context = await newContext();
  return Promise.all([openPage(context), openPage(context)]);
}

const view = (page: Page) => page.evaluate(() => window.idbFixture.view());
const records = (page: Page) => page.evaluate(() => window.idbFixture.rawEntries());

/** A page's cache view once it equals `expected`, or as it is after `timeout` ms. */
async function settledView(page: Page, expected: Grant[], timeout = 5_000): Promise<Grant[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const seen = await view(page);
    if (JSON.stringify(seen) === JSON.stringify(expected) || Date.now() > deadline) return seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('idbStore: revocations across tabs (Chromium)', () => {
  it("keeps a revoke when the other tab's older answer arrives after it, in both tabs and after a reload", async () => {
    const [tabA, tabB] = await twoTabs();
    const first = makeGrant('k', { grantedAt: at(0) });
    await tabA.evaluate((grant) => window.idbFixture.put(grant), first);
    await tabB.evaluate(() => window.idbFixture.waitForChanges(1));

    // B's user answered "Allow always" at 1 s; A revoked at 2 s; A's write commits first.
    const late = makeGrant('k', { grantedAt: at(1_000), decision: 'deny' });
    await tabA.evaluate(([grant, revokedAt]) => window.idbFixture.delete('k', grant, revokedAt), [
      first,
      at(2_000),
    ] as const);
    await tabB.evaluate((grant) => window.idbFixture.put(grant), late);

    expect(await loadKeys(tabA)).toEqual([]);
    expect(await loadKeys(tabB)).toEqual([]);
    expect(await records(tabA)).toEqual([['k', { key: 'k', revokedAt: at(2_000) }]]);
    expect(await tabA.evaluate(() => window.idbFixture.corruptKeys())).toEqual([]);
    expect(await tabB.evaluate(() => window.idbFixture.waitForChanges(2))).toEqual([
      { type: 'put', grant: first },
      { type: 'delete', key: 'k', grant: first, revokedAt: at(2_000) },
    ] satisfies StoreChange[]);
    expect(await settledView(tabB, [])).toEqual([]);
    expect(await view(tabA)).toEqual([]);

    await Promise.all([reopen(tabA), reopen(tabB)]);
    expect(await loadKeys(tabA)).toEqual([]);
    expect(await loadKeys(tabB)).toEqual([]);

    // An answer given after the revoke is a new grant: it is stored and heard.
    const after = makeGrant('k', { grantedAt: at(3_000) });
    await tabB.evaluate((grant) => window.idbFixture.put(grant), after);
    expect(await tabA.evaluate(() => window.idbFixture.load())).toEqual([after]);
    expect(await tabA.evaluate(() => window.idbFixture.waitForChanges(1))).toEqual([
      { type: 'put', grant: after },
    ]);
  });

  it("voids the other tab's older answer arriving after a clear, and keeps newer ones", async () => {
    const [tabA, tabB] = await twoTabs();
    await tabA.evaluate(
      (grants) => window.idbFixture.run(grants.map((grant) => ({ type: 'put', grant }))),
      [makeGrant('x', { grantedAt: at(0) }), makeGrant('y', { grantedAt: at(0) })],
    );
    const late = makeGrant('x', { grantedAt: at(1_000) });
    const newer = makeGrant('z', { grantedAt: at(3_000) });
    await tabA.evaluate((clearedAt) => window.idbFixture.clear(clearedAt), at(2_000));
    await tabB.evaluate((grant) => window.idbFixture.put(grant), late);
    await tabB.evaluate((grant) => window.idbFixture.put(grant), newer);

    for (const tab of [tabA, tabB]) {
      expect(await loadKeys(tab)).toEqual(['z']);
      expect(await tab.evaluate(() => window.idbFixture.corruptKeys())).toEqual([]);
      expect(await settledView(tab, [newer])).toEqual([newer]);
    }
    expect(await tabB.evaluate(() => window.idbFixture.waitForChanges(3))).toContainEqual({
      type: 'clear',
      clearedAt: at(2_000),
    });
    // What is left: the newer grant and the clear marker, under a key no grant can have.
    const left = await records(tabA);
    expect(left.filter(([, value]) => isGrant(value))).toEqual([['z', newer]]);
    expect(left).toHaveLength(2);

    await Promise.all([reopen(tabA), reopen(tabB)]);
    expect(await loadKeys(tabA)).toEqual(['z']);
    expect(await loadKeys(tabB)).toEqual(['z']);
  });

  it('loadState gives a reloaded tab the revocations and the clear (what its engine needs to refuse a late copy)', async () => {
    const [tabA, tabB] = await twoTabs();
    const kept = makeGrant('mcp_permission:kept', { grantedAt: at(3_000) });
    await tabA.evaluate((clearedAt) => window.idbFixture.clear(clearedAt), at(1_000));
    await tabA.evaluate((grant) => window.idbFixture.put(grant), kept);
    await tabA.evaluate(([key, revokedAt]) => window.idbFixture.delete(key, undefined, revokedAt), [
      'mcp_permission:gone',
      at(2_000),
    ] as const);
    await reopen(tabB);
    expect(await tabB.evaluate(() => window.idbFixture.loadState())).toEqual({
      grants: [kept],
      revocations: [{ key: 'mcp_permission:gone', revokedAt: at(2_000) }],
      clearedAt: at(1_000),
    });
  });

  it('100 keys answered and revoked from both tabs at once: no acknowledged grant lost, no acknowledged revoke undone', async () => {
    const random = mulberry32(20_250_601);
    const pick = (n: number) => Math.floor(random() * n);
    const perTab: [StoreChange[], StoreChange[]] = [[], []];
    for (let i = 0; i < 100; i++) {
      const key = `mcp_permission:k${i}`;
      for (const tab of perTab) {
        const decision = random() < 0.5 ? 'allow' : 'deny';
        tab.push({ type: 'put', grant: makeGrant(key, { grantedAt: at(pick(1_000)), decision }) });
      }
      // Most keys are revoked once, some by both tabs, some never.
      const revokes = random() < 0.75 ? 1 + +(random() < 0.3) : 0;
      for (let r = 0; r < revokes; r++)
        perTab[(i + r) % 2]!.push({ type: 'delete', key, revokedAt: at(pick(1_000)) });
    }
    for (const tab of perTab) shuffle(tab, random);

    const [tabA, tabB] = await twoTabs();
    const results = await Promise.all(
      [tabA, tabB].map((tab, i) =>
        tab.evaluate((changes) => window.idbFixture.run(changes), perTab[i]!),
      ),
    );
    expect(results.flat().filter((result) => result !== true)).toEqual([]);

    // Every change was acknowledged; by the shared rules their order does not matter.
    const changes = perTab.flat();
    const state = emptyStoreState();
    for (const change of changes) applyChange(state, change);
    const expected = [...state.grants.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
    const check = (grants: Grant[]) => faults(changes, grants, expected);
    const load = (tab: Page) => tab.evaluate(() => window.idbFixture.load());
    const stored = async (tab: Page) =>
      (await records(tab)).map(([, value]) => value).filter(isGrant);

    const seen = {
      'load A': check(await load(tabA)),
      'load B': check(await load(tabB)),
      'IndexedDB records': check(await stored(tabA)),
      'cache A': check(await settledView(tabA, expected)),
      'cache B': check(await settledView(tabB, expected)),
    };
    await Promise.all([reopen(tabA), reopen(tabB)]);
    Object.assign(seen, {
      'reload A': check(await load(tabA)),
      'reload B': check(await load(tabB)),
    });
    const none = { lostGrants: 0, undoneRevokes: 0, otherThanExpected: 0 };
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((name) => [name, none])));
    expect(expected.length).toBeGreaterThan(10); // the mix leaves grants to lose
  });

  it('drops malformed revokedAt and clearedAt in messages from other scripts of the origin', async () => {
    const [tabA, tabB] = await twoTabs();
    const channel = 'mcp-consent:mcp-consent/grants';
    const grant = makeGrant('k');
    const posted: unknown[] = [
      { from: 'x', change: { type: 'delete', key: 'k', revokedAt: 'yesterday' } },
      { from: 'x', change: { type: 'delete', key: 'k', revokedAt: 1_700_000_000_000 } },
      { from: 'x', change: { type: 'delete', key: 'other', grant } },
      { from: 'x', change: { type: 'clear', clearedAt: 'soon' } },
      { from: 'x', change: { type: 'clear', clearedAt: null } },
      { from: 'x', change: { type: 'delete', key: 'k', revokedAt: at(5) } },
      { from: 'x', change: { type: 'clear', clearedAt: at(6) } },
    ];
    await tabA.evaluate(
      ([name, messages]) => messages.forEach((data) => window.idbFixture.rawPost(name, data)),
      [channel, posted] as const,
    );
    expect(await tabB.evaluate(() => window.idbFixture.waitForChanges(2))).toEqual([
      { type: 'delete', key: 'k', revokedAt: at(5) },
      { type: 'clear', clearedAt: at(6) },
    ] satisfies StoreChange[]);
  });
});

/**
 * How far `grants` (one view of the store) is from the rules: keys whose acknowledged grant (or
 * a newer one) is missing though no revoke covers it, keys holding a grant an acknowledged revoke
 * covers, and keys that differ from `expected` in any way.
 */
function faults(changes: StoreChange[], grants: Grant[], expected: Grant[]) {
  const held = new Map(grants.map((grant) => [grant.key, grant]));
  const revokedAt = new Map<string, number>();
  for (const change of changes)
    if (change.type === 'delete')
      revokedAt.set(
        change.key,
        Math.max(revokedAt.get(change.key) ?? -Infinity, Date.parse(change.revokedAt!)),
      );
  const covered = (grant: Grant) =>
    Date.parse(grant.grantedAt) <= (revokedAt.get(grant.key) ?? -Infinity);
  const lost = new Set<string>();
  for (const change of changes) {
    if (change.type !== 'put' || covered(change.grant)) continue;
    const kept = held.get(change.grant.key);
    if (!kept || compareGrants(kept, change.grant) < 0) lost.add(change.grant.key);
  }
  const want = new Map(expected.map((grant) => [grant.key, JSON.stringify(grant)]));
  const keys = new Set([...held.keys(), ...want.keys()]);
  return {
    lostGrants: lost.size,
    undoneRevokes: grants.filter(covered).length,
    otherThanExpected: [...keys].filter((key) => JSON.stringify(held.get(key)) !== want.get(key))
      .length,
  };
}

/** A small seeded generator, so a failing mix can be replayed. */
function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffle<T>(items: T[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
