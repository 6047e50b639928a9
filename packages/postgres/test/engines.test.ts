import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PermissionEngine, StoreChange } from '@mcp-consent/engine';
import {
  migrate,
  postgresGrantStore,
  type PostgresGrantStore,
  type TenantScope,
} from '@mcp-consent/postgres';
import { callOf, scriptedUser, setup, tools } from '../../engine/test/helpers.js';
import { createDatabase, poolOn } from './databases.js';

/**
 * Several host instances on one PostgreSQL database, each with its own pool and an engine per
 * user it serves: what one instance's user answers or revokes reaches the others through
 * NOTIFY, and never another user's or workspace's lookups (T8).
 */
let database: Awaited<ReturnType<typeof createDatabase>>;
const pools: pg.Pool[] = [];
const engines: PermissionEngine[] = [];
const stores: PostgresGrantStore[] = [];

beforeAll(async () => {
  database = await createDatabase();
  const admin = poolOn(database.url);
  await migrate(admin);
  await admin.end();
});
afterEach(async () => {
  for (const engine of engines.splice(0)) engine.dispose();
  for (const store of stores.splice(0)) store.close();
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});
afterAll(async () => {
  await database?.drop();
});

/** A host instance: a pool of its own. */
function instance(url = database.url): pg.Pool {
  const pool = poolOn(url);
  pools.push(pool);
  return pool;
}

/** An engine for one user (and workspace) on an instance. */
async function engineFor(db: pg.Pool, scope: TenantScope) {
  const store = postgresGrantStore({ db, scope });
  stores.push(store);
  const made = await setup({ store });
  engines.push(made.engine);
  return { ...made, store };
}

const until = (condition: () => boolean) =>
  vi.waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 10_000, interval: 1 },
  );

const alice = { userId: 'alice', workspaceId: 'ws-1' };
const call = callOf(tools.notesPut, alice);

describe('two engines on one PostgreSQL database', () => {
  it('Allow always on A is a cache hit on B after the NOTIFY; a revoke on A makes B ask on its next call', async () => {
    const a = await engineFor(instance(), alice);
    const b = await engineFor(instance(), alice);
    expect(b.engine.lookup(call).status).toBe('prompt');

    const answered = await a.engine.request(call, scriptedUser('allow_always'));
    expect(answered.allowed).toBe(true);
    await until(() => b.engine.lookup(call).status === 'allow');
    const quiet = scriptedUser();
    const hit = await b.engine.request(call, quiet);
    expect(hit).toMatchObject({ allowed: true, settledBy: 'grant', origin: 'cache_hit' });
    expect(quiet.shown).toHaveLength(0);

    const revokedAt = performance.now();
    await a.engine.revoke(a.engine.grants()[0]!);
    await until(() => b.engine.lookup(call).status === 'prompt');
    const delay = performance.now() - revokedAt;
    console.log(`[postgres] revoke on A reached B's cache in ${delay.toFixed(1)} ms`);
    const asked = scriptedUser('deny_once');
    const next = await b.engine.request(call, asked);
    expect(asked.shown).toHaveLength(1);
    expect(next.allowed).toBe(false);
  });

  it("user X's grant never answers user Y or X in workspace Z, on any instance (T8)", async () => {
    const [one, two] = [instance(), instance()];
    const x = await engineFor(one, { userId: 'x', workspaceId: 'w' });
    const y = await engineFor(two, { userId: 'y' });
    const xInZ = await engineFor(two, { userId: 'x', workspaceId: 'z' });
    const xAnywhere = await engineFor(two, { userId: 'x' });
    const heardByY: StoreChange[] = [];
    const heardByZ: StoreChange[] = [];
    y.store.subscribe((change) => heardByY.push(change));
    xInZ.store.subscribe((change) => heardByZ.push(change));

    const xCall = callOf(tools.notesPut, { userId: 'x', workspaceId: 'w' });
    await x.engine.request(xCall, scriptedUser('allow_always'));
    // X's other instance (serving all of X's workspaces) hears it: the NOTIFY went out.
    await until(() => xAnywhere.engine.lookup(xCall).status === 'allow');

    for (const other of [
      { engine: y.engine, call: callOf(tools.notesPut, { userId: 'y', workspaceId: 'w' }) },
      { engine: xInZ.engine, call: callOf(tools.notesPut, { userId: 'x', workspaceId: 'z' }) },
    ]) {
      expect(other.engine.lookup(other.call).status).toBe('prompt');
      const user = scriptedUser('deny_once');
      expect((await other.engine.request(other.call, user)).allowed).toBe(false);
      expect(user.shown).toHaveLength(1);
      // Asked for X's own call, these engines hold nothing either.
      expect(other.engine.lookup(xCall).status).toBe('prompt');
      expect(other.engine.grants()).toEqual([]);
    }
    expect(await y.store.load()).toEqual([]);
    expect(await xInZ.store.load()).toEqual([]);
    expect(heardByY).toEqual([]);
    expect(heardByZ).toEqual([]);

    // A store refuses to write or revoke outside its tenant: Y cannot touch X's grant.
    const xGrant = x.engine.grants()[0]!;
    await expect(y.store.put({ ...xGrant, grantedAt: new Date().toISOString() })).rejects.toThrow(
      /another tenant/,
    );
    await expect(y.store.delete(xGrant.key, undefined, new Date().toISOString())).rejects.toThrow(
      /another tenant/,
    );
    await expect(y.store.clear(new Date().toISOString())).resolves.toBeUndefined();
    expect((await xAnywhere.store.load()).map((grant) => grant.key)).toEqual([xGrant.key]);
  });

  it('with the database down at start, lookups say prompt and calls ask, never allow', async () => {
    const a = await engineFor(instance(), alice);
    await a.engine.request(call, scriptedUser('allow_always'));

    // Nothing listens on this port: the instance cannot reach its database.
    const down = instance(database.url.replace(/:\d+\//, ':1/'));
    const b = await engineFor(down, alice);
    await expect(b.engine.ready).rejects.toThrow(/could not|cannot/);
    expect(b.engine.lookup(call).status).toBe('prompt');
    const user = scriptedUser('deny_once');
    const result = await b.engine.request(call, user);
    expect(user.shown).toHaveLength(1);
    expect(result.allowed).toBe(false);
  });
});
