import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  grantKey,
  grantOrder,
  pinTool,
  StoreUnavailableError,
  type Grant,
} from '@mcp-consent/engine';
import {
  migrate,
  postgresGrantStore,
  SCHEMA_VERSION,
  SchemaTooNewError,
  schemaVersion,
} from '@mcp-consent/postgres';
import { ROW_TEXT } from '../src/statements.js';
import { createDatabase, emptyPglite, plantMalformed, poolOn } from './databases.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

// One PGlite for the file (loading one takes seconds); each test migrates a schema of its own.
let pglite: PGlite;
beforeAll(async () => {
  pglite = await emptyPglite();
});
afterAll(async () => {
  await pglite?.close();
});
let schemas = 0;
async function fresh(): Promise<PGlite> {
  const schema = `fresh_${schemas++}`;
  await pglite.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema};`);
  return pglite;
}
const tables = async (db: PGlite) =>
  (
    await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables
       WHERE schemaname = current_schema() AND tablename LIKE 'mcp_consent_%' ORDER BY 1`,
    )
  ).rows.map((row) => row.name);

describe('migrate', () => {
  it('creates the tables once and records the version; a second run does nothing', async () => {
    const db = await fresh();
    expect(await schemaVersion(db)).toBe(0);
    expect(await migrate(db)).toEqual({ from: 0, to: SCHEMA_VERSION, applied: [1, 2, 3, 4, 5] });
    expect(await tables(db)).toEqual([
      'mcp_consent_approvals',
      'mcp_consent_audit',
      'mcp_consent_clears',
      'mcp_consent_grants',
      'mcp_consent_pins',
      'mcp_consent_schema_version',
    ]);
    expect(await migrate(db)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION, applied: [] });
    const { rows } = await db.query('SELECT version, name FROM mcp_consent_schema_version');
    expect(rows).toEqual([
      { version: 1, name: 'grants' },
      { version: 2, name: 'audit' },
      { version: 3, name: 'approvals' },
      { version: 4, name: 'compact grants' },
      { version: 5, name: 'load text' },
    ]);
  });

  it('refuses a database with a newer schema and changes nothing', async () => {
    const db = await fresh();
    await migrate(db);
    await db.query("INSERT INTO mcp_consent_schema_version (version, name) VALUES (99, 'future')");
    const error = await migrate(db).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect((error as Error).message).toMatch(/version 99, newer than .* \(5\)/);
    expect(await schemaVersion(db)).toBe(99);
    // A store on it refuses too: the engine asks instead of reading rows it may misread.
    const store = postgresGrantStore({ db, scope: { userId: 'u' }, notifications: false });
    await expect(store.load()).rejects.toBeInstanceOf(SchemaTooNewError);
  });

  it('migration 4 keeps the grants of a version 3 database, pins shared, misfits still skipped', async () => {
    const db = await fresh();
    await migrate(db, { to: 3 });
    expect(await schemaVersion(db)).toBe(3);
    const definition = { name: 'read', inputSchema: { type: 'object' } };
    const pin = pinTool(definition)!;
    const scope = (toolName: string) => ({
      userId: 'ana',
      workspaceId: 'w',
      serverId: 's',
      toolName,
    });
    const allow: Grant = {
      ...scope('read'),
      key: grantKey(scope('read')),
      decision: 'allow',
      grantedAt: '2026-11-01T10:00:00.000Z',
      expiresAt: '2026-12-01T10:00:00.000Z',
      grantedBy: 'ana',
      riskTier: 'medium',
      pin,
    };
    const perCall: Grant = {
      ...allow,
      toolName: 'read2',
      argsHash: 'a'.repeat(64),
      key: grantKey({ ...scope('read2'), argsHash: 'a'.repeat(64) }),
      grain: 'timed',
    };
    const deny: Grant = {
      ...scope('drop'),
      key: grantKey(scope('drop')),
      decision: 'deny',
      grantedAt: '2026-11-02T10:00:00.000Z',
      expiresAt: null,
      grantedBy: 'ana',
      riskTier: 'high',
    };
    // Version 3 kept the grant whole in grant_body; the last row's body claims another user.
    const stolen = { ...deny, userId: 'bruno' };
    const v3 = (g: Grant, body: unknown, argsHash = '') =>
      db.query(
        `INSERT INTO mcp_consent_grants (user_id, workspace_id, server_id, tool_name, args_hash,
           grant_key, grant_body, grant_order, granted_ms, decision)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)`,
        [
          g.userId,
          g.workspaceId,
          g.serverId,
          g.toolName,
          argsHash,
          g.key,
          JSON.stringify(body),
          grantOrder(g),
          Date.parse(g.grantedAt),
          g.decision,
        ],
      );
    await v3(allow, allow);
    await v3(perCall, perCall, perCall.argsHash);
    await v3(deny, deny);
    const misfit = { ...deny, toolName: 'other', key: grantKey(scope('other')) };
    await v3(misfit, stolen);

    expect(await migrate(db)).toEqual({ from: 3, to: SCHEMA_VERSION, applied: [4, 5] });
    const warnings: string[] = [];
    const store = postgresGrantStore({
      db,
      scope: { userId: 'ana' },
      notifications: false,
      warn: (text) => warnings.push(text),
    });
    const byKey = (grants: Grant[]) => [...grants].sort((a, b) => a.key.localeCompare(b.key));
    expect(byKey(await store.load())).toEqual(byKey([allow, perCall, deny]));
    expect(store.corruptKeys).toEqual([misfit.key]);
    expect(warnings.join('\n')).toMatch(/skipped 1 malformed row/);
    // One pin row for the two grants that share it.
    const pins = await db.query('SELECT user_id, pin FROM mcp_consent_pins');
    expect(pins.rows).toEqual([{ user_id: 'ana', pin }]);
  });

  it('the load text a row keeps (migration 5) is the text a load would join, NULLs and all', async () => {
    const db = await fresh();
    await migrate(db, { to: 4 });
    const row = (toolName: string, columns: Record<string, string | null>) =>
      plantMalformed(
        db,
        grantKey({ userId: 'ana', workspaceId: 'w', serverId: 's', toolName }),
        columns,
      );
    // Rows written before the migration get their text when it adds the column.
    await row('before', { decision: 'allow', expires_at: '2026-12-01T00:00:00.000Z' });
    await migrate(db);
    await row('all', {
      decision: 'allow',
      expires_at: '2026-12-01T00:00:00.000Z',
      pin_hash: 'h',
      grain: 'timed',
      revoked_at: '2026-01-02T00:00:00.000Z',
    });
    await row('none', {
      decision: null,
      granted_at: null,
      granted_by: null,
      risk_tier: null,
      revoked_at: '2026-01-02T00:00:00.000Z',
    });
    await row('odd', { decision: 'deny', granted_by: 'a\x1fb"\n', grain: '' });
    const { rows } = await db.query<{ tool: string; same: boolean }>(
      `SELECT tool_name AS tool, load_text = ${ROW_TEXT} AS same FROM mcp_consent_grants
       ORDER BY 1`,
    );
    expect(rows).toEqual(['all', 'before', 'none', 'odd'].map((tool) => ({ tool, same: true })));
  });

  it('a store on a database that was never migrated rejects and says to migrate', async () => {
    const db = await fresh();
    const store = postgresGrantStore({ db, scope: { userId: 'u' }, notifications: false });
    const error = await store.load().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toMatch(/mcp-consent-postgres migrate/);
  });

  it('two instances migrating one PostgreSQL database at once apply each migration once', async () => {
    const database = await createDatabase();
    closers.push(database.drop);
    const pools = [poolOn(database.url), poolOn(database.url), poolOn(database.url)];
    closers.push(() => Promise.all(pools.map((pool) => pool.end())));
    const results = await Promise.all(pools.map((pool) => migrate(pool)));
    expect(results.flatMap((result) => result.applied).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.to)).toEqual([
      SCHEMA_VERSION,
      SCHEMA_VERSION,
      SCHEMA_VERSION,
    ]);
  });

  it('the CLI migrates DATABASE_URL, and says so', async () => {
    const database = await createDatabase();
    closers.push(database.drop);
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const run = (env: NodeJS.ProcessEnv) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--conditions=mcp-consent-source', cli, 'migrate'],
        { env: { ...process.env, ...env } },
      );
    const first = await run({ DATABASE_URL: database.url });
    expect(first.stdout).toContain(`migrated from version 0 to ${SCHEMA_VERSION}`);
    const missing = await run({ DATABASE_URL: '' }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringMatching(/set DATABASE_URL/) });
  });
});
