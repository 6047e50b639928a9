import { describe, expect, it, vi } from 'vitest';
import type { DecisionAuditEvent, Grant, StoreChange, ToolCall } from '@mcp-consent/engine';
import { makeGrant } from './fixtures/grants.js';
import { loadKeys as load, useIdbPages } from './idb-pages.js';
import { decisions } from './helpers.js';

// Generous: the browser is real and the machine may be busy. Nothing here asserts on time.
vi.setConfig({ testTimeout: 30_000 });

const { newContext, openPage } = useIdbPages();

describe('idbStore in Chromium', () => {
  it('keeps grants in IndexedDB across a page reload', async () => {
    const page = await openPage(await newContext());
    expect(await load(page)).toEqual([]);

    const b = makeGrant('b', { decision: 'deny', expiresAt: null, argsHash: 'f00d' });
    await page.evaluate(
      async (grants) => {
        for (const grant of grants) await window.idbFixture.put(grant);
        await window.idbFixture.delete('a');
      },
      [makeGrant('a'), b, makeGrant('c')],
    );

    await page.reload();
    await page.evaluate(() => window.idbFixture.open());
    const loaded = await page.evaluate(() => window.idbFixture.load());
    expect(loaded.map((grant) => grant.key).sort()).toEqual(['b', 'c']);
    expect(loaded.find((grant) => grant.key === 'b')).toEqual(b);

    await page.evaluate(() => window.idbFixture.clear());
    await page.reload();
    await page.evaluate(() => window.idbFixture.open());
    expect(await load(page)).toEqual([]);
  });

  it('skips a record that is not a grant, reports it, and leaves it in IndexedDB', async () => {
    const page = await openPage(await newContext());
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const broken = { ...makeGrant('broken'), decision: 'maybe' };
    const misfiled = makeGrant('other-key');
    await page.evaluate(
      async ([good, bad, wrongKey]) => {
        await window.idbFixture.put(good);
        await window.idbFixture.rawPut('mcp-consent', 'grants', 'broken', bad);
        await window.idbFixture.rawPut('mcp-consent', 'grants', 'misfiled', wrongKey);
      },
      [makeGrant('good'), broken, misfiled] as const,
    );

    expect(await load(page)).toEqual(['good']);
    expect((await page.evaluate(() => window.idbFixture.corruptKeys())).sort()).toEqual([
      'broken',
      'misfiled',
    ]);
    expect(warnings.join('\n')).toMatch(/skipped 2 record\(s\).*"broken".*"misfiled"/s);
    // Nothing was deleted: the bad record is still there, byte for byte.
    expect(
      await page.evaluate(() => window.idbFixture.rawGet('mcp-consent', 'grants', 'broken')),
    ).toEqual(broken);
  });

  it('rejects a put of a value that is not a grant and writes nothing', async () => {
    const page = await openPage(await newContext());
    const kept = makeGrant('kept');
    await page.evaluate((grant) => window.idbFixture.put(grant), kept);
    const outcome = await page.evaluate(() =>
      window.idbFixture.put({} as Grant).then(
        () => 'resolved',
        (error: Error) => error.name,
      ),
    );
    expect(outcome).toBe('StoreUnavailableError');
    expect(await page.evaluate(() => window.idbFixture.rawEntries())).toEqual([['kept', kept]]);
  });

  it("delivers one page's puts, revokes and clear to another page's subscription, without reload", async () => {
    const context = await newContext();
    const [pageA, pageB] = await Promise.all([openPage(context), openPage(context)]);
    const grant = makeGrant('shared');

    await pageA.evaluate((value) => window.idbFixture.put(value), grant);
    const afterPut = await pageB.evaluate(() => window.idbFixture.waitForChanges(1));
    expect(afterPut).toEqual([{ type: 'put', grant }] satisfies StoreChange[]);
    // The message is posted after the write committed: B can already read it.
    expect(await load(pageB)).toEqual(['shared']);

    await pageA.evaluate(() => window.idbFixture.delete('shared'));
    const afterDelete = await pageB.evaluate(() => window.idbFixture.waitForChanges(2));
    expect(afterDelete[1]).toEqual({ type: 'delete', key: 'shared' });
    expect(await load(pageB)).toEqual([]);

    await pageA.evaluate(() => window.idbFixture.clear());
    expect((await pageB.evaluate(() => window.idbFixture.waitForChanges(3)))[2]).toEqual({
      type: 'clear',
    });

    // Page A never hears its own changes.
    expect(await pageA.evaluate(() => window.idbFixture.changes())).toEqual([]);
  });

  it('keeps the newer grant when pages write the same key (last writer wins) and announces only real changes', async () => {
    const context = await newContext();
    const [pageA, pageB] = await Promise.all([openPage(context), openPage(context)]);
    const newer = makeGrant('k', { decision: 'deny', grantedAt: '2025-06-01T10:00:01.000Z' });
    const older = makeGrant('k', { grantedAt: '2025-06-01T10:00:00.000Z' });

    await pageA.evaluate((grant) => window.idbFixture.put(grant), newer);
    await pageB.evaluate((grant) => window.idbFixture.put(grant), older);
    await pageB.evaluate((grant) => window.idbFixture.delete('k', grant), older);
    expect(await pageA.evaluate(() => window.idbFixture.load())).toEqual([newer]);

    await pageB.evaluate((grant) => window.idbFixture.delete('k', grant), newer);
    expect(await load(pageA)).toEqual([]);
    // A heard only the delete that removed something, with the grant it removed.
    expect(await pageA.evaluate(() => window.idbFixture.waitForChanges(1))).toEqual([
      { type: 'delete', key: 'k', grant: newer },
    ] satisfies StoreChange[]);
  });

  it('keeps stores with different database names apart', async () => {
    const context = await newContext();
    const [pageA, pageB] = await Promise.all([
      openPage(context, 'tenant-a'),
      openPage(context, 'tenant-b'),
    ]);
    await pageA.evaluate((grant) => window.idbFixture.put(grant), makeGrant('only-a'));
    await pageB.evaluate((grant) => window.idbFixture.put(grant), makeGrant('only-b'));
    expect(await load(pageA)).toEqual(['only-a']);
    expect(await load(pageB)).toEqual(['only-b']);
    expect(await pageB.evaluate(() => window.idbFixture.changes())).toEqual([]);
  });

  it("lets an engine in page B allow a call right after page A's engine recorded Allow always", async () => {
    const context = await newContext();
    const [pageA, pageB] = await Promise.all([openPage(context), openPage(context)]);
    await Promise.all(
      [pageA, pageB].map((page) => page.evaluate(() => window.idbFixture.startEngine())),
    );
    const call: ToolCall = {
      userId: 'user-1',
      workspaceId: 'workspace-1',
      server: { id: 'files', name: 'Files' },
      tool: { name: 'read_file', annotations: { readOnlyHint: true } },
      args: { path: 'README.md' },
    };
    expect(
      await pageB.evaluate((value) => window.idbFixture.waitForLookup(value, 'prompt'), call),
    ).toBe('no_grant');

    expect(await pageA.evaluate((value) => window.idbFixture.allowAlways(value), call)).toBe(true);
    expect(
      await pageB.evaluate((value) => window.idbFixture.waitForLookup(value, 'allow'), call),
    ).toBe('grant_allow');
  });
});

