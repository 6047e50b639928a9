import { afterEach, describe, expect, test } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type GrantStore,
} from '@mcp-consent/engine';
import { until } from '../../../test/scenarios/poll.js';
import { guardNewClient, setup, TRANSPORTS, type Harness } from './harness.js';

const listNotes = { name: 'notes_list', arguments: {} };
/** What the demo server lists for notes_list. */
const LISTED = { readOnlyHint: true, openWorldHint: false };
/**
 * Where the bound is not what a test shows, it is long: the listing, not the bound, ends the wait,
 * however slow the machine. (The bound passing first is shown in `t6-catalog.test.ts`.)
 */
const LONG_BOUND = { firstListingWaitMs: 60_000 };

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((harness) => harness.close()));
});

/**
 * An earlier session, whose user answered `choice` about notes_list, on `store` (then closed).
 * In memory whatever the transport of the session after it: grants are keyed by the server id
 * the host configured and pinned to the definition, neither of which depends on the transport.
 */
async function earlierSession(store: GrantStore, choice: 'allow_always' | 'deny_always') {
  const earlier = await setup('memory', { engine: { store } });
  earlier.human.script(choice);
  await earlier.guarded.callTool(listNotes);
  expect(earlier.engine.grants()).toHaveLength(1);
  await earlier.close();
  earlier.engine.dispose();
}

describe.concurrent.each(TRANSPORTS)('a call right after connect, over %s', (kind) => {
  test('is asked with the tool as listed (its real risk), after the first listing ends', async ({
    onTestFinished,
  }) => {
    const harness = await setup(kind, { catalogReady: false, guard: LONG_BOUND });
    onTestFinished(() => harness.close());
    const { catalog } = harness.guarded;
    const order = [`call (catalog ${catalog.status})`];
    harness.human.script(async () => {
      order.push(`prompt (catalog ${catalog.status})`);
      return 'allow_once';
    });

    const result = await harness.guarded.callTool(listNotes);

    expect(result.isError).toBeFalsy();
    expect(order).toEqual(['call (catalog loading)', 'prompt (catalog ready)']);
    const [request] = harness.human.requests;
    expect(request?.call.tool).toMatchObject({ name: 'notes_list', annotations: LISTED });
    expect(request?.risk.tier).toBe('medium'); // read-only, on a server the host does not trust
    expect(request?.risk.reasons).not.toContain('no_annotations');
    expect(request?.lookup.reason).toBe('no_grant');
  });

  test('an Allow always saved in an earlier session answers it, with no prompt', async ({
    onTestFinished,
  }) => {
    const store = memoryStore();
    await earlierSession(store, 'allow_always');

    const harness = await setup(kind, {
      engine: { store },
      catalogReady: false,
      guard: LONG_BOUND,
    });
    onTestFinished(() => harness.close());
    expect(harness.guarded.catalog.status).toBe('loading');
    const result = await harness.guarded.callTool(listNotes);

    expect(result.isError).toBeFalsy();
    expect(harness.human.requests).toEqual([]); // an unexpected prompt would have denied
    expect(harness.audit).toMatchObject([
      {
        tool_name: 'notes_list',
        decision: 'ALLOW_ALWAYS',
        origin: 'cache_hit',
        risk_tier: 'medium',
      },
    ]);
    expect((await harness.state()).calls).toMatchObject({ notes_list: 1 });
  });

  test('a Deny always answers it at once: it does not wait for a 5 s listing', async ({
    onTestFinished,
  }) => {
    const store = memoryStore();
    await earlierSession(store, 'deny_always');

    const harness = await setup(kind, {
      engine: { store },
      demo: { listDelayMs: 5000 },
      catalogReady: false,
      guard: LONG_BOUND,
    });
    onTestFinished(() => harness.close());
    const { catalog } = harness.guarded;
    const order: string[] = [];
    void catalog.refresh().then(() => order.push('tools/list done'));

    const result = await harness.guarded.callTool(listNotes);
    order.push('call denied');

    // Denied while the listing is still under way (the harness closes it unfinished).
    expect(order).toEqual(['call denied']);
    expect(catalog.firstListingEnded).toBe(false);
    expect(result.isError).toBe(true);
    expect(harness.human.requests).toEqual([]);
    expect(harness.audit).toMatchObject([
      { tool_name: 'notes_list', decision: 'DENY_ALWAYS', origin: 'cache_hit' },
    ]);
    expect((await harness.state()).calls).toEqual({});
  });
});

