import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  grantKey,
  pinTool,
  type EngineEvent,
  type Grant,
  type StoreChange,
} from '@mcp-consent/engine';
import {
  CHANNEL,
  migrate,
  pgNotifications,
  postgresGrantStore,
  type PostgresGrantStore,
} from '@mcp-consent/postgres';
import * as statements from '../src/statements.js';
import { callOf, setup } from '../../engine/test/helpers.js';
import { createDatabase, pglite, plantMalformed, poolOn } from './databases.js';

const at = (ms: number) => new Date(Date.parse('2025-06-01T10:00:00.000Z') + ms).toISOString();

function grant(userId: string, workspaceId: string, toolName: string, ms = 0): Grant {
  const scope = { userId, workspaceId, serverId: 'files', toolName };
  return {
    key: grantKey(scope),
    ...scope,
    decision: 'allow',
    grantedAt: at(ms),
    expiresAt: null,
    grantedBy: userId,
    riskTier: 'low',
  };
}

/** `g` pinned to a definition of its tool, as the engine pins an allow grant. */
function pinned(g: Grant): Grant {
  const pin = pinTool({ name: g.toolName, inputSchema: { type: 'object' } });
  if (!pin) throw new Error('cannot pin');
  return { ...g, pin };
}

const until = (condition: () => boolean) =>
  vi.waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 10_000, interval: 2 },
  );

