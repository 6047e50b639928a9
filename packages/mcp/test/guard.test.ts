import { afterEach, describe, expect, test } from 'vitest';
import { ProtocolError } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { createPermissionEngine, memoryStore, type PermissionEngine } from '@mcp-consent/engine';
import { denialOf, guardClient, MODEL_TEXT } from '../src/index.js';
import { guardClientV2 } from '../src/v2.js';
import { guardNewClient, SDK, SdkClient, setup, textOf, type Harness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('fail closed', () => {
  test('an engine that throws denies; the server is never reached', async () => {
    const engine = createPermissionEngine({ store: memoryStore() });
    const broken: PermissionEngine = {
      ...engine,
      request: () => Promise.reject(new Error('engine exploded')),
    };
    harness = await setup('memory', { engine: broken });
    const result = await harness.guarded.callTool({
      name: 'notes_put',
      arguments: { id: 'x', text: 'y' },
    });
    expect(textOf(result)).toBe(MODEL_TEXT.notApproved('notes_put'));
    expect(denialOf(result)).toEqual({ reason: 'not_approved' });
    expect(harness.warnings.join('\n')).toMatch(/engine exploded/);
    expect((await harness.state()).calls).toEqual({});
  });

  test('a prompt that throws denies', async () => {
    harness = await setup('memory', {
      guard: {
        prompt: () => {
          throw new Error('renderer crashed');
        },
      },
    });
    const result = await harness.guarded.callTool({ name: 'notes_list', arguments: {} });
    expect(denialOf(result)).toMatchObject({ reason: 'not_approved', settledBy: 'error' });
    expect((await harness.state()).calls).toEqual({});
  });

  test('an unanswered prompt times out as deny once', async () => {
    harness = await setup('memory', {
      guard: { promptTimeoutMs: 50, prompt: () => new Promise(() => {}) },
    });
    const result = await harness.guarded.callTool({ name: 'notes_list', arguments: {} });
    expect(denialOf(result)).toMatchObject({
      reason: 'not_approved',
      choice: 'deny_once',
      settledBy: 'timeout',
    });
    expect((await harness.state()).calls).toEqual({});
  });

  test('the host aborting while the user decides rejects like the SDK, and nothing runs', async () => {
    harness = await setup('memory', { guard: { prompt: () => new Promise(() => {}) } });
    const controller = new AbortController();
    const call = harness.guarded.callTool({ name: 'notes_list', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('user closed the chat')), 20);
    await expect(call).rejects.toThrow('user closed the chat');
    expect((await harness.state()).calls).toEqual({});
  });

  test('tools/call around callTool() is refused: request() and the task stream', async () => {
    harness = await setup('memory');
    const { CallToolResultSchema } = await import('@modelcontextprotocol/sdk/types.js');
    await expect(
      harness.guarded.request(
        { method: 'tools/call', params: { name: 'notes_list', arguments: {} } },
        CallToolResultSchema,
      ),
    ).rejects.toBeInstanceOf(SDK === 'v2' ? ProtocolError : McpError);
    if (SDK === 'v1') {
      // SDK 1.x only: the v2 client has no experimental task API.
      const stream = harness.guarded.experimental.tasks.callToolStream({
        name: 'notes_list',
        arguments: {},
      });
      await expect(stream.next()).rejects.toBeInstanceOf(McpError);
    }
    expect((await harness.state()).calls).toEqual({});
  });
});

describe('the guarded client', () => {
  test('is still an SDK client for everything else', async () => {
    harness = await setup('memory');
    expect(harness.guarded).toBeInstanceOf(SdkClient);
    await expect(harness.guarded.ping()).resolves.toEqual({});
    expect(harness.guarded.getServerCapabilities()?.tools).toBeDefined();
  });

  test('declares form and URL elicitation', async () => {
    const { raw } = guardNewClient({
      engine: createPermissionEngine({ store: memoryStore() }),
      server: { id: 's' },
      userId: 'u',
      workspaceId: 'w',
      prompt: () => 'deny_once',
    });
    // Read back through a server that records what the client declared.
    const server = new Server({ name: 'probe', version: '0' }, { capabilities: {} });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    await raw.connect(a);
    expect(server.getClientCapabilities()?.elicitation).toEqual({ form: {}, url: {} });
    await raw.close();
  });

  test('must wrap the client before connect', async () => {
    const raw = new SdkClient({ name: 'host', version: '0' });
    const server = new Server({ name: 'probe', version: '0' }, { capabilities: {} });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    await raw.connect(a);
    const guard = SDK === 'v2' ? guardClientV2 : guardClient;
    expect(() =>
      guard(raw as never, {
        engine: createPermissionEngine({ store: memoryStore() }),
        server: { id: 's' },
        userId: 'u',
        workspaceId: 'w',
        prompt: () => 'deny_once',
      }),
    ).toThrow(/before connect/);
    await raw.close();
  });

  test('a tool the server does not have: asked first, then the SDK error passes through untouched', async () => {
    harness = await setup('memory');
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool({ name: 'no_such_tool', arguments: {} });
    expect(harness.human.requests[0]?.risk.tier).toBe('high');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not found/);
  });
});

describe('catalog failures', () => {
  async function brokenServer(list: (cursor?: string) => unknown) {
    const server = new Server(
      { name: 'broken', version: '0' },
      { capabilities: { tools: { listChanged: true } } },
    );
    let calls = 0;
    server.setRequestHandler(
      ListToolsRequestSchema,
      (request) => list(request.params?.cursor) as never,
    );
    server.setRequestHandler(CallToolRequestSchema, () => {
      calls += 1;
      return { content: [{ type: 'text', text: 'ran' }] };
    });
    const warnings: string[] = [];
    const requests: unknown[] = [];
    const { guarded } = guardNewClient({
      engine: createPermissionEngine({ store: memoryStore() }),
      server: { id: 'broken' },
      userId: 'u',
      workspaceId: 'w',
      prompt: (request) => {
        requests.push(request.call.tool);
        return 'allow_once';
      },
      onWarning: (message) => void warnings.push(message),
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    await guarded.connect(a);
    await guarded.catalog.refresh();
    return { guarded, warnings, requests, calls: () => calls };
  }

  test('a failing tools/list leaves the catalog empty; calls are asked about as unknown tools', async () => {
    const broken = await brokenServer(() => {
      throw new Error('list exploded');
    });
    expect(broken.guarded.catalog.status).toBe('failed');
    expect(broken.warnings.join('\n')).toMatch(/list exploded/);
    await broken.guarded.callTool({ name: 'anything', arguments: {} });
    expect(broken.requests).toEqual([{ name: 'anything' }]);
    await broken.guarded.close();
  });

  test('a cursor that repeats ends the listing instead of looping', async () => {
    const broken = await brokenServer(() => ({
      tools: [{ name: 'a', inputSchema: { type: 'object' } }],
      nextCursor: 'same',
    }));
    expect(broken.guarded.catalog.status).toBe('failed');
    expect(broken.warnings.join('\n')).toMatch(/repeated a cursor/);
    await broken.guarded.close();
  });

  test('list_changed during a listing lists again', async () => {
    harness = await setup('memory', { demo: { listDelayMs: 100 }, catalogReady: false });
    const listing = harness.guarded.catalog.refresh();
    await harness.raw.callTool({ name: 'demo_rug_pull', arguments: {} });
    await listing; // includes the extra listing the notification asked for
    expect(harness.guarded.catalog.get('notes_read')?.description).toContain('id_rsa');
  });
});
