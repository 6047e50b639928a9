import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { demoServerCommand, startHttpServer } from '../src/index.js';
import { textOf } from './helpers.js';

function newClient(): Client {
  const client = new Client(
    { name: 'demo-test', version: '0' },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: {} }));
  return client;
}

describe('stdio entry point', () => {
  test('serves the tools; MCP_DRY_RUN=false from the environment is the operator key', async () => {
    const client = newClient();
    await client.connect(
      new StdioClientTransport({
        ...demoServerCommand({ env: { MCP_DRY_RUN: 'false' } }),
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBe(14);
      const preview = await client.callTool({
        name: 'messages_send',
        arguments: { channel: 'c', text: 't' },
      });
      expect(JSON.parse(textOf(preview)).missing).toEqual(['confirm']);
      const sent = await client.callTool({
        name: 'messages_send',
        arguments: { channel: 'c', text: 't', __confirm: true },
      });
      expect(sent.isError).toBeFalsy();
      const state = JSON.parse(
        textOf(await client.callTool({ name: 'demo_state', arguments: {} })),
      );
      expect(state.messages).toEqual([{ channel: 'c', text: 't' }]);
    } finally {
      await client.close();
    }
  });

  test('--page-size pages tools/list', async () => {
    const client = newClient();
    await client.connect(
      new StdioClientTransport({
        ...demoServerCommand({ args: ['--page-size', '5'] }),
        stderr: 'pipe',
      }),
    );
    try {
      const page = await client.listTools();
      expect(page.tools).toHaveLength(5);
      expect(page.nextCursor).toBeDefined();
    } finally {
      await client.close();
    }
  });
});

describe('Streamable HTTP on 127.0.0.1', () => {
  test('sessions share one state; elicitation travels on the call stream', async () => {
    const server = await startHttpServer({ port: 0 });
    const a = newClient();
    const b = newClient();
    try {
      expect(server.url.hostname).toBe('127.0.0.1');
      await a.connect(new StreamableHTTPClientTransport(server.url));
      await b.connect(new StreamableHTTPClientTransport(server.url));
      expect(server.sessions()).toBe(2);
      await a.callTool({ name: 'notes_delete', arguments: { id: 'groceries' } });
      const notes = JSON.parse(textOf(await b.callTool({ name: 'notes_list', arguments: {} })));
      expect(notes).not.toHaveProperty('groceries');
      expect(server.state.notes.has('groceries')).toBe(false);
    } finally {
      await a.close();
      await b.close();
      await server.close();
    }
  });

  test('closes a session left idle (a tab closed without ending it), not one with a stream open', async () => {
    const server = await startHttpServer({ port: 0, idleSessionMs: 300 });
    const gone = newClient();
    const live = newClient();
    const rugPullListeners = () => server.state['events'].listenerCount('rug-pull');
    try {
      const goneTransport = new StreamableHTTPClientTransport(server.url);
      await gone.connect(goneTransport);
      // Its SSE stream closed, as when a tab goes away without a DELETE.
      await (
        goneTransport as unknown as { _abortController?: AbortController }
      )._abortController?.abort();
      await live.connect(new StreamableHTTPClientTransport(server.url));
      expect(server.sessions()).toBe(2);
      const listening = rugPullListeners();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      // The live client keeps its GET stream open: still served. The other is gone.
      expect(server.sessions()).toBe(1);
      expect(rugPullListeners()).toBeLessThan(listening);
      expect(textOf(await live.callTool({ name: 'notes_list', arguments: {} }))).toContain('{');
    } finally {
      await gone.close().catch(() => undefined);
      await live.close();
      await server.close();
    }
  });

  test('refuses a foreign Host header (DNS rebinding) and requests without a session', async () => {
    const server = await startHttpServer({ port: 0 });
    try {
      const post = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(
            server.url,
            {
              method: 'POST',
              headers: {
                host,
                'content-type': 'application/json',
                accept: 'application/json, text/event-stream',
              },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
        });
      expect(await post('evil.example:80')).toBe(403);
      expect(await post(server.url.host)).toBe(400);
    } finally {
      await server.close();
    }
  });
});
