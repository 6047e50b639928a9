import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, createPermissionEngine, memoryStore } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { createDemoServer } from '@mcp-consent/demo-server';
import { guardClient } from '@mcp-consent/mcp';
import { inkPrompter } from '../src/index.js';
import { GUARD_MS } from './harness.js';
import { settle } from './ink-driver.js';
import { until } from '../../../test/scenarios/poll.js';
import { VirtualTerminal } from './virtual-terminal.js';

const en = createTranslator('en-US');
const SERVER = { id: 'demo', name: 'Demo notes' };
const ESC = '\u001B';

/** A terminal MCP host: the real SDK client and demo server, gated by the engine, asking through Ink. */
async function host() {
  const terminal = new VirtualTerminal(100, 60);
  const clock = createManualClock(); // the input guard only; the engine and SDK use real time
  const engine = createPermissionEngine({ store: memoryStore() });
  await engine.ready;
  const prompter = inkPrompter({
    engine,
    clock,
    locale: 'en-US',
    stdin: terminal.stdin,
    stdout: terminal.stdout,
    stderr: terminal.stderr,
    onInterrupt: () => {},
  });
  const opened: string[] = [];
  const client = guardClient(new Client({ name: 'ink-host', version: '0' }), {
    engine,
    server: SERVER,
    userId: 'u1',
    workspaceId: 'w1',
    prompt: prompter.prompt,
    elicit: prompter.elicit,
    openUrl: (url) => void opened.push(url),
  });
  const demo = createDemoServer({ dryRun: false });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await demo.server.connect(serverSide);
  await client.connect(clientSide);
  await client.catalog.refresh();
  const text = () => terminal.screen().replace(/\s+/g, ' ');
  return {
    client,
    opened,
    text,
    sees: (wanted: string) => until(() => text().includes(wanted), JSON.stringify(wanted)),
    async press(...keys: string[]) {
      for (const key of keys) {
        terminal.type(key);
        await settle();
      }
    },
    async passGuard() {
      clock.advance(GUARD_MS);
      await settle();
    },
    async close() {
      prompter.unmount();
      await client.close();
      await demo.close();
      engine.dispose();
    },
  };
}

const textOf = (result: unknown) =>
  ((result as CallToolResult).content ?? [])
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n');

let h: Awaited<ReturnType<typeof host>> | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a terminal host with @mcp-consent/mcp and the demo server', () => {
  it('asks before tools/call, then shows the two-key dry run preview and re-issues on approval', async () => {
    h = await host();
    const sent = h.client.callTool({
      name: 'messages_send',
      arguments: { channel: 'general', text: 'ship it', webhookToken: 's3cret' },
    });
    await h.sees('messages_send');
    await h.passGuard();
    await h.press('1');
    await h.sees(en.t('mcp.dry_run.title'));
    await h.sees('"channel": "general"');
    expect(h.text()).not.toContain('s3cret');
    await h.sees(`› ${en.t('mcp.dry_run.action.deny')}`); // Deny is where the pointer starts
    await h.passGuard();
    await h.press(`${ESC}[B`, '\r');
    expect(textOf(await sent)).toBe('Sent to #general.');
    await h.sees(`${en.t('mcp.dry_run.action.approve')}`);
  });

  it('the dry run is one flow: step 2 of 2 quotes the server note as the server’s; the next call is step 1 of 2', async () => {
    h = await host();
    const args = { channel: 'general', text: 'ship it', webhookToken: 's3cret' };
    const first = h.client.callTool({ name: 'messages_send', arguments: args });
    await h.sees('messages_send');
    await h.passGuard();
    await h.press('1');
    const send = en.t('mcp.dry_run.step.send');
    await h.sees(en.t('mcp.dry_run.step', { index: 2, total: 2, label: send }));
    await h.sees(en.t('mcp.dry_run.hint.heading'));
    await h.sees(en.t('mcp.dry_run.hint.label'));
    // The hint is quoted under the kit's label, once, and never as the kit's own line.
    await h.sees('│ Set MCP_DRY_RUN=false AND pass __confirm:true');
    expect(h.text().split('MCP_DRY_RUN').length - 1).toBe(1);
    await h.passGuard();
    await h.press('\r'); // Don't send has the pointer
    expect(textOf(await first)).toContain('declined');

    const second = h.client.callTool({ name: 'messages_send', arguments: args });
    const preview = en.t('mcp.dry_run.step.preview');
    await h.sees(en.t('mcp.dry_run.step', { index: 1, total: 2, label: preview }));
    await h.passGuard();
    await h.press('1');
    await h.sees(en.t('mcp.dry_run.step', { index: 2, total: 2, label: send }));
    await h.passGuard();
    await h.press(`${ESC}[B`, '\r');
    expect(textOf(await second)).toBe('Sent to #general.');
  });

  it('answers a form elicitation from the server', async () => {
    h = await host();
    const survey = h.client.callTool({ name: 'survey', arguments: {} });
    await h.sees('survey');
    await h.passGuard();
    await h.press('1');
    await h.sees('Tell us about yourself.');
    await h.passGuard();
    // Enter goes on from Email through the six fields below it and submits from the last.
    await h.press('A', 'd', 'a', '\t', ...'ada@example.com', ...'\r'.repeat(7));
    const result = JSON.parse(textOf(await survey)) as { saved: Record<string, unknown> };
    expect(result.saved).toMatchObject({ name: 'Ada', email: 'ada@example.com', plan: 'free' });
  });

  it('opens a URL elicitation only after "Open link"', async () => {
    h = await host();
    const linked = h.client.callTool({ name: 'oauth_link', arguments: { provider: 'github' } });
    await h.sees('oauth_link');
    await h.passGuard();
    await h.press('1');
    await h.sees('auth.example.com');
    expect(h.opened).toEqual([]);
    await h.passGuard();
    await h.press(`${ESC}[B`, '\r'); // from Don't open down to Open link, the last answer
    expect(textOf(await linked)).toBe('Linked github.');
    expect(h.opened).toEqual([expect.stringMatching(/^https:\/\/auth\.example\.com\/oauth/)]);
  });
});
