import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import {
  startHttpServer,
  startModernHttpServer,
  type DemoHttpServer,
  type DemoHttpServerOptions,
  type ModernHttpServer,
  type ModernHttpServerOptions,
} from '@mcp-consent/demo-server';
import { migrate, type Queryable } from '@mcp-consent/postgres';
import { approvalsApi } from './approvals-api.js';
import { createGrantsApi } from './grants-api.js';
import { openDatabase } from './database.js';
import { sendJson } from './json.js';
import { handleSession, sameOrigin, userOf } from './session.js';

export interface PlaygroundServerOptions {
  /** Folder with the built pages (`index.html` and `assets/`). */
  webRoot: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. @default 5173 */
  port?: number;
  /** When `port` is taken, listen on a free port instead of failing. @default true */
  fallbackToFreePort?: boolean;
  /** Options of the demo MCP server (its own port is always a free one). */
  demo?: Omit<DemoHttpServerOptions, 'port'>;
  /** Options of the demo server's 2026-07-28 mode (its own port is always a free one). */
  modern?: Omit<ModernHttpServerOptions, 'port'>;
  /**
   * Where the approval queue lives: a `pg` Pool or a PGlite instance, migrated at start and
   * never closed here. @default an in-memory PGlite, opened here and closed with the server
   */
  database?: Queryable;
  /** How long a queued prompt waits for an answer from any device. @default 300_000 (5 min) */
  approvalTimeoutMs?: number;
}

export interface PlaygroundServer {
  /** The page, e.g. `http://127.0.0.1:5173/`. */
  url: URL;
  /** The demo server's MCP endpoint on the page's origin, e.g. `http://127.0.0.1:5173/mcp`. */
  mcpUrl: URL;
  /** The demo server itself (its own port; `/mcp` above is proxied to it). */
  demo: DemoHttpServer;
  /** The demo server's 2026-07-28 mode on the page's origin, e.g. `http://127.0.0.1:5173/mcp-2026`. */
  modernMcpUrl: URL;
  /** The 2026-07-28 demo server itself (its own port; `/mcp-2026` is proxied to it). */
  modern: ModernHttpServer;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
export const DEFAULT_PORT = 5173;

/** Pages served at a path of their own. */
const PAGES: Record<string, string> = { '/': '/index.html', '/approvals': '/approvals.html' };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The page's policy. `unsafe-eval`: the MCP SDK's default JSON-schema validator
 * (ajv) compiles schemas with `new Function`. `unsafe-inline` styles: the React
 * renderer hoists its stylesheet as a `<style>` element. `connect-src` allows
 * any http(s) origin, so the user can connect to another MCP server.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  // A tool's audio result plays from a data: URL of its base64 (images likewise, above).
  "media-src 'self' data:",
  'connect-src * http: https:',
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Headers that belong to one hop and are never forwarded by a proxy (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Serves the built playground and the demo MCP server from one origin on
 * 127.0.0.1: the page at `/`, the demo server's Streamable HTTP endpoint at
 * `/mcp` (the 2025 server) and at `/mcp-2026` (its 2026-07-28 mode), each
 * proxied to its own server on a free port, SSE streams included, so the page
 * needs no CORS for the demo. `/api/session` signs in as a demo user and
 * `/api/approvals` is the approval queue (see approvals-api.ts) and
 * `/api/grants` the signed-in user's grants (grants-api.ts), in the `database`; `/approvals` is the page that answers it. Requests with a foreign
 * `Host` header are refused (DNS rebinding).
 */
export async function startPlaygroundServer(
  options: PlaygroundServerOptions,
): Promise<PlaygroundServer> {
  const webRoot = resolve(options.webRoot);
  const index = join(webRoot, 'index.html');
  if (!(await isFile(index)))
    throw new Error(`The playground is not built: ${index} is missing. Run "npm run build".`);

  const own = options.database ? undefined : await openDatabase();
  const database = options.database ?? own!.db;
  try {
    await migrate(database);
  } catch (error) {
    await own?.close();
    throw error;
  }
  const approvals = approvalsApi({
    db: database,
    ...(options.approvalTimeoutMs !== undefined && { timeoutMs: options.approvalTimeoutMs }),
  });
  const grants = createGrantsApi({ db: database });
  const closeDatabase = async () => {
    grants.close();
    await approvals.close();
    await own?.close();
  };

  const demo = await startHttpServer({ ...options.demo, port: 0 });
  let modern: ModernHttpServer;
  try {
    modern = await startModernHttpServer({ ...options.modern, port: 0 });
  } catch (error) {
    await Promise.all([demo.close(), closeDatabase()]);
    throw error;
  }
  const closeDemos = () => Promise.all([demo.close(), modern.close(), closeDatabase()]);
  let allowedHosts: string[] = [];

  /** `/api/*`: every state-changing request must come from the page's own origin (CSRF). */
  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !sameOrigin(req)) {
      return sendJson(res, 403, { error: 'Refused: the request does not come from this page.' });
    }
    if (path === '/api/session') return handleSession(req, res);
    if (path === '/api/approvals' || path.startsWith('/api/approvals/')) {
      const user = userOf(req);
      if (!user) return sendJson(res, 401, { error: 'Sign in first.' });
      return approvals.handle(req, res, path, user);
    }
    if (await grants.handle(req, res, userOf(req))) return;
    sendJson(res, 404, { error: 'Not found.' });
  }

