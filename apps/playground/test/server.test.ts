import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlaygroundServer, type PlaygroundServer } from '../src/server/playground-server.js';
import { startPlayground } from './harness.js';

let webRoot: string;
let server: PlaygroundServer;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'mcp-consent-playground-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>page</title>');
  await writeFile(join(webRoot, 'assets', 'app.js'), 'export {};');
  await writeFile(join(tmpdir(), 'mcp-consent-playground-secret.txt'), 'secret');
  server = await startPlaygroundServer({ webRoot, port: 0 });
});

afterAll(async () => {
  await server?.close();
  await rm(webRoot, { recursive: true, force: true });
  await rm(join(tmpdir(), 'mcp-consent-playground-secret.txt'), { force: true });
});

/** A raw request, so the Host header and the path are sent exactly as given. */
function get(path: string, host?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.url.port,
          path,
          headers: host ? { host } : {},
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject).end();
    },
  );
}

describe('the playground server', () => {
  it('serves the page on 127.0.0.1 with a content security policy', async () => {
    expect(server.url.hostname).toBe('127.0.0.1');
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>page</title>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const asset = await get('/assets/app.js');
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('refuses foreign Host headers (DNS rebinding) and paths outside the page folder', async () => {
    expect((await get('/', 'evil.example:80')).status).toBe(403);
    expect((await get('/mcp', 'evil.example:80')).status).toBe(403);
    expect((await get('/mcp-2026', 'evil.example:80')).status).toBe(403);
    expect((await get('/', `localhost:${server.url.port}`)).status).toBe(200);
    expect((await get('/../mcp-consent-playground-secret.txt')).status).toBe(404);
    expect((await get('/%2e%2e/mcp-consent-playground-secret.txt')).status).toBe(404);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('proxies /mcp to the demo server, streamed answers included', async () => {
    const response = await fetch(server.mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'test', version: '1.0.0' },
        },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeTruthy();
    expect(await response.text()).toContain('mcp-consent-demo-server');
    expect(server.demo.sessions()).toBe(1);
  });

  it("proxies /mcp-2026 to the demo's 2026-07-28 mode: a v2 client negotiates that revision", async () => {
    expect(server.modernMcpUrl.href).toBe(new URL('/mcp-2026', server.url).href);
    const client = new Client(
      { name: 'test', version: '1.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(new StreamableHTTPClientTransport(server.modernMcpUrl));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('publish_note');
    } finally {
      await client.close();
    }
  });

  it('says how to build when the page is missing', async () => {
    await expect(startPlaygroundServer({ webRoot: join(webRoot, 'nope') })).rejects.toThrow(
      /not built.*npm run build/,
    );
  });
});

describe('npm start', () => {
  it('prints its URL, and picks a free port when the asked one is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const taken = (blocker.address() as AddressInfo).port;
    const running = await startPlayground(webRoot, taken);
    try {
      expect(new URL(running.url).port).not.toBe(String(taken));
      expect(running.output).toContain(`port ${taken} was taken`);
      expect(running.output).toContain(`${running.url}mcp`);
      expect((await fetch(running.url)).status).toBe(200);
    } finally {
      await running.close();
      await new Promise<void>((done) => blocker.close(() => done()));
    }
  });
});