describe('idbAuditSink in Chromium', () => {
  const event = (tool: string): DecisionAuditEvent => ({
    event_type: 'mcp.permission.decision',
    decision: 'ALLOW_ONCE',
    koder_user_id: 'user-1',
    workspace_id: 'workspace-1',
    server_id: 'files',
    tool_name: tool,
    args_hash: null,
    risk_tier: 'low',
    timestamp: '2025-06-01T10:00:00.000Z',
    origin: 'user_prompt',
  });

  it('keeps events in order across a reload', async () => {
    const page = await openPage(await newContext());
    const events = ['one', 'two', 'three'].map(event);
    await page.evaluate((items) => window.idbFixture.auditWrite({}, items), events);
    await page.reload();
    expect(await page.evaluate(() => window.idbFixture.auditRead({}))).toEqual(events);
  });

  it('drops the oldest events beyond its capacity', async () => {
    const page = await openPage(await newContext());
    const events = ['1', '2', '3', '4', '5'].map(event);
    await page.evaluate((items) => window.idbFixture.auditWrite({ capacity: 3 }, items), events);
    const kept = await page.evaluate(() => window.idbFixture.auditRead({ capacity: 3 }));
    expect(decisions(kept).map((item) => item.tool_name)).toEqual(['3', '4', '5']);
  });
});
