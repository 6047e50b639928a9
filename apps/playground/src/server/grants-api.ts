import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  InvalidInputError,
  isUsableGrant,
  type Grant,
  type StoreChange,
} from '@mcp-consent/engine';
import { postgresGrantStore, type PostgresGrantStore, type Queryable } from '@mcp-consent/postgres';
import { HttpError, readJsonObject, sendJson } from './json.js';

export interface GrantsApiOptions {
  /** The database (a `pg.Pool` or a PGlite instance), migrated. The API never closes it. */
  db: Queryable;
  /** Told about skipped rows and lost changes. @default console.warn */
  warn?: (message: string) => void;
  /** How often an open event stream gets a comment, so proxies keep it open. @default 15000 */
  heartbeatMs?: number;
  /** The largest request body read, in bytes; a larger one is refused (413). @default 65536 */
  maxBodyBytes?: number;
}

export interface GrantsApi {
  /**
   * Answers a request under `/api/grants` for `userId` (the signed-in user, undefined: 401).
   * Resolves true when it answered, false when the path is not the API's.
   */
  handle(req: IncomingMessage, res: ServerResponse, userId: string | undefined): Promise<boolean>;
  /** Ends every event stream and closes every store. */
  close(): void;
}

const PREFIX = '/api/grants';

/**
 * The grants of each signed-in user in PostgreSQL, reached by the page's engine over HTTP
 * (`remoteGrantStore` in the browser). Reads and writes go through one store per user, opened
 * the first time the user shows up. Each event stream has a store of its own: a store does not
 * announce its own writes back to its listeners, and a browser must hear what another browser
 * of the same user wrote through the shared one (it hears its own writes too, which change
 * nothing). Every store is scoped to its user in SQL: a key of another user is refused (400).
 */
export function createGrantsApi(options: GrantsApiOptions): GrantsApi {
  const { db } = options;
  const warn = options.warn ?? ((message: string) => console.warn(`[playground] ${message}`));
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxBodyBytes = options.maxBodyBytes ?? 65_536;
  const stores = new Map<string, PostgresGrantStore>();
  const streams = new Set<() => void>();
  let closed = false;

  const storeOf = (userId: string): PostgresGrantStore => {
    let store = stores.get(userId);
    if (!store) {
      store = postgresGrantStore({ db, scope: { userId }, warn });
      stores.set(userId, store);
    }
    return store;
  };

  async function route(req: IncomingMessage, res: ServerResponse, userId: string, path: string) {
    const method = req.method ?? 'GET';
    const store = storeOf(userId);
    switch (`${method} ${path}`) {
      case 'GET /state':
        return sendJson(res, 200, await store.loadState());
      case 'GET /events':
        return openStream(res, userId);
      case 'PUT ':
        await store.put(readGrant(await readJsonObject(req, maxBodyBytes)));
        return sendJson(res, 200, { ok: true });
      case 'POST /revoke': {
        const { key, grant, revokedAt } = await readJsonObject(req, maxBodyBytes);
        if (typeof key !== 'string') throw new HttpError(400, 'key must be a grant key.');
        await store.delete(
          key,
          grant === undefined ? undefined : readGrant(grant),
          optionalTime(revokedAt, 'revokedAt'),
        );
        return sendJson(res, 200, { ok: true });
      }
      case 'POST /clear': {
        const { clearedAt } = await readJsonObject(req, maxBodyBytes);
        await store.clear(optionalTime(clearedAt, 'clearedAt'));
        return sendJson(res, 200, { ok: true });
      }
    }
    const known = ['', '/state', '/events', '/revoke', '/clear'].includes(path);
    throw new HttpError(known ? 405 : 404, known ? 'Method not allowed.' : 'Not found.');
  }

  /**
   * Server-Sent Events: `ready` once this stream's store has loaded (the page then reads the
   * state again, so nothing written between its load and this stream is missed), then one
   * `StoreChange` per message. The stream ends when its store may have missed a change (the
   * page then fails closed and resyncs).
   */
  async function openStream(res: ServerResponse, userId: string) {
    let ended = false;
    let open = false;
    const pending: StoreChange[] = [];
    const heartbeat = setInterval(() => {
      if (open) res.write(': heartbeat\n\n');
    }, heartbeatMs);
    heartbeat.unref?.();
    const stop = () => {
      if (ended) return false;
      ended = true;
      clearInterval(heartbeat);
      streams.delete(end);
      unsubscribe();
      store.close();
      return true;
    };
    /** Ends the stream; before it opened, the answer is a 503 (the page tries again later). */
    const end = () => {
      if (!stop() || res.writableEnded) return;
      if (open) res.end();
      else sendJson(res, 503, { error: 'The grant store is unavailable.' });
    };
    const store = postgresGrantStore({
      db,
      scope: { userId },
      warn: (message) => {
        warn(message);
        // Its re-read of a change failed, or it cannot listen: what it missed is never sent.
        if (/could not apply a change|cannot listen/.test(message)) end();
      },
    });
    const send = (change: StoreChange) => {
      if (open) res.write(`data: ${JSON.stringify(change)}\n\n`);
      else pending.push(change);
    };
    const unsubscribe = store.subscribe(send);
    streams.add(end);
    res.on('close', end);
    try {
      await store.loadState();
    } catch (error) {
      stop();
      throw error; // answered by `handle`
    }
    if (ended) return;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    // A lost stream is opened again soon; each new one starts with `ready`.
    res.write('retry: 1000\n\nevent: ready\ndata: {}\n\n');
    open = true;
    for (const change of pending.splice(0)) send(change);
  }

  return {
    async handle(req, res, userId) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname;
      if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return false;
      try {
        if (closed) throw new HttpError(503, 'The server is shutting down.');
        if (typeof userId !== 'string' || userId === '') throw new HttpError(401, 'Sign in first.');
        await route(req, res, userId, path.slice(PREFIX.length));
      } catch (error) {
        answerError(res, error, warn);
      }
      return true;
    },
    close() {
      closed = true;
      for (const end of [...streams]) end();
      for (const store of stores.values()) store.close();
      stores.clear();
    },
  };
}

function answerError(res: ServerResponse, error: unknown, warn: (message: string) => void) {
  let status = 503;
  let message = 'The grant store is unavailable.';
  if (error instanceof HttpError) [status, message] = [error.status, error.message];
  else if (error instanceof InvalidInputError) [status, message] = [400, error.message];
  else warn(`grants API: ${error instanceof Error ? error.message : String(error)}`);
  if (res.headersSent) res.destroy();
  else sendJson(res, status, { error: message });
}

function readGrant(value: unknown): Grant {
  if (!isUsableGrant(value)) throw new HttpError(400, 'Not a grant.');
  return value;
}

function optionalTime(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${name} must be an ISO time.`);
  return value;
}
