/**
 * PostgreSQL for the "Many users" figure: a real server started the way the postgres tests
 * start it (their global setup, `packages/postgres/test/postgres-server.ts`, imported as is:
 * Debian's PostgreSQL on a temporary data directory and a free port, run as the `postgres`
 * user when we are root), fresh databases in it, and grants seeded in bulk.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { grantKey, grantOrder, type Grant, type ToolCall } from '@mcp-consent/engine';
import { migrate, type Queryable } from '@mcp-consent/postgres';
import startTestServer from '../../packages/postgres/test/postgres-server.js';
import { benchTools, GRANTED_MS, liveGrant } from './grants.js';

export interface BenchPostgres {
  /** postgres://… of the server's `postgres` database. */
  url: string;
  /** A PGlite data directory (tar) made by the same setup, loaded instead of a WASM initdb. */
  pgliteTemplate: string;
  stop(): Promise<void>;
}

/** Starts the server like `npm test` does; rejects with the setup's message when it cannot. */
export async function startPostgres(): Promise<BenchPostgres> {
  const provided: Record<string, string> = {};
  // The setup only calls `provide` on its vitest project.
  const project = {
    provide: (key: string, value: string) => void (provided[key] = value),
  } as unknown as TestProject;
  const stop = await startTestServer(project);
  return {
    url: provided.postgresUrl!,
    pgliteTemplate: provided.pgliteTemplate!,
    stop: async () => void (await stop()),
  };
}

/** A new, migrated database on the server; its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = poolOn(url.href);
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  return url.href;
}

/**
 * A pool as a host instance has one (its idle connections never hold the bench open);
 * `options` are server settings for its sessions, e.g. `-c jit=off`.
 */
export const poolOn = (url: string, options?: string) =>
  new pg.Pool({
    connectionString: url,
    max: 4,
    allowExitOnIdle: true,
    ...(options && { options }),
  });

/** A fresh, migrated PGlite from the setup's template (or a new one when there is none). */
export async function freshPglite(template: string | undefined): Promise<PGlite> {
  const db = template
    ? await PGlite.create({ loadDataDir: new Blob([await readFile(template)]) })
    : await PGlite.create();
  await migrate(db);
  return db;
}

/** Users of the seeded tables: `user-0` … */
export const userId = (u: number) => `user-${u}`;
const WORKSPACE = 'workspace-1';

/** The scope of grant `i` of a user: ten tools on each of `i / 10` servers, unique per i. */
function scopeOf(user: string, i: number) {
  return {
    userId: user,
    workspaceId: WORKSPACE,
    serverId: `server-${Math.floor(i / benchTools.length)}`,
    toolName: benchTools[i % benchTools.length]!.name,
  };
}

/** Allow-always grant `i` of `user`, pinned to its tool, live for 30 days. */
export const userGrant = (user: string, i: number): Grant =>
  liveGrant(scopeOf(user, i), i % benchTools.length);

/** The call grant `i` of `user` allows. */
export function userCall(user: string, i: number): ToolCall {
  const scope = scopeOf(user, i);
  return {
    userId: user,
    workspaceId: WORKSPACE,
    server: { id: scope.serverId },
    tool: benchTools[i % benchTools.length]!,
    args: { id: `r${i}` },
  };
}

/** The store key of grant `i` of `user`. */
export const userKey = (user: string, i: number) => grantKey(scopeOf(user, i));

/** Rows of the JSON array $1 of `{ g: grant, o: grantOrder, ms: granted ms }`, with their pins. */
const SEED = `
WITH e AS (SELECT jsonb_array_elements($1::jsonb) AS e),
pins AS (
  INSERT INTO mcp_consent_pins (user_id, pin_hash, pin)
  SELECT DISTINCT e->'g'->>'userId', e->'g'->'pin'->>'hash', e->'g'->'pin' FROM e
  ON CONFLICT DO NOTHING)
INSERT INTO mcp_consent_grants
  (user_id, workspace_id, server_id, tool_name, args_hash, grant_key, grant_order, granted_ms,
   decision, granted_at, expires_at, granted_by, risk_tier, pin_hash)
SELECT e->'g'->>'userId', e->'g'->>'workspaceId', e->'g'->>'serverId', e->'g'->>'toolName', '',
  e->'g'->>'key', e->>'o', (e->>'ms')::float8, e->'g'->>'decision', e->'g'->>'grantedAt',
  e->'g'->>'expiresAt', e->'g'->>'grantedBy', e->'g'->>'riskTier', e->'g'->'pin'->>'hash'
FROM e`;

/**
 * The columns of a user's grants ($1), read raw: what the database and the driver cost before
 * the store does anything (the baseline of the sync row).
 */
export const RAW_SELECT = `
SELECT grant_key, workspace_id, server_id, tool_name, args_hash, decision, granted_at,
  expires_at, granted_by, risk_tier, pin_hash, grain, revoked_at
FROM mcp_consent_grants WHERE user_id = $1`;

/**
 * `perUser` grants for each of `users` users, written in bulk with the columns the store
 * writes (the store's own put would take a round trip per grant).
 */
export async function seedGrants(db: Queryable, users: number, perUser: number): Promise<void> {
  const batch = 5_000;
  for (let u = 0; u < users; u += 1) {
    for (let from = 0; from < perUser; from += batch) {
      const rows: string[] = [];
      for (let i = from; i < Math.min(perUser, from + batch); i += 1) {
        const g = userGrant(userId(u), i);
        rows.push(JSON.stringify({ g, o: grantOrder(g), ms: GRANTED_MS }));
      }
      await db.query(SEED, [`[${rows.join(',')}]`]);
    }
  }
  // As a table in use is: vacuumed (else autovacuum starts on the fresh rows mid-measurement,
  // and a read in the middle of it took ~90 ms instead of ~30) and analyzed.
  await db.query('VACUUM ANALYZE mcp_consent_grants');
}
