import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  grantKey,
  InvalidInputError,
  StoreUnavailableError,
  type Grant,
  type StoreChange,
  type StoreHealth,
} from '@mcp-consent/engine';
import { migrate, postgresGrantStore } from '@mcp-consent/postgres';
import { createGrantsApi, type GrantsApi } from '../src/server/grants-api.js';
import { remoteGrantStore, type RemoteGrantStore } from '../src/web/remote-store.js';
import { callOf, scriptedUser, setup, tools } from '../../../packages/engine/test/helpers.js';
import {
  CONFORMANCE_SCOPE,
  storeConformance,
} from '../../../packages/engine/test/store-conformance.js';
import { plantMalformed } from '../../../packages/postgres/test/databases.js';
import { fetchEventSource } from './fetch-event-source.js';

/**
 * The playground's grants API (grants-api.ts) over a real node:http server on 127.0.0.1 with an
 * in-process PostgreSQL (PGlite), reached by the page's store (remote-store.ts) through fetch and
 * a Server-Sent Events reader. The signed-in user is the `x-demo-user` header here; the
 * playground passes its session's user the same way.
 */
let db: PGlite;
let api: GrantsApi;
let server: Server;
let port = 0;
const warnings: string[] = [];
const opened: RemoteGrantStore[] = [];

async function listen(): Promise<void> {
  server = createServer((req, res) => {
    const user = req.headers['x-demo-user'];
    void api.handle(req, res, typeof user === 'string' ? user : undefined).then((answered) => {
      if (!answered) res.writeHead(404).end();
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
}

async function stopServer(): Promise<void> {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
}

beforeAll(async () => {
  db = await PGlite.create();
  await migrate(db);
  api = createGrantsApi({ db, warn: (message) => warnings.push(message) });
  await listen();
});
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});
afterAll(async () => {
  api?.close();
  if (server?.listening) await stopServer();
  await db?.close();
});

const baseUrl = () => `http://127.0.0.1:${port}/api/grants`;

/** `fetch` as the browser of a signed-in user (undefined: signed out). */
const fetchAs =
  (user: string | undefined): typeof fetch =>
  (input, init) =>
    fetch(input, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        ...(user && { 'x-demo-user': user }),
      },
    });

/** A browser's store for `user`. */
function remote(user: string): RemoteGrantStore {
  const store = remoteGrantStore({
    baseUrl: baseUrl(),
    fetch: fetchAs(user),
    eventSource: fetchEventSource(fetchAs(user), { retryMs: 10 }),
    retryMs: 10,
  });
  opened.push(store);
  return store;
}

const until = (condition: () => boolean | Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('not yet');
    },
    { timeout: 15_000, interval: 5 },
  );

function grantOf(userId: string, tool: string, overrides: Partial<Grant> = {}): Grant {
  const scope = { userId, workspaceId: 'ws-1', serverId: 'notes', toolName: tool };
  return {
    key: grantKey(scope),
    ...scope,
    decision: 'allow',
    grantedAt: '2026-11-21T10:00:00.000Z',
    expiresAt: null,
    grantedBy: userId,
    riskTier: 'low',
    ...overrides,
  };
}

/** A store's listener that keeps what it heard. */
function follow(store: RemoteGrantStore) {
  const heard: StoreChange[] = [];
  const health: StoreHealth[] = [];
  store.subscribe((change) => heard.push(change));
  store.watchHealth((report) => health.push(report));
  return { heard, health };
}

/** Waits until `store`'s stream is live: it hears its own write of a marker grant. */
async function live(store: RemoteGrantStore, heard: StoreChange[], user: string, tool: string) {
  const marker = grantOf(user, tool);
  await store.put(marker);
  await until(() =>
    heard.some((change) => change.type === 'put' && change.grant.key === marker.key),
  );
}

storeConformance(
  'remoteGrantStore over HTTP, on PGlite',
  async () => {
    await db.query('TRUNCATE mcp_consent_grants, mcp_consent_clears, mcp_consent_pins');
    warnings.length = 0;
    return {
      a: remote(CONFORMANCE_SCOPE.userId),
      b: remote(CONFORMANCE_SCOPE.userId),
      corrupt: (key) => plantMalformed(db, key, { decision: 'maybe' }),
      reported: () => warnings,
    };
  },
  { hears: true, closes: true, skipsMalformed: true },
);

