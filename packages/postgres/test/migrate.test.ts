import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '@mcp-consent/engine';
import {
  migrate,
  postgresGrantStore,
  SCHEMA_VERSION,
  SchemaTooNewError,
  schemaVersion,
} from '@mcp-consent/postgres';
import { createDatabase, emptyPglite, poolOn } from './databases.js';

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
    expect(await migrate(db)).toEqual({ from: 0, to: SCHEMA_VERSION, applied: [1, 2, 3] });
    expect(await tables(db)).toEqual([
      'mcp_consent_approvals',
      'mcp_consent_audit',
      'mcp_consent_clears',
      'mcp_consent_grants',
      'mcp_consent_schema_version',
    ]);
    expect(await migrate(db)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION, applied: [] });
    const { rows } = await db.query('SELECT version, name FROM mcp_consent_schema_version');
    expect(rows).toEqual([
      { version: 1, name: 'grants' },
      { version: 2, name: 'audit' },
      { version: 3, name: 'approvals' },
    ]);
  });

  it('refuses a database with a newer schema and changes nothing', async () => {
    const db = await fresh();
    await migrate(db);
    await db.query("INSERT INTO mcp_consent_schema_version (version, name) VALUES (99, 'future')");
    const error = await migrate(db).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect((error as Error).message).toMatch(/version 99, newer than .* \(3\)/);
    expect(await schemaVersion(db)).toBe(99);
    // A store on it refuses too: the engine asks instead of reading rows it may misread.
    const store = postgresGrantStore({ db, scope: { userId: 'u' }, notifications: false });
    await expect(store.load()).rejects.toBeInstanceOf(SchemaTooNewError);
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
    expect(results.flatMap((result) => result.applied).sort()).toEqual([1, 2, 3]);
    expect(results.map((result) => result.to)).toEqual([3, 3, 3]);
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
    expect(first.stdout).toMatch(/migrated from version 0 to 3/);
    const missing = await run({ DATABASE_URL: '' }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringMatching(/set DATABASE_URL/) });
  });
});
