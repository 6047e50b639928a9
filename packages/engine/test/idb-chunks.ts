/**
 * Support for the tests of idbStore's snapshot layout (chunks, and per-key records as the write
 * log): a model of what a store must load, and views of a fixture page's store.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  applyChange,
  emptyStoreState,
  type Grant,
  type StoreChange,
  type StoreSnapshot,
  type ToolCall,
} from '@mcp-consent/engine';
import { makeGrant } from './fixtures/grants.js';

export const BASE = Date.parse('2025-06-01T10:00:00.000Z');
export const at = (ms: number) => new Date(BASE + ms).toISOString();
export const keyOf = (i: number) => `mcp_permission:k${i}`;
export const put = (grant: Grant): StoreChange => ({ type: 'put', grant });

/** What a store holding `changes`, applied in order by the store rules, loads. */
export function expectedSnapshot(changes: StoreChange[]): StoreSnapshot {
  const state = emptyStoreState();
  for (const change of changes) applyChange(state, change);
  return sorted({
    grants: [...state.grants.values()],
    // A key's grant held with its revocation is newer than it: the store keeps only the grant.
    revocations: [...state.revocations]
      .filter(([key]) => !state.grants.has(key))
      .map(([key, revokedAt]) => ({ key, revokedAt })),
    clearedAt: state.clearedAt,
  });
}

export const sorted = ({ grants, revocations, clearedAt }: StoreSnapshot): StoreSnapshot => ({
  grants: [...grants].sort((a, b) => (a.key < b.key ? -1 : 1)),
  revocations: [...revocations].sort((a, b) => (a.key < b.key ? -1 : 1)),
  clearedAt,
});

export const snapshot = async (page: Page) =>
  sorted(await page.evaluate(() => window.idbFixture.loadState()));

/** The store's records by kind: snapshot chunks, per-key log records, anything else. */
export async function layout(page: Page) {
  const records = await page.evaluate(() => window.idbFixture.rawEntries());
  const own = (kind: string) =>
    records.filter(([key]) => Array.isArray(key) && key[0] === 'mcp-consent' && key[1] === kind);
  return {
    chunks: own('chunk'),
    cleared: own('cleared').length,
    log: records.filter(([key]) => typeof key === 'string'),
  };
}

/** Polls until the store's log is empty (a background compaction finished). */
export async function compacted(page: Page, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const seen = await layout(page);
    if (seen.log.length === 0 || Date.now() > deadline) return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `count` grants (keys k0…), granted at(0), and their changes. */
export const grants = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => makeGrant(keyOf(from + i), { grantedAt: at(0) }));

export const run = (page: Page, changes: StoreChange[], lanes = 1) =>
  page.evaluate(([list, n]) => window.idbFixture.run(list, n), [changes, lanes] as const);

export interface ChunkRecord {
  columns: string[];
  texts: string[];
  revoked: string[];
}

/**
 * Fills a page's store for a crash test: 2 500 grants compacted into chunks, a clear, then a
 * log of puts, revokes and plain deletes over them, each acknowledged. Resolves with the
 * changes and what the store must load.
 */
export async function fillLog(page: Page) {
  const spread = Array.from({ length: 2_500 }, (_, i) => makeGrant(keyOf(i), { grantedAt: at(i) }));
  await page.evaluate(
    (records) => window.idbFixture.rawPutMany(records),
    spread.map((grant): [string, unknown] => [grant.key, grant]),
  );
  await page.evaluate(() => window.idbFixture.compact());
  const log: StoreChange[] = [{ type: 'clear', clearedAt: at(300) }];
  for (let i = 0; i < 200; i++)
    log.push(put(makeGrant(keyOf(3_000 + i), { grantedAt: at(5_000 + i), decision: 'deny' })));
  for (let i = 0; i < 100; i++)
    log.push({ type: 'delete', key: keyOf(400 + 7 * i), revokedAt: at(4_000) });
  for (let i = 0; i < 50; i++) log.push({ type: 'delete', key: keyOf(1_500 + i) });
  for (let i = 0; i < 50; i++) log.push(put(makeGrant(keyOf(2_000 + i), { grantedAt: at(10) })));
  const results = await page.evaluate((list) => window.idbFixture.run(list, 1), log);
  expect(results).toEqual(log.map(() => true));
  const changes = [...spread.map(put), ...log];
  const expected = expectedSnapshot(changes);
  // Not loaded here: a load would fold a log this long into the chunks.
  expect((await layout(page)).log.length).toBe(350);
  return { changes, expected };
}

/**
 * Starts a compaction on the page and resolves once it has written its second chunk, with its
 * transaction held open (the fixture's tripwire): what is left is to close or kill the page.
 */
export async function holdCompactionOpen(page: Page): Promise<void> {
  const tripped = page.waitForEvent('console', (message) => message.text() === 'tripped');
  await page.evaluate(() => {
    window.idbFixture.tripOnChunkPut(2);
    void window.idbFixture.compact();
  });
  await tripped;
}

/** A read-only call of the files server's `tool`, for a page's engine. */
export const readOnlyCall = (tool: string): ToolCall => ({
  userId: 'user-1',
  workspaceId: 'workspace-1',
  server: { id: 'files', name: 'Files' },
  tool: { name: tool, annotations: { readOnlyHint: true } },
  args: {},
});

/** The console warnings `page` logs from now on. */
export function warningsOf(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}
