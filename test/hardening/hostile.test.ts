import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPermissionEngine,
  isDecisionEvent,
  memoryStore,
  type ToolCall,
} from '@mcp-consent/engine';
import { guardClient } from '@mcp-consent/mcp';
import { GUARD_MS } from '../scenarios/host-runtime.js';
import { inkDriver } from '../../packages/ink/test/ink-driver.js';
import type { RendererDriver, ScenarioHost } from '../scenarios/driver.js';
import { forbiddenOnScreen } from '../scenarios/fixtures.js';
import { hostileCallFor, hostileCorpus } from '../scenarios/hostile-corpus.js';
import { hostileLitDriver, hostileReactDriver } from './browser-hosts.js';
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

  it('arguments nested deeper than JSON can carry are denied unasked and never reach the server', async () => {
    const hostile = createHostileServer();
    const engine = createPermissionEngine({ store: memoryStore() });
    const asked: string[] = [];
    const client = guardClient(new Client({ name: 'hardening', version: '0' }), {
      engine,
      server: { id: 'hostile' },
      userId: 'alice',
      workspaceId: 'ws',
      prompt: (request) => (asked.push(request.call.tool.name), 'allow_once'),
      onWarning: () => {},
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await hostile.server.connect(serverSide);
    await client.connect(clientSide);
    await client.catalog.refresh();
    const result = (await client.callTool({
      name: 'deep_args',
      arguments: { tree: deepValue(10_000) },
    })) as CallToolResult;
    await client.close();
    expect(result.isError).toBe(true);
    expect(asked).toEqual([]);
    expect(hostile.calls).toEqual([]);
    figures.push(
      '10 000-deep arguments denied unasked (JSON cannot carry them), 0 reached the server',
    );
  });
});

/**
 * Every renderer faces the full-size calls: Ink in its terminal harness, Lit and React in real
 * Chromium on their scenario fixture pages (the call crosses into the page as JSON text, see
 * browser-hosts.ts). Each call is denied once by Escape and once by pressing Deny, alternately,
 * and the engine's audit log must record a deny for it.
 */
const drivers: Array<
  [string, () => Pick<RendererDriver, 'close'> & { start(): Promise<ScenarioHost> }]
> = [
  ['ink', () => inkDriver()],
  ['lit', () => hostileLitDriver()],
  ['react', () => hostileReactDriver()],
];

for (const [name, makeDriver] of drivers) {
  describe(`hostile server in the ${name} renderer`, () => {
    const driver = makeDriver();
    afterAll(() => driver.close());

    it('nothing executes, nothing escapes, nothing crashes, and the user can still deny', async () => {
      const started = performance.now();
      const host = await driver.start();
      const problems: string[] = [];
      const denied = { Escape: 0, Deny: 0 };
      try {
        for (const [i, call] of calls.entries()) {
          const handle = await host.request(call);
          await host.waitForPrompt();
          await host.advance(GUARD_MS);
          const screen = await host.screen();
          problems.push(...(await host.compromised()).map((p) => `${call.tool.name}: ${p}`));
          expect(screen.length, `${name} screen for ${call.tool.name}`).toBeLessThan(200_000);
          for (const char of forbiddenOnScreen)
            expect(screen, `${name} screen for ${call.tool.name}`).not.toContain(char);
          const by = i % 2 === 0 ? 'Escape' : 'Deny';
          if (by === 'Escape') await host.press('Escape');
          else await host.click('deny_once');
          const result = await host.result(handle);
          if (!result.allowed && result.choice === 'deny_once') denied[by] += 1;
          await host.waitForClosed();
          problems.push(...(await host.compromised()).map((p) => `${call.tool.name} after: ${p}`));
        }
        expect(await host.grants()).toEqual([]);
        const audit = (await host.audit()).filter(isDecisionEvent);
        expect(audit.map((event) => [event.tool_name, event.decision])).toEqual(
          calls.map((call) => [call.tool.name, 'DENY_ONCE']),
        );
      } finally {
        await host.dispose();
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      figures.push(
        `${name} ${calls.length} prompts, ${problems.length} escapes, ${denied.Escape} denied by Escape + ` +
          `${denied.Deny} by Deny (${seconds} s)`,
      );
      expect(problems).toEqual([]);
      expect(denied.Escape + denied.Deny).toBe(calls.length);
    });
  });
}

/**
 * Issue 16 in every renderer: a title posing as the kit's own risk label comes after the kit's
 * real badge, never above it, and 200 zero-width characters read as one "200 hidden
 * characters" label (a chip on the web, a bracketed label in the terminal), never as raw
 * characters. Denied by Escape each time.
 */
for (const [name, makeDriver] of drivers) {
  describe(`server text posing as the kit in the ${name} renderer`, () => {
    const driver = makeDriver();
    afterAll(() => driver.close());

    it('the kit’s badge comes first, and a run of hidden characters is one label', async () => {
      const host = await driver.start();
      const seen: string[] = [];
      try {
        for (const text of [hostileCorpus.kitRiskLabel!, hostileCorpus.zeroWidth200!]) {
          const handle = await host.request(hostileCallFor(text));
          await host.waitForPrompt();
          await host.advance(GUARD_MS);
          seen.push(await host.screen());
          await host.press('Escape');
          expect((await host.result(handle)).choice).toBe('deny_once');
          await host.waitForClosed();
        }
      } finally {
        await host.dispose();
      }
      const [mimic, hidden] = seen as [string, string];
      const badge = mimic.indexOf('High risk');
      expect(badge, `${name}: the kit's badge`).toBeGreaterThanOrEqual(0);
      expect(mimic.indexOf('Low risk · read-only'), name).toBeGreaterThan(badge);
      expect(hidden, name).toContain('200 hidden characters');
      expect(hidden, name).not.toContain('\u200B');
      figures.push(`${name}: kit badge before a mimicking title, 200 zero-width as one label`);
    });
  });
}

describe('the page watchdog of the browser hosts', () => {
  const driver = hostileLitDriver();
  afterAll(() => driver.close());

  it('notices a script that ran, a dialog, a changed title, new globals, injected markup and a covered page', async () => {
    const host = await driver.start();
    try {
      expect(await host.compromised()).toEqual([]);
      await host.page.evaluate(() => {
        document.title = 'pwned';
        Object.assign(window, { pwnedGlobal: 1, __pwned: 'planted' });
        const img = document.createElement('img');
        img.setAttribute('onerror', 'void 0');
        const cover = document.createElement('div');
        cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647';
        document.body.append(img, cover);
        setTimeout(() => alert('hi'));
      });
      await host.page.waitForTimeout(100);
      const problems = (await host.compromised()).join('\n');
      for (const sign of [
        'script ran: planted',
        'dialog opened: alert',
        'document.title changed',
        'new window globals: pwnedGlobal',
        'element added outside the sheet: <img>',
        '<img> in the page',
        'event handler attribute onerror',
        'a fixed element covers the page',
      ])
        expect(problems).toContain(sign);
    } finally {
      await host.dispose();
    }
  });
});
