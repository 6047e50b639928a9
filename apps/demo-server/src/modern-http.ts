import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { modernDemoFactory, type ModernDemoOptions } from './modern.js';
import type { DemoState } from './state.js';

export interface ModernHttpServerOptions extends ModernDemoOptions {
  /** TCP port; 0 picks a free one. @default 3333 */
  port?: number;
}

export interface ModernHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3333/mcp`. */
  url: URL;
  state: DemoState;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

/**
 * Serves the 2026-07-28 mode over Streamable HTTP on 127.0.0.1 only: the v2 SDK's
 * `createMcpHandler` (stateless, one server instance per request over the shared state; 2025-era
 * clients are served by its stateless fallback), behind the same Host check as the 2025 server.
 */
export async function startModernHttpServer(
  options: ModernHttpServerOptions = {},
): Promise<ModernHttpServer> {
  const { state, factory } = modernDemoFactory(options);
  const handler = createMcpHandler(factory);
  let allowedHosts: string[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (url.pathname !== '/mcp') return reply(res, 404, 'Not found');
    // DNS rebinding: a page on another origin resolving to 127.0.0.1 sends a foreign Host.
    if (!allowedHosts.includes(req.headers.host ?? '')) return reply(res, 403, 'Host not allowed');
    const aborted = new AbortController();
    res.once('close', () => aborted.abort());
    const response = await handler.fetch(toRequest(req, url, aborted.signal));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
        res.write(chunk);
    }
    res.end();
  };

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        reply(res, 500, error instanceof Error ? error.message : 'Internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 3333, HOST, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  allowedHosts = [`${HOST}:${port}`, `localhost:${port}`];
  return {
    url: new URL(`http://${HOST}:${port}/mcp`),
    state,
    async close() {
      await handler.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/** The web `Request` the SDK's handler takes, streaming the body of a Node request. */
function toRequest(req: IncomingMessage, url: URL, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