describe('tenant isolation in SQL', () => {
  it('every statement the store runs on grants names the user ($1) in its WHERE or its row', () => {
    const { selectState, SELECT_VERSION, ...named } = statements;
    expect(statements.GRANT_COLUMNS).toContain('decision');
    const texts = {
      ...named,
      selectAll: selectState(false),
      selectKey: selectState(true),
      selectAllJson: selectState(false, true),
    };
    for (const [name, text] of Object.entries(texts)) {
      if (typeof text !== 'string' || !/^\s*(WITH|INSERT|UPDATE|DELETE|SELECT)\b/.test(text))
        continue;
      // Reads and deletes filter by the user; upserts write the user's row ($1 is user_id).
      const scoped =
        /user_id = \$1\b/.test(text) ||
        (/\(user_id,/.test(text) && /(VALUES \(|SELECT )\$1,/.test(text));
      expect(scoped, name).toBe(true);
    }
    expect(SELECT_VERSION).not.toMatch(/mcp_consent_grants|mcp_consent_clears/);
  });
});

describe('postgresGrantStore on PGlite', () => {
  let db: PGlite;
  const stores: PostgresGrantStore[] = [];
  beforeAll(async () => {
    db = await pglite();
  });
  afterEach(async () => {
    stores.splice(0).forEach((store) => store.close());
    await db.query('TRUNCATE mcp_consent_grants, mcp_consent_clears, mcp_consent_pins');
  });
  afterAll(async () => {
    await db?.close();
  });
  const open = (scope: { userId: string; workspaceId?: string }, warn?: (text: string) => void) => {
    const store = postgresGrantStore({ db, scope, ...(warn && { warn }) });
    stores.push(store);
    return store;
  };

  it('skips a row whose columns do not make a grant of its key, and reports it', async () => {
    const warnings: string[] = [];
    const store = open({ userId: 'alice' }, (text) => warnings.push(text));
    const good = grant('alice', 'w', 'read');
    await store.put(good);
    const [moved, unpinned, untimed, forever] = ['moved', 'unpinned', 'untimed', 'forever'].map(
      (tool) => grant('alice', 'w', tool).key,
    );
    // A row of tool "moved" whose key says "other"; a pin that is not in the pins table; a
    // grant time that is not a time; an expiry of empty text, which is not NULL ("never").
    await plantMalformed(db, moved!, { grant_key: grant('alice', 'w', 'other').key });
    await plantMalformed(db, unpinned!, { decision: 'allow', pin_hash: 'f'.repeat(64) });
    await plantMalformed(db, untimed!, { granted_at: 'yesterday' });
    await plantMalformed(db, forever!, { expires_at: '' });
    expect(await store.load()).toEqual([good]);
    expect([...store.corruptKeys].sort()).toEqual(
      [grant('alice', 'w', 'other').key, unpinned, untimed, forever].sort(),
    );
    expect(warnings.join('\n')).toMatch(/skipped 4 malformed row\(s\)/);
    // Nothing was deleted.
    const { rows } = await db.query('SELECT count(*)::int AS n FROM mcp_consent_grants');
    expect(rows).toEqual([{ n: 5 }]);
  });

  it("an engine's load builds each grant when it is needed; a malformed row asks, is reported, and the rest answer", async () => {
    const warnings: string[] = [];
    const store = open({ userId: 'alice' }, (text) => warnings.push(text));
    // More rows than the store builds per turn in the background, each a Deny always.
    await db.query(
      `INSERT INTO mcp_consent_grants (user_id, workspace_id, server_id, tool_name, args_hash,
         grant_key, grant_order, granted_ms, decision, granted_at, expires_at, granted_by,
         risk_tier)
       SELECT 'alice', 'w', 'files', 't' || i, '', 'mcp_permission:alice:w:files:t' || i, '0',
         0, 'deny', '2026-01-01T00:00:00.000Z', NULL, 'alice', 'low'
       FROM generate_series(0, 2499) AS i`,
    );
    const broken = grant('alice', 'w', 'broken').key;
    await plantMalformed(db, broken, { granted_at: 'yesterday' });
    const { engine } = await setup({ store });
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    const callTo = (name: string) =>
      callOf({ name }, { userId: 'alice', workspaceId: 'w', server: { id: 'files' } });

    expect(engine.lookup(callTo('t1234'))).toMatchObject({ status: 'deny', reason: 'grant_deny' });
    expect(engine.lookup(callTo('broken'))).toMatchObject({ status: 'prompt', reason: 'no_grant' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'invalid', count: 1 }));
    // The rest is built in the background; then the store names what it skipped.
    await until(() => warnings.length > 0);
    expect(warnings).toEqual([expect.stringMatching(/skipped 1 malformed row\(s\)/)]);
    expect(store.corruptKeys).toEqual([broken]);
    expect(engine.grants()).toHaveLength(2500);
    expect(engine.lookup(callTo('t2499')).status).toBe('deny');
  });

  it('a warning names the first five skipped keys, however many rows were skipped', async () => {
    const warnings: string[] = [];
    const store = open({ userId: 'alice' }, (text) => warnings.push(text));
    const keys = Array.from({ length: 12 }, (_, i) => grant('alice', 'w', `t${i}`).key);
    for (const key of keys) await plantMalformed(db, key, { granted_at: 'yesterday' });
    expect(await store.load()).toEqual([]);
    expect(store.corruptKeys).toHaveLength(12);
    expect(warnings).toHaveLength(1);
    const named = keys.filter((key) => warnings[0]!.includes(JSON.stringify(key)));
    expect(named).toHaveLength(5);
    expect(warnings[0]).toMatch(
      /skipped 12 malformed row\(s\) .*and 7 more: corruptKeys lists them all/,
    );
  });

  it('loads ids holding the field separator, quotes or a newline exactly as written', async () => {
    const store = open({ userId: 'alice' });
    // Ids are the host's and the server's text: U+001F (which the load joins fields with), a
    // quote, a backslash and a newline are loaded as they were written, not split or cut.
    const odd = pinned({ ...grant('alice', 'w\x1fx', 'tool\x1f"\\\n'), grantedBy: 'a\x1fb' });
    const oddGrant = { ...odd, key: grantKey(odd) };
    const plain = grant('alice', 'w', 'read');
    await store.put(oddGrant);
    await store.put(plain);
    const reader = open({ userId: 'alice' });
    const loaded = await reader.loadState();
    const byKey = (a: Grant, b: Grant) => a.key.localeCompare(b.key);
    expect(loaded.grants.sort(byKey)).toEqual([oddGrant, plain].sort(byKey));
    expect(reader.corruptKeys).toEqual([]);
  });

  it('a tool name holding the row separator forges no row: the load is read row by row', async () => {
    // PGlite's load is one value, its rows joined by U+001E. A tool name that, split there,
    // leaves a row of 15 fields before the separator and, after it, the start of a row for
    // another tool in another workspace, which the rest of the real row completes: an allow
    // pinned to that tool's definition (its pin is stored: the user allowed it in w2).
    const definition = {
      name: 'read_all',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    };
    const pin = pinTool(definition)!;
    const elsewhere = { ...grant('alice', 'w2', 'read_all'), pin };
    const victim = grant('alice', 'w', 'read_all');
    const toolName = `x${'\x1f'.repeat(10)}\x1eg\x1f${victim.key}\x1fw\x1ffiles\x1fread_all`;
    const lure = { ...grant('alice', 'w', toolName), pin };
    const store = open({ userId: 'alice' });
    await store.put(elsewhere);
    await store.put({ ...lure, key: grantKey(lure) });
    const reader = open({ userId: 'alice' });
    const { engine } = await setup({ store: reader });
    const victimCall = callOf(definition, {
      userId: 'alice',
      workspaceId: 'w',
      server: { id: 'files' },
    });
    expect(engine.lookup(victimCall).status).toBe('prompt');
    const held = engine.grants().map((grant) => `${grant.workspaceId} ${grant.toolName}`);
    expect(held.sort()).toEqual([`w ${toolName}`, 'w2 read_all']);
    expect(reader.corruptKeys).toEqual([]);
  });

  it('announces the key, never the grant, and only to the stores of its tenant', async () => {
    const payloads: string[] = [];
    const unlisten = await db.listen(CHANNEL, (payload) => payloads.push(payload));
    const alice = open({ userId: 'alice' });
    const bob = open({ userId: 'bob' });
    const heardByBob: StoreChange[] = [];
    bob.subscribe((change) => heardByBob.push(change));
    await bob.load();
    const secret = grant('alice', 'w', 'read');
    await alice.put(secret);
    await until(() => payloads.length > 0);
    expect(payloads.map((text) => JSON.parse(text))).toEqual([{ key: secret.key }]);
    await alice.clear(at(1));
    await until(() => payloads.length > 1);
    expect(JSON.parse(payloads[1]!)).toEqual({ clear: 'alice', workspace: null });
    expect(heardByBob).toEqual([]);
    await unlisten();
  });

  it("a workspace's clear voids that workspace only; the user's clear voids them all", async () => {
    const user = open({ userId: 'u' });
    const inW1 = open({ userId: 'u', workspaceId: 'w1' });
    const heard: StoreChange[] = [];
    user.subscribe((change) => heard.push(change));
    await user.load();
    await user.put(grant('u', 'w1', 'a', 1_000));
    await user.put(grant('u', 'w2', 'a', 1_000));
    await inW1.clear(at(2_000));
    expect((await user.load()).map((g) => g.workspaceId)).toEqual(['w2']);
    expect(await inW1.loadState()).toEqual({ grants: [], revocations: [], clearedAt: at(2_000) });
    // An older answer arriving late stays out of w1, a newer one comes in.
    await user.put(grant('u', 'w1', 'a', 1_500));
    await user.put(grant('u', 'w1', 'b', 2_500));
    expect((await inW1.load()).map((g) => g.toolName)).toEqual(['b']);
    await inW1.clear(at(3_000));
    await user.clear(at(4_000));
    expect(await user.loadState()).toEqual({ grants: [], revocations: [], clearedAt: at(4_000) });
    expect(await inW1.loadState()).toEqual({ grants: [], revocations: [], clearedAt: at(4_000) });
  });

  it('the optional row-level security policy lets a connection see only its own user', async () => {
    const store = open({ userId: 'alice' });
    await store.put(pinned(grant('alice', 'w', 'read')));
    await open({ userId: 'bob' }).put(pinned(grant('bob', 'w', 'read')));
    await db.exec(`
      ALTER TABLE mcp_consent_grants ENABLE ROW LEVEL SECURITY;
      ALTER TABLE mcp_consent_clears ENABLE ROW LEVEL SECURITY;
      ALTER TABLE mcp_consent_pins ENABLE ROW LEVEL SECURITY;
      CREATE ROLE mcp_consent_app;
      GRANT SELECT, INSERT, UPDATE, DELETE ON mcp_consent_grants, mcp_consent_clears,
        mcp_consent_pins TO mcp_consent_app;
      GRANT SELECT ON mcp_consent_schema_version TO mcp_consent_app;`);
    try {
      await db.exec("SET ROLE mcp_consent_app; SET mcp_consent.user_id = 'bob';");
      const { rows } = await db.query('SELECT user_id FROM mcp_consent_grants');
      expect(rows).toEqual([{ user_id: 'bob' }]);
      const pins = await db.query('SELECT user_id FROM mcp_consent_pins');
      expect(pins.rows).toEqual([{ user_id: 'bob' }]);
      // The store works under the policy: bob's pinned grant is written and read back whole.
      const bobs = pinned(grant('bob', 'w', 'write', 5));
      const bob = open({ userId: 'bob' });
      await bob.put(bobs);
      expect(await bob.load()).toEqual(
        expect.arrayContaining([bobs, pinned(grant('bob', 'w', 'read'))]),
      );
      await expect(
        db.query(
          "UPDATE mcp_consent_grants SET user_id = 'bob' WHERE user_id = 'alice' RETURNING 1",
        ),
      ).resolves.toMatchObject({ rows: [] });
      await expect(
        db.query(
          `INSERT INTO mcp_consent_clears (user_id, workspace_id, whole_user, cleared_at, cleared_ms)
           VALUES ('alice', '', true, 'x', 0)`,
        ),
      ).rejects.toThrow(/row-level security/);
    } finally {
      await db.exec(`
        RESET ROLE; RESET mcp_consent.user_id;
        ALTER TABLE mcp_consent_grants DISABLE ROW LEVEL SECURITY;
        ALTER TABLE mcp_consent_clears DISABLE ROW LEVEL SECURITY;
        ALTER TABLE mcp_consent_pins DISABLE ROW LEVEL SECURITY;
        REVOKE ALL ON mcp_consent_grants, mcp_consent_clears, mcp_consent_pins,
          mcp_consent_schema_version FROM mcp_consent_app;
        DROP ROLE mcp_consent_app;`);
    }
  });
});

describe('postgresGrantStore on PostgreSQL: a lost LISTEN connection', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    database = await createDatabase();
    const admin = poolOn(database.url);
    pools.push(admin);
    await migrate(admin);
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database?.drop();
  });

  it('connects again, LISTENs again and resyncs: a change made while it was away is heard', async () => {
    const [writerPool, listenerPool, admin] = [
      poolOn(database.url),
      poolOn(database.url),
      pools[0]!,
    ];
    pools.push(writerPool, listenerPool);
    const lost: unknown[] = [];
    let reconnected = 0;
    const notifications = pgNotifications(listenerPool, {
      reconnectDelayMs: 50,
      onError: (error) => lost.push(error),
    });
    const counting = {
      listen: (listener: Parameters<typeof notifications.listen>[0]) =>
        notifications.listen({
          payload: listener.payload,
          reconnected: () => {
            reconnected += 1;
            listener.reconnected();
          },
        }),
    };
    const writer = postgresGrantStore({ db: writerPool, scope: { userId: 'u' } });
    const listener = postgresGrantStore({
      db: listenerPool,
      scope: { userId: 'u' },
      notifications: counting,
    });
    const heard: StoreChange[] = [];
    listener.subscribe((change) => heard.push(change));
    await listener.load();
    await writer.put(grant('u', 'w', 'before'));
    await until(() => heard.length === 1);

    // The server ends the LISTEN connection (a restart, a network cut, an administrator).
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()",
    );
    await until(() => lost.length > 0);
    await writer.put(grant('u', 'w', 'while-away'));
    await until(() => heard.length === 2);
    expect(heard[1]).toEqual({ type: 'put', grant: grant('u', 'w', 'while-away') });
    expect(reconnected).toBe(1);
    // And it is listening again.
    await writer.delete(grant('u', 'w', 'before').key, undefined, at(60_000));
    await until(() => heard.length === 3);
    expect(heard[2]).toMatchObject({ type: 'delete', key: grant('u', 'w', 'before').key });
    writer.close();
    listener.close();
  });
});

