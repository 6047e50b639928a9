import { describe, expect, it, vi } from 'vitest';
import type { DecisionAuditEvent } from '@mcp-consent/engine';
import { useIdbPages } from './idb-pages.js';
import { decisions } from './helpers.js';

// Generous: the browser is real and the machine may be busy. Nothing here asserts on time.
vi.setConfig({ testTimeout: 30_000 });

const { newContext, openPage } = useIdbPages();

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 0, 1);

const event = (tool: string): DecisionAuditEvent => ({
  event_type: 'mcp.permission.decision',
  decision: 'ALLOW_ONCE',
  koder_user_id: 'user-1',
  workspace_id: 'workspace-1',
  server_id: 'files',
  tool_name: tool,
  args_hash: null,
  risk_tier: 'low',
  timestamp: '2026-01-01T00:00:00.000Z',
  origin: 'user_prompt',
});

const tools = (events: unknown[]) =>
  decisions(events as DecisionAuditEvent[]).map((e) => e.tool_name);

describe('idbAuditSink retention in Chromium', () => {
  it('prunes an event older than the window and keeps a newer one, on the periodic timer', async () => {
    const page = await openPage(await newContext());
    const options = { maxAgeMs: 10 * DAY, pruneIntervalMs: DAY };
    expect(
      await page.evaluate(([o, at]) => window.idbFixture.auditOpen(o, at), [
        options,
        START,
      ] as const),
    ).toBe(0);
    await page.evaluate((items) => window.idbFixture.auditWriteAll(items), [event('old')]);
    expect(await page.evaluate((ms) => window.idbFixture.auditAdvance(ms), 5 * DAY)).toBe(0);
    await page.evaluate((items) => window.idbFixture.auditWriteAll(items), [event('new')]);

    // 10.5 days after "old": the timer's prune removes it, not "new".
    expect(await page.evaluate((ms) => window.idbFixture.auditAdvance(ms), 5.5 * DAY)).toBe(1);
    expect(tools(await page.evaluate(() => window.idbFixture.auditReadOpen()))).toEqual(['new']);

    // A fresh sink (a reload) prunes at open.
    await page.reload();
    await page.waitForFunction(() => 'idbFixture' in window);
    const reopened = await page.evaluate(([o, at]) => window.idbFixture.auditOpen(o, at), [
      options,
      START + 30 * DAY,
    ] as const);
    expect(reopened).toBe(1);
    expect(await page.evaluate(() => window.idbFixture.auditReadOpen())).toEqual([]);
  });

  it('loses no new event when a prune of many old ones runs during writes', async () => {
    const page = await openPage(await newContext());
    const options = { maxAgeMs: DAY, pruneBatchSize: 25, pruneIntervalMs: 1000 * DAY };
    await page.evaluate(([o, at]) => window.idbFixture.auditOpen(o, at), [options, START] as const);
    const old = Array.from({ length: 400 }, (_, index) => event(`old-${index}`));
    await page.evaluate((items) => window.idbFixture.auditWriteAll(items), old);

    await page.evaluate((ms) => window.idbFixture.auditAdvance(ms), 2 * DAY);
    const fresh = Array.from({ length: 200 }, (_, index) => event(`new-${index}`));
    const deleted = await page.evaluate(
      (items) => window.idbFixture.auditPruneWhileWriting(items),
      fresh,
    );
    expect(deleted).toBe(400);
    expect(tools(await page.evaluate(() => window.idbFixture.auditReadOpen())).sort()).toEqual(
      fresh.map((item) => item.tool_name).sort(),
    );
  });

  it('keeps the entries of a database an earlier version wrote, pruning only the old ones', async () => {
    const page = await openPage(await newContext());
    // What the sink has always written: `[epoch ms, tab id, sequence]` keys in "mcp-consent-audit/events".
    const planted: Array<[string | Array<string | number>, DecisionAuditEvent]> = [
      [[START - 500 * DAY, 'tab-a', 0], event('ancient')],
      [[START - 2 * DAY, 'tab-a', 1], event('recent-a')],
      [[START - DAY, 'tab-b', 0], event('recent-b')],
      // Not a key the sink makes: never counted as old.
      ['note', event('foreign')],
    ];
    await page.evaluate(async (records) => {
      for (const [key, value] of records) {
        await window.idbFixture.rawPut('mcp-consent-audit', 'events', key, value);
      }
    }, planted);
    await page.reload();
    await page.waitForFunction(() => 'idbFixture' in window);

    // Default window (400 days): only "ancient" is past it.
    const deleted = await page.evaluate((at) => window.idbFixture.auditOpen({}, at), START);
    expect(deleted).toBe(1);
    await page.evaluate((items) => window.idbFixture.auditWriteAll(items), [event('now')]);
    // IndexedDB orders string keys before arrays: the foreign record reads first.
    expect(tools(await page.evaluate(() => window.idbFixture.auditReadOpen()))).toEqual([
      'foreign',
      'recent-a',
      'recent-b',
      'now',
    ]);
    const keys = await page.evaluate(() =>
      window.idbFixture.rawKeys('mcp-consent-audit', 'events'),
    );
    expect(keys).toContain('note');
  });
});
