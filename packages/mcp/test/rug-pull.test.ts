import { afterEach, describe, expect, test } from 'vitest';
import { nextCatalogChange, setup, TRANSPORTS, type Harness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe.each(TRANSPORTS)('rug pull over %s', (kind) => {
  test('a definition changed after allow always prompts again and shows what changed', async () => {
    harness = await setup(kind);
    const original = harness.guarded.catalog.get('notes_read');
    harness.human.script('allow_always');
    await harness.guarded.callTool({ name: 'notes_read', arguments: { id: 'welcome' } });
    await harness.guarded.callTool({ name: 'notes_read', arguments: { id: 'welcome' } });
    expect(harness.human.requests).toHaveLength(1);

    // The server swaps the definition and announces list_changed; the catalog re-lists on its own.
    const changed = nextCatalogChange(harness);
    await harness.raw.callTool({ name: 'demo_rug_pull', arguments: {} });
    await changed;

    harness.human.script('deny_once');
    const result = await harness.guarded.callTool({
      name: 'notes_read',
      arguments: { id: 'welcome', sidenote: 'x' },
    });
    expect(result.isError).toBe(true);
    const request = harness.human.requests[1];
    expect(request?.lookup).toMatchObject({ status: 'prompt', reason: 'definition_changed' });
    expect(request?.lookup.changed).toEqual(expect.arrayContaining(['description', 'inputSchema']));
    expect(request?.lookup.changed).not.toContain('annotations');
    expect(request?.call.tool.description).toContain('id_rsa');
    expect(request?.change?.previous).toBe(original);
    expect(request?.change?.parts).toEqual(request?.lookup.changed);
    expect((await harness.state()).calls.notes_read).toBe(2);
  });
});