describe('postgresGrantStore on PostgreSQL: a pool that parses no types', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    database = await createDatabase();
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database?.drop();
  });

  it('loads the same grants, pins, revokes and clear when every value arrives as text', async () => {
    const parsing = poolOn(database.url);
    // A host's pool may keep every value as the server's text (no JSON.parse of json columns).
    const textOnly = poolOn(database.url, {
      types: { getTypeParser: () => (text: string) => text },
    });
    pools.push(parsing, textOnly);
    await migrate(parsing);
    const writer = postgresGrantStore({
      db: parsing,
      scope: { userId: 'u' },
      notifications: false,
    });
    const kept = [pinned(grant('u', 'w', 'read', 5_000)), grant('u', 'v', 'list', 6_000)];
    await writer.clear(at(1_000));
    for (const g of [...kept, pinned(grant('u', 'w', 'gone', 2_000))]) await writer.put(g);
    await writer.delete(grant('u', 'w', 'gone').key, undefined, at(3_000));
    const expected = await writer.loadState();
    expect(expected.grants).toHaveLength(2);

    const reader = postgresGrantStore({
      db: textOnly,
      scope: { userId: 'u' },
      notifications: false,
    });
    const loaded = await reader.loadState();
    const byKey = (a: Grant, b: Grant) => a.key.localeCompare(b.key);
    expect(loaded.grants.sort(byKey)).toEqual(expected.grants.sort(byKey));
    expect(loaded.clearedAt).toBe(at(1_000));
    expect(loaded.revocations).toEqual([
      { key: grant('u', 'w', 'gone').key, revokedAt: at(3_000) },
    ]);
    expect(loaded.grants).toEqual([...kept].sort(byKey));
    expect(reader.corruptKeys).toEqual([]);
    writer.close();
    reader.close();
  });
});
