import { afterEach, describe, expect, test } from 'vitest';
import { InMemoryTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { App } from '@modelcontextprotocol/ext-apps';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { appToolCalls } from '../src/index.js';
import { setup, textOf, type Harness } from './harness.js';

/**
 * MCP Apps: a tool call that an app's UI asks for (the real `App` of
 * `@modelcontextprotocol/ext-apps`, talking to the host's real `AppBridge`) goes through the same
 * gate as the model's, and the prompt and the audit say the app asked.
 */
let harness: Harness | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  await harness?.close();
  harness = close = undefined;
});

/** The host's bridge for one app, and the app's UI on the other side of it. */
async function appOnBridge(target: Harness, name: string): Promise<App> {
  const bridge = new AppBridge(
    null,
    { name: 'consent-test-host', version: '0' },
    { serverTools: {} },
  );
  bridge.oncalltool = appToolCalls<CallToolResult>(target.guarded, name);
  const [appSide, hostSide] = InMemoryTransport.createLinkedPair();
  await bridge.connect(hostSide);
  // No DOM here: the app does not measure its size.
  const app = new App({ name: 'notes-board-ui', version: '0' }, {}, { autoResize: false });
  await app.connect(appSide);
  close = async () => {
    await app.close();
    await bridge.close();
  };
  return app;
}

describe('tool calls an MCP App asks for', () => {
  test('are asked about like the model’s, saying the app asked, and audited as the app’s', async () => {
    harness = await setup('memory');
    harness.human.script('allow_once');
    const app = await appOnBridge(harness, 'Notes board');
    const result = await app.callServerTool({ name: 'notes_list', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(harness.human.requests).toHaveLength(1);
    expect(harness.human.requests[0]!.call.requestedBy).toEqual({
      kind: 'app',
      app: 'Notes board',
    });
    expect(harness.audit.map((event) => event.requested_by_app)).toEqual(['Notes board']);
  });

  test('an elicitation during the app’s call is audited as the app’s too', async () => {
    harness = await setup('memory', { guard: { elicit: () => ({ action: 'decline' }) } });
    harness.human.script('allow_once');
    const app = await appOnBridge(harness, 'Notes board');
    await app.callServerTool({ name: 'notes_delete', arguments: { id: 'groceries' } });
    expect('groceries' in (await harness.state()).notes).toBe(true); // declined: kept
    expect(harness.outcomes).toMatchObject([
      {
        event_type: 'mcp.elicitation.outcome',
        action: 'decline',
        tool_name: 'notes_delete',
        requested_by_app: 'Notes board',
      },
    ]);
  });

  test('a denial never reaches the server, whoever asked', async () => {
    harness = await setup('memory');
    harness.human.script('deny_once');
    const app = await appOnBridge(harness, 'Notes board');
    const before = await harness.state();
    const result = await app.callServerTool({
      name: 'notes_delete',
      arguments: { id: Object.keys(before.notes)[0] ?? 'groceries' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/declined|denied/i);
    const after = await harness.state();
    expect(after.notes).toEqual(before.notes);
    expect(after.calls['notes_delete'] ?? 0).toBe(0);
  });

  test('refuses an object that is not a guarded client', () => {
    expect(() => appToolCalls({}, 'Notes board')).toThrow(/guardClient/);
  });
});
