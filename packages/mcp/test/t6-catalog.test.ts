import { afterEach, describe, expect, test } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type PromptRequest,
} from '@mcp-consent/engine';
import { until } from '../../../test/scenarios/poll.js';
import { setup, TRANSPORTS, type Harness } from './harness.js';

const readWelcome = { name: 'notes_read', arguments: { id: 'welcome' } };
const listNotes = { name: 'notes_list', arguments: {} };

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((harness) => harness.close()));
});

describe.concurrent.each(TRANSPORTS)('T6 over %s: tools/list takes 5 s', (kind) => {
  // Concurrent tests: each closes its own harness.
  test('the prompt appears once the first-listing bound passes, before the listing ends; the unknown tool is the worst case', async ({
    onTestFinished,
  }) => {
    // The guard's own clock: its bound (firstListingWaitMs, 1 s by default) passes when the test
    // says so, which it does as soon as the call waits, long before the 5 s listing ends.
    const clock = createManualClock();
    const harness = await setup(kind, {
      demo: { listDelayMs: 5000 },
      catalogReady: false,
      guard: { clock },
    });
    onTestFinished(() => harness.close());
    const order: string[] = [];
    const listed = harness.guarded.catalog.refresh().then(() => order.push('tools/list done'));
    harness.human.script(async (request) => {
      order.push(`prompt (catalog ${harness.guarded.catalog.status})`);
      expect(request.call.tool).toEqual({ name: 'notes_list' }); // nothing known yet
      expect(request.risk).toMatchObject({ tier: 'high', reasons: ['no_annotations'] });
      return 'allow_once';
    });

    const call = harness.guarded.callTool({ name: 'notes_list', arguments: {} });
    await until(() => clock.pendingTimers() === 1, 'the call to wait for the first listing');
    order.push('bound passed');
    clock.advance(1000);
    const result = await call;
    order.push('call done');
    expect(result.isError).toBeFalsy();
    await listed;
    expect(order).toEqual([
      'bound passed',
      'prompt (catalog loading)',
      'call done',
      'tools/list done',
    ]);
    expect(clock.pendingTimers()).toBe(0);
    expect(harness.guarded.catalog.get('notes_list')?.annotations).toEqual({
      readOnlyHint: true,
      openWorldHint: false,
    });
  });
});

describe.concurrent.each(TRANSPORTS)('T6 reload over %s: the re-listing takes 5 s', (kind) => {
  test('after list_changed a call is asked at once; until the listing ends every tool is unknown (no old allow-always grant applies), then the changed one prompts as changed and the unchanged one is a cache hit', async ({
    onTestFinished,
  }) => {
    // Every tools/list takes 5 s, the first one too: the catalog is ready after it.
    const harness = await setup(kind, { demo: { listDelayMs: 5000 } });
    onTestFinished(() => harness.close());
    const { catalog } = harness.guarded;
    harness.human.script('allow_always', 'allow_always');
    await harness.guarded.callTool(readWelcome);
    await harness.guarded.callTool(listNotes);
    expect(catalog.status).toBe('ready');

    // The server swaps notes_read and announces list_changed; the catalog starts a 5 s listing.
    await harness.raw.callTool({ name: 'demo_rug_pull', arguments: {} });
    await until(() => catalog.stale, 'the catalog to hear list_changed');
    let listed = false;
    const listing = catalog.refresh().then(() => (listed = true)); // joins the listing under way

    const shown: string[] = [];
    const answer = (choice: 'deny_once' | 'allow_once') => async (request: PromptRequest) => {
      shown.push(`${request.call.tool.name} ${request.lookup.reason}${listed ? '' : ' (listing)'}`);
      expect(request.call.tool).toEqual({ name: request.call.tool.name }); // the name only
      return choice;
    };
    harness.human.script(answer('deny_once'), answer('allow_once'));
    // Not waiting for the listing: the changed tool and the unchanged one are both asked about.
    expect((await harness.guarded.callTool(readWelcome)).isError).toBe(true);
    expect((await harness.guarded.callTool(listNotes)).isError).toBeFalsy();
    expect(shown).toEqual([
      'notes_read definition_unknown (listing)',
      'notes_list definition_unknown (listing)',
    ]);
    expect(listed).toBe(false);
    expect((await harness.state()).calls).toMatchObject({ notes_read: 1, notes_list: 2 });

    await listing;
    expect(catalog.stale).toBe(false);
    // Known now: the changed definition does not match the old grant; the unchanged one does.
    harness.human.script('deny_once');
    await harness.guarded.callTool(readWelcome);
    await harness.guarded.callTool(listNotes);
    expect(harness.human.requests.slice(4).map((request) => request.lookup)).toEqual([
      expect.objectContaining({ reason: 'definition_changed' }),
    ]);
    expect((await harness.state()).calls).toMatchObject({ notes_read: 1, notes_list: 3 });
  });
});

describe('catalog and grants', () => {
  test('a tool the catalog does not know yet never matches an allow-always grant', async () => {
    const engine = createPermissionEngine({ store: memoryStore() });
    const first = await setup('memory', { engine });
    open.push(first);
    first.human.script('allow_always');
    await first.guarded.callTool({ name: 'notes_list', arguments: {} });
    await first.guarded.callTool({ name: 'notes_list', arguments: {} });
    expect(first.human.requests).toHaveLength(1);

    // A new connection whose tools/list is slower than the first-listing bound: same engine,
    // same grant, definition not known yet when the bound passes.
    const clock = createManualClock();
    const second = await setup('memory', {
      engine,
      demo: { listDelayMs: 2000 },
      catalogReady: false,
      guard: { clock },
    });
    open.push(second);
    second.human.script('deny_once');
    const call = second.guarded.callTool({ name: 'notes_list', arguments: {} });
    await until(() => clock.pendingTimers() === 1, 'the call to wait for the first listing');
    clock.advance(1000);
    const result = await call;
    expect(result.isError).toBe(true);
    expect(second.human.requests[0]?.lookup).toMatchObject({
      status: 'prompt',
      reason: 'definition_unknown',
    });
  });

  test('grants are keyed by the host-configured server id, not the reported name', async () => {
    const engine = createPermissionEngine({ store: memoryStore() });
    const trusted = await setup('memory', { engine });
    open.push(trusted);
    trusted.human.script('allow_always');
    await trusted.guarded.callTool({ name: 'notes_list', arguments: {} });

    // The same server software (same reported name) configured as another connection.
    const other = await setup('memory', { engine, guard: { server: { id: 'other-server' } } });
    open.push(other);
    other.human.script('deny_once');
    await other.guarded.callTool({ name: 'notes_list', arguments: {} });
    expect(other.raw.getServerVersion()?.name).toBe(trusted.raw.getServerVersion()?.name);
    expect(other.human.requests).toHaveLength(1);
    expect(other.human.requests[0]?.call.server).toEqual({ id: 'other-server' });
  });

  test('the catalog follows nextCursor through every page', async () => {
    const harness = await setup('memory', { demo: { pageSize: 3 } });
    open.push(harness);
    expect(harness.guarded.catalog.list()).toHaveLength(14);
    expect(harness.guarded.catalog.status).toBe('ready');
    expect((await harness.state()).calls).toEqual({});
  });

  test('a host listTools() page feeds the catalog too', async () => {
    const harness = await setup('memory', {
      catalogReady: false,
      demo: { listDelayMs: 50, pageSize: 2 },
    });
    open.push(harness);
    const page = await harness.guarded.listTools();
    for (const tool of page.tools) expect(harness.guarded.catalog.get(tool.name)).toBeDefined();
  });
});