describe('while the first listing is under way', () => {
  test('an aborted call stops waiting at once, is never asked and never sent', async () => {
    const clock = createManualClock(); // its timer never fires here: only the abort ends the wait
    const harness = await setup('memory', {
      demo: { listDelayMs: 5000 },
      catalogReady: false,
      guard: { clock },
    });
    open.push(harness);
    const listed = harness.guarded.catalog.refresh();
    const controller = new AbortController();

    const call = harness.guarded.callTool(listNotes, undefined, { signal: controller.signal });
    await until(() => clock.pendingTimers() === 1, 'the call to wait for the listing');
    controller.abort();

    await expect(call).rejects.toThrow();
    expect(clock.pendingTimers()).toBe(0);
    expect(harness.guarded.catalog.status).toBe('loading');
    expect(harness.human.requests).toEqual([]);
    await listed;
    expect((await harness.state()).calls).toEqual({});
  });

  test('firstListingWaitMs: 0 turns the wait off: the call is asked at once with the name only', async () => {
    const harness = await setup('memory', {
      catalogReady: false,
      guard: { firstListingWaitMs: 0 },
    });
    open.push(harness);
    expect(harness.guarded.catalog.status).toBe('loading');
    harness.human.script('deny_once');
    await harness.guarded.callTool(listNotes);
    expect(harness.human.requests[0]?.call.tool).toEqual({ name: 'notes_list' });
    expect(harness.human.requests[0]?.risk).toMatchObject({
      tier: 'high',
      reasons: ['no_annotations'],
    });
  });

  test('a listing that fails ends the wait: the call is asked as unknown, the worst case', async () => {
    const server = new Server({ name: 'broken', version: '0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => {
      throw new Error('list exploded');
    });
    const warnings: string[] = [];
    const shown: unknown[] = [];
    const { guarded } = guardNewClient({
      engine: createPermissionEngine({ store: memoryStore() }),
      server: { id: 'broken' },
      userId: 'u',
      workspaceId: 'w',
      prompt: (request) => {
        shown.push([request.call.tool, request.risk.tier, guarded.catalog.status]);
        return 'deny_once';
      },
      onWarning: (message) => void warnings.push(message),
      ...LONG_BOUND,
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    await guarded.connect(a);

    const result = await guarded.callTool(listNotes);

    expect(result.isError).toBe(true);
    expect(shown).toEqual([[{ name: 'notes_list' }, 'high', 'failed']]);
    expect(warnings.join('\n')).toMatch(/list exploded/);
    await guarded.close();
  });
});

test('a server that declares no tools is never sent tools/list, so it answers no error', async () => {
  const server = new Server({ name: 'no-tools', version: '0' }, { capabilities: { logging: {} } });
  const warnings: string[] = [];
  const shown: unknown[] = [];
  const { guarded } = guardNewClient({
    engine: createPermissionEngine({ store: memoryStore() }),
    server: { id: 'no-tools' },
    userId: 'u',
    workspaceId: 'w',
    prompt: (request) => {
      shown.push(request.call.tool);
      return 'deny_once';
    },
    onWarning: (message) => void warnings.push(message),
    ...LONG_BOUND,
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  await guarded.connect(a);
  expect(guarded.catalog.status).toBe('empty'); // a listing would be under way already

  // Asked at once with the name only (nothing to wait for), denied, and still nothing listed.
  expect((await guarded.callTool(listNotes)).isError).toBe(true);
  expect(shown).toEqual([{ name: 'notes_list' }]);
  expect(guarded.catalog.status).toBe('empty');
  await guarded.ping();
  expect(warnings).toEqual([]);
  await guarded.close();
});
