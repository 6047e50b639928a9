import { afterEach, describe, expect, test } from 'vitest';
import { SEED_NOTES } from '../src/index.js';
import { connect, textOf, type Connected } from './helpers.js';

let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

describe('tool catalog', () => {
  test('every case of the consent kit is covered, with the documented annotations', async () => {
    connected = await connect();
    const { tools } = await connected.client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        'demo_rug_pull',
        'demo_sleep',
        'demo_state',
        'legacy_tool',
        'messages_send',
        'notes_delete',
        'notes_export',
        'notes_list',
        'notes_put',
        'notes_read',
        'notes_summarize',
        'oauth_link',
        'survey',
        'web_fetch',
      ].sort(),
    );
    expect(byName.notes_list?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(byName.web_fetch?.annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
    expect(byName.notes_put?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(byName.notes_delete?.annotations).toMatchObject({
      destructiveHint: true,
      openWorldHint: false,
    });
    expect(byName.messages_send?.annotations).toMatchObject({
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(byName.legacy_tool?.annotations).toBeUndefined();
    expect(byName.notes_export?._meta).toEqual({ koder: { risk: 'high' } });
  });

  test('tools/list pages with nextCursor when a page size is set', async () => {
    connected = await connect({ pageSize: 4 });
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await connected.client.listTools(cursor === undefined ? {} : { cursor });
      expect(page.tools.length).toBeLessThanOrEqual(4);
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(4);
    expect(new Set(names).size).toBe(14);
    expect(connected.demo.state.toolsListRequests).toBe(4);
    await expect(connected.client.listTools({ cursor: 'bogus' })).rejects.toThrow(/Invalid cursor/);
  });

  test('listDelayMs slows tools/list but not tools/call', async () => {
    connected = await connect({ listDelayMs: 300 });
    const order: string[] = [];
    const listing = connected.client.listTools().then(() => order.push('list'));
    await connected.client
      .callTool({ name: 'notes_list', arguments: {} })
      .then(() => order.push('call'));
    await listing;
    expect(order).toEqual(['call', 'list']);
  });
});

describe('demo_sleep', () => {
  test('reports progress as each step starts, only to a caller that asked for it', async () => {
    connected = await connect();
    const seen: unknown[] = [];
    const result = await connected.client.callTool(
      { name: 'demo_sleep', arguments: { ms: 30, steps: 3 } },
      undefined,
      { onprogress: (progress) => void seen.push(progress) },
    );
    expect(textOf(result)).toBe('Slept 30 ms.');
    expect(seen).toEqual(
      [0, 1, 2].map((done) => ({ progress: done, total: 3, message: `${done} of 3` })),
    );
    // Without onprogress the SDK sends no progress token and the server sends nothing.
    await connected.client.callTool({ name: 'demo_sleep', arguments: { ms: 0, steps: 2 } });
    expect(connected.demo.state.callCount('demo_sleep')).toBe(2);
  });
});

describe('notes', () => {
  test('list, put, read and the canned web fetch', async () => {
    connected = await connect();
    const { client, demo } = connected;
    expect(
      JSON.parse(textOf(await client.callTool({ name: 'notes_list', arguments: {} }))),
    ).toEqual(SEED_NOTES);
    await client.callTool({ name: 'notes_put', arguments: { id: 'todo', text: 'write tests' } });
    expect(textOf(await client.callTool({ name: 'notes_read', arguments: { id: 'todo' } }))).toBe(
      'write tests',
    );
    expect(
      textOf(
        await client.callTool({ name: 'web_fetch', arguments: { url: 'https://example.com' } }),
      ),
    ).toMatch(/canned page for https:\/\/example.com/);
    expect(demo.state.snapshot().calls).toEqual({
      notes_list: 1,
      notes_put: 1,
      notes_read: 1,
      web_fetch: 1,
    });
  });

  test('legacy_tool runs and demo_state reads the state without counting itself', async () => {
    connected = await connect();
    const { client, demo } = connected;
    await client.callTool({ name: 'legacy_tool', arguments: { input: 'x' } });
    const state = JSON.parse(textOf(await client.callTool({ name: 'demo_state', arguments: {} })));
    expect(state).toEqual(demo.state.snapshot());
    expect(state.calls).toEqual({ legacy_tool: 1 });
  });
});
