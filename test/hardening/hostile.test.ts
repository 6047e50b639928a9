import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPermissionEngine, memoryStore, type ToolCall } from '@mcp-consent/engine';
import { guardClient } from '@mcp-consent/mcp';
import { GUARD_MS } from '../scenarios/host-runtime.js';
import { inkDriver } from '../../packages/ink/test/ink-driver.js';
import type { RendererDriver } from '../scenarios/driver.js';
import {
  createHostileServer,
  deepValue,
  hostileArguments,
  hostileTools,
  HOMOGLYPH_SERVER,
} from './hostile-server.js';
import { report } from './support.js';

/**
 * Hostile servers (issue 10): a real MCP server whose every string is an attack, connected
 * through `guardClient`. The calls the guard asks about are exactly what each renderer is shown:
 * nothing may execute, escape the sheet or terminal region, or crash, and Escape still denies.
 */
let calls: ToolCall[] = [];
let serverCalls: string[] = [];
const figures: string[] = [];

beforeAll(async () => {
  const hostile = createHostileServer();
  const engine = createPermissionEngine({ store: memoryStore() });
  await engine.ready;
  const client = guardClient(new Client({ name: 'hardening', version: '0' }), {
    engine,
    // The host's own name for the connection; the server's homoglyph name is shown as its name.
    server: { id: 'hostile', name: HOMOGLYPH_SERVER },
    userId: 'alice',
    workspaceId: 'ws',
    prompt: (request) => {
      calls.push(request.call);
      return 'deny_once';
    },
    onWarning: () => {},
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await hostile.server.connect(serverSide);
  await client.connect(clientSide);
  await client.catalog.refresh();
  for (const tool of hostileTools) {
    const result = (await client.callTool({
      name: tool.name,
      arguments: hostileArguments(tool.name),
    })) as CallToolResult;
    expect(result.isError, tool.name).toBe(true);
  }
  serverCalls = hostile.calls;
  await client.close();
  calls = calls.map((call) => ({ ...call, server: { ...call.server } }));
});

afterAll(() => {
  report(`hostile servers: ${figures.join('; ')}`);
});

describe('hostile server through guardClient', () => {
  it('every hostile tool was asked about, denied, and never reached the server', () => {
    expect(calls.map((call) => call.tool.name)).toEqual(hostileTools.map((tool) => tool.name));
    expect(calls.every((call) => call.tool.description !== undefined)).toBe(true); // from the catalog
    expect(serverCalls).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    figures.push(
      `${calls.length} tools asked and denied via guardClient, ${serverCalls.length} reached the server`,
    );
  });
});

/**
 * NOT YET for Lit and React: their scenario drivers hand the call to the page with
 * `page.evaluate`, whose serializer overflows its stack on the 10 000- and 1 500-deep argument,
 * and at 1 050 levels the run did not finish within 5 minutes (not yet diagnosed: the 10 MB
 * value or the depth in the page). Those renderers face the same attack strings at ordinary
 * sizes in packages/elements/test/hostile.test.ts and the shared scenario suite.
 */
const drivers: Array<[string, () => RendererDriver, number]> = [['ink', () => inkDriver(), 10_000]];

for (const [name, makeDriver, depth] of drivers) {
  describe(`hostile server in the ${name} renderer`, () => {
    const driver = makeDriver();
    afterAll(() => driver.close());

    it('nothing executes, nothing escapes, nothing crashes, and Escape denies every call', async () => {
      const host = await driver.start();
      const problems: string[] = [];
      let denied = 0;
      try {
        for (const original of calls) {
          const call =
            original.tool.name === 'deep_args' && depth < 10_000
              ? { ...original, args: { tree: deepValue(depth) } }
              : original;
          const handle = await host.request(call);
          await host.waitForPrompt();
          await host.advance(GUARD_MS);
          const screen = await host.screen();
          problems.push(...(await host.compromised()).map((p) => `${call.tool.name}: ${p}`));
          expect(screen.length, `${name} screen for ${call.tool.name}`).toBeLessThan(200_000);
          await host.press('Escape');
          const result = await host.result(handle);
          if (!result.allowed && result.choice === 'deny_once') denied += 1;
          await host.waitForClosed();
          problems.push(...(await host.compromised()).map((p) => `${call.tool.name} after: ${p}`));
        }
        expect(await host.grants()).toEqual([]);
      } finally {
        await host.dispose();
      }
      figures.push(
        `${name} ${calls.length} prompts, ${problems.length} escapes, ${denied} denied by Escape`,
      );
      expect(problems).toEqual([]);
      expect(denied).toBe(calls.length);
    });
  });
}