describe('the grants API', () => {
  const raw = (user: string | undefined, path: string, init: RequestInit = {}) =>
    fetchAs(user)(`${baseUrl()}${path}`, init);
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it('answers 401 to a signed-out browser, and reads nothing', async () => {
    await remote('ana').put(grantOf('ana', 'signed_out'));
    const state = await raw(undefined, '/state');
    expect(state.status).toBe(401);
    expect(await state.text()).not.toContain('signed_out');
    expect((await raw(undefined, '/events')).status).toBe(401);
    expect((await raw(undefined, '', { ...json(grantOf('ana', 'x')), method: 'PUT' })).status).toBe(
      401,
    );
  });

  it("refuses a key of another user with 400 (the page's store: InvalidInputError), and writes nothing", async () => {
    const bruno = remote('bruno');
    const anas = grantOf('ana', 'not_brunos');
    const put = bruno.put(anas);
    await expect(put).rejects.toBeInstanceOf(InvalidInputError);
    await expect(put).rejects.toThrow(/another tenant/);
    await expect(bruno.delete(anas.key, undefined, anas.grantedAt)).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    const revoke = await raw('bruno', '/revoke', json({ key: anas.key }));
    expect(revoke.status).toBe(400);
    expect((await remote('ana').load()).map((grant) => grant.key)).not.toContain(anas.key);
  });

  it('refuses bodies that are not a JSON object, too large or of another type, and unknown routes', async () => {
    expect((await raw('ana', '/revoke', json('{"key":'))).status).toBe(400);
    expect((await raw('ana', '/revoke', json('[1]'))).status).toBe(400);
    expect((await raw('ana', '', { ...json({ key: 'k' }), method: 'PUT' })).status).toBe(400);
    expect((await raw('ana', '/clear', json({ clearedAt: 5 }))).status).toBe(400);
    expect((await raw('ana', '/clear', json({ clearedAt: 'soon' }))).status).toBe(400);
    const big = await raw('ana', '/revoke', json({ key: 'x'.repeat(70_000) }));
    expect(big.status).toBe(413);
    // A form on another site cannot send JSON without a preflight: only JSON is read.
    const form = await raw('ana', '/clear', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
    expect((await raw('ana', '/nope')).status).toBe(404);
    expect((await raw('ana', '/state', { method: 'DELETE' })).status).toBe(405);
  });

  it("keeps ana's grants out of bruno's state and event stream", async () => {
    const ana = remote('ana');
    const bruno = remote('bruno');
    const { heard } = follow(bruno);
    await live(bruno, heard, 'bruno', 'bruno_first');
    const anas = grantOf('ana', 'anas_secret', { grantedAt: '2026-11-21T11:00:00.000Z' });
    await ana.put(anas);
    await ana.clear('2026-11-21T10:30:00.000Z');
    // Bruno's stream hears his own write after ana's: what it heard of hers has arrived by then.
    await live(bruno, heard, 'bruno', 'bruno_second');
    expect(JSON.stringify(heard)).not.toContain('ana');
    expect(heard.some((change) => change.type === 'clear')).toBe(false);
    const state = await bruno.loadState();
    expect(JSON.stringify(state)).not.toContain('ana');
    expect(state.clearedAt).toBeNull();
    expect((await ana.load()).map((grant) => grant.key)).toContain(anas.key);
  });

  it("a revoke through one browser's store makes the other browser's engine ask on its next lookup", async () => {
    const call = callOf(tools.notesList, { userId: 'carla', workspaceId: 'ws-1' });
    const one = await setup({ store: remote('carla') });
    const two = await setup({ store: remote('carla') });
    const brunos = await setup({ store: remote('bruno') });
    try {
      expect(two.engine.lookup(call).status).toBe('prompt');
      await one.engine.request(call, scriptedUser('allow_always'));
      await until(() => two.engine.lookup(call).status === 'allow');
      expect(brunos.engine.grants().filter((grant) => grant.userId !== 'bruno')).toEqual([]);
      expect(brunos.engine.lookup(call).status).toBe('prompt');

      await one.engine.revoke(one.engine.grants()[0]!);
      await until(() => two.engine.lookup(call).status === 'prompt');
      const asked = scriptedUser('deny_once');
      await two.engine.request(call, asked);
      expect(asked.shown).toHaveLength(1);
    } finally {
      for (const { engine } of [one, two, brunos]) engine.dispose();
    }
  });
});

describe('the page store when the server goes away', () => {
  afterEach(async () => {
    if (!server.listening) await listen();
  });

  it('rejects writes with StoreUnavailableError and reports the lost stream; back, it sends what it missed, then live', async () => {
    const store = remote('dora');
    const { heard, health } = follow(store);
    const kept = grantOf('dora', 'kept');
    const revoked = grantOf('dora', 'revoked');
    await store.put(kept);
    await store.put(revoked);
    await store.loadState();
    await live(store, heard, 'dora', 'dora_marker');
    expect(health).toEqual([]);

    await stopServer();
    await until(() => health.length > 0);
    expect(health[0]).toMatchObject({ live: false });
    expect((health[0] as { error: Error }).error).toBeInstanceOf(StoreUnavailableError);
    await expect(store.put(grantOf('dora', 'while_down'))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(store.loadState()).rejects.toBeInstanceOf(StoreUnavailableError);

    // Another instance revokes while this page cannot hear it.
    const other = postgresGrantStore({ db, scope: { userId: 'dora' }, notifications: false });
    await other.delete(revoked.key, undefined, '2026-11-21T12:00:00.000Z');
    other.close();
    const before = heard.length;

    await listen();
    await until(() => health.at(-1)?.live === true);
    const missed = heard.slice(before);
    expect(missed).toContainEqual({
      type: 'delete',
      key: revoked.key,
      grant: revoked,
      revokedAt: '2026-11-21T12:00:00.000Z',
    });
    expect(JSON.stringify(missed)).not.toContain('"kept"');
    expect(health.filter((report) => report.live)).toHaveLength(1);
    await store.put(grantOf('dora', 'after'));
  });

  it('tells a watcher that comes while the stream is lost that it is lost', async () => {
    const store = remote('eli');
    const { heard, health } = follow(store);
    await live(store, heard, 'eli', 'eli_marker');
    await stopServer();
    await until(() => health.length > 0);
    const late: StoreHealth[] = [];
    store.watchHealth((report) => late.push(report));
    await Promise.resolve();
    expect(late).toMatchObject([{ live: false }]);
  });
});

describe('an engine on the page store', () => {
  afterEach(async () => {
    if (!server.listening) await listen();
  });
  const call = callOf(tools.notesList, { userId: 'gil', workspaceId: 'ws-1' });

  it('asks while the event stream is lost, and decides from its grants again once it is back', async () => {
    const { engine } = await setup({ store: remote('gil') });
    try {
      await engine.request(call, scriptedUser('allow_always'));
      expect(engine.lookup(call).status).toBe('allow');
      await stopServer();
      await until(() => engine.lookup(call).status === 'prompt');
      expect(engine.getSnapshot().status).toBe('failed');
      await listen();
      await until(() => engine.lookup(call).status === 'allow');
      expect(engine.getSnapshot().status).toBe('ready');
    } finally {
      engine.dispose();
    }
  });

  it('started while the server is down, it asks, then loads the grants once the server is back', async () => {
    const { engine: first } = await setup({ store: remote('gil') });
    await first.request(call, scriptedUser('allow_always'));
    first.dispose();
    await stopServer();
    const { engine } = await setup({ store: remote('gil') });
    try {
      expect(engine.lookup(call).status).toBe('prompt');
      await listen();
      await until(() => engine.lookup(call).status === 'allow');
      expect(engine.getSnapshot().status).toBe('ready');
    } finally {
      engine.dispose();
    }
  });
});

describe('a grants API whose database is not ready', () => {
  let bare: PGlite;
  let broken: GrantsApi;
  let other: Server;
  let otherUrl = '';
  beforeAll(async () => {
    bare = await PGlite.create(); // never migrated: every statement of the store fails
    broken = createGrantsApi({ db: bare, warn: () => {}, heartbeatMs: 5 });
    other = createServer((req, res) => {
      void broken.handle(req, res, 'fay').then((answered) => {
        if (!answered) res.writeHead(404).end();
      });
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/api/grants`;
  });
  afterAll(async () => {
    broken?.close();
    other?.closeAllConnections();
    await new Promise((done) => other?.close(done));
    await bare?.close();
  });

  it('answers 503, and the page store rejects with StoreUnavailableError and stays not live', async () => {
    expect((await fetch(`${otherUrl}/state`)).status).toBe(503);
    expect((await fetch(`${otherUrl}/events`)).status).toBe(503);
    const store = remoteGrantStore({
      baseUrl: otherUrl,
      eventSource: fetchEventSource(fetch, { retryMs: 10 }),
      retryMs: 10,
    });
    opened.push(store);
    const { health } = follow(store);
    await expect(store.put(grantOf('fay', 'refused'))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(store.loadState()).rejects.toBeInstanceOf(StoreUnavailableError);
    await until(() => health.length > 0);
    expect(health).toMatchObject([{ live: false }]);
  });

  it('keeps an open stream alive with comments (a migrated database: the stream opens)', async () => {
    await migrate(bare);
    const response = await fetch(`${otherUrl}/events`);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes(': heartbeat'))
      text += new TextDecoder().decode((await reader.read()).value);
    expect(text.startsWith('retry: 1000\n\nevent: ready\n')).toBe(true);
    await reader.cancel();
  });
});