  const server = createServer((req, res) => {
    if (!allowedHosts.includes(req.headers.host ?? '')) return send(res, 403, 'Host not allowed');
    const path = new URL(req.url ?? '/', `http://${HOST}`).pathname;
    if (path === '/mcp') return proxy(req, res, demo.url);
    if (path === '/mcp-2026') return proxy(req, res, modern.url);
    if (path.startsWith('/api/')) {
      return void api(req, res, path).catch(() => {
        if (!res.headersSent) sendJson(res, 500, { error: 'Internal error.' });
        else res.destroy();
      });
    }
    serveStatic(webRoot, path, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal error');
      else res.destroy();
    });
  });

  try {
    await listen(server, options.port ?? DEFAULT_PORT, options.fallbackToFreePort ?? true);
  } catch (error) {
    await closeDemos();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  allowedHosts = [`${HOST}:${port}`, `localhost:${port}`];
  const url = new URL(`http://${HOST}:${port}/`);

  return {
    url,
    mcpUrl: new URL('/mcp', url),
    demo,
    modernMcpUrl: new URL('/mcp-2026', url),
    modern,
    async close() {
      server.closeAllConnections();
      await Promise.all([new Promise<void>((done) => server.close(() => done())), closeDemos()]);
    },
  };
}

async function listen(server: Server, port: number, fallback: boolean): Promise<void> {
  const attempt = (p: number) =>
    new Promise<void>((done, fail) => {
      const onError = (error: Error) => {
        server.off('listening', onListening);
        fail(error);
      };
      const onListening = () => {
        server.off('error', onError);
        done();
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(p, HOST);
    });
  try {
    await attempt(port);
  } catch (error) {
    if (!fallback || port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE')
      throw error;
    await attempt(0);
  }
}

/** Forwards one request to the demo server and streams the answer back (SSE included). */
function proxy(req: IncomingMessage, res: ServerResponse, target: URL): void {
  const headers = forwardable(req.headers);
  headers.host = target.host;
  const upstream = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname + new URL(req.url ?? '/', target).search,
      method: req.method,
      headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) send(res, 502, 'The demo server did not answer');
    else res.destroy();
  });
  // The page went away (a closed SSE stream, a reload): drop the upstream request too.
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

async function serveStatic(
  root: string,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed');
  let relative: string;
  try {
    relative = decodeURIComponent(PAGES[path] ?? path);
  } catch {
    return send(res, 400, 'Bad path');
  }
  const file = normalize(join(root, relative));
  if (!file.startsWith(root + sep) || !(await isFile(file))) return send(res, 404, 'Not found');
  const body = await readFile(file);
  const immutable = relative.startsWith('/assets/');
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': body.length,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...(extname(file) === '.html' ? { 'content-security-policy': CONTENT_SECURITY_POLICY } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function send(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(`${message}\n`);
}
