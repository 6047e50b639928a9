import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createDemoServer, type DemoServer, type DemoServerOptions } from './server.js';
import { DemoState } from './state.js';

export interface DemoHttpServerOptions extends DemoServerOptions {
  /** TCP port; 0 picks a free one. @default 3333 */
  port?: number;
  /** Largest accepted request body, in bytes. @default 4194304 */
  maxBodyBytes?: number;
  /**
   * A session with no request for this long is closed (a tab closed without ending it), so its
   * server and listeners do not pile up. @default 1800000 (30 minutes)
   */
  idleSessionMs?: number;
}

export interface DemoHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3333/mcp`. */
  url: URL;
  state: DemoState;
  /** Number of open MCP sessions. */
  sessions(): number;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  demo: DemoServer;
  /** When it last had a request (`Date.now()`). */
  seen: number;
  /** Requests still answering (an open SSE stream is one): in use, however long it idles. */
  open: number;
}

const HOST = '127.0.0.1';

/**
 * Serves the demo over Streamable HTTP on 127.0.0.1 only, with stateful
 * sessions: each session gets its own McpServer over the one shared state.
 */
export async function startHttpServer(
  options: DemoHttpServerOptions = {},
): Promise<DemoHttpServer> {
  const state = options.state ?? new DemoState();
  const sessions = new Map<string, Session>();
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  let allowedHosts: string[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', `http://${HOST}`).pathname;
    if (path !== '/mcp') return reply(res, 404, 'Not found');
    // DNS rebinding: a page on another origin resolving to 127.0.0.1 sends a foreign Host.
    if (!allowedHosts.includes(req.headers.host ?? '')) return reply(res, 403, 'Host not allowed');
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) return reply(res, 404, 'Session not found');
      session.seen = Date.now();
      session.open += 1;
      res.once('close', () => {
        session.open -= 1;
        session.seen = Date.now();
      });
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return reply(res, 400, 'No session: initialize first');
    const body = await readJson(req, maxBodyBytes);
    if (body === TOO_LARGE) return reply(res, 413, 'Request body too large');
    if (!isInitializeRequest(body)) return reply(res, 400, 'No session: initialize first');
    const demo = createDemoServer({ ...options, state });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) =>
        void sessions.set(id, { transport, demo, seen: Date.now(), open: 0 }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await demo.server.connect(transport);
    await transport.handleRequest(req, res, body);
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

  const idleMs = options.idleSessionMs ?? 30 * 60_000;
  const sweep = setInterval(
    () => {
      const before = Date.now() - idleMs;
      for (const [id, session] of sessions) {
        if (session.open > 0 || session.seen > before) continue;
        sessions.delete(id);
        void session.demo.close().catch(() => undefined);
      }
    },
    Math.min(idleMs, 60_000),
  );
  sweep.unref();

  return {
    url: new URL(`http://${HOST}:${port}/mcp`),
    state,
    sessions: () => sessions.size,
    async close() {
      clearInterval(sweep);
      await Promise.allSettled([...sessions.values()].map((session) => session.demo.close()));
      sessions.clear();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

const TOO_LARGE = Symbol('too large');

async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return TOO_LARGE;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON-RPC error body, the shape MCP clients expect from the transport. */
function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
