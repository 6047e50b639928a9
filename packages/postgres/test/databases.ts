import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { migrate, parseGrantKey, type Queryable } from '@mcp-consent/postgres';

/** A fresh in-process PostgreSQL (PGlite) from the run's template, not migrated. */
export async function emptyPglite(): Promise<PGlite> {
  const template = new Blob([await readFile(inject('pgliteTemplate'))]);
  return PGlite.create({ loadDataDir: template });
}

/** A fresh in-process PostgreSQL (PGlite), migrated. */
export async function pglite(): Promise<PGlite> {
  const db = await emptyPglite();
  await migrate(db);
  return db;
}

let counter = 0;

/**
 * A fresh database on the project's PostgreSQL server (postgres-server.ts), so test files
 * running at once never share rows; `drop` removes it once every pool on it has ended.
 */
export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  const name = `mcp_consent_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: inject('postgresUrl') });
      await client.connect();
      try {
        // A pool's end() resolves before its connections have closed. Forcing the drop at
        // once can kill a backend that has not yet read the client's goodbye, and that
        // client, no longer the pool's, throws the FATAL as an uncaught error. So wait for
        // the database's connections to go (up to 5 s), then force whatever is left.
        await vi
          .waitFor(
            async () => {
              const { rows } = await client.query<{ n: number }>(
                'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
                [name],
              );
              if (rows[0]?.n !== 0) throw new Error('the database still has connections');
            },
            { timeout: 5_000, interval: 25 },
          )
          .catch(() => undefined);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A pool on `url` whose idle connections do not hold the test process open. */
export const poolOn = (url: string, options: pg.PoolConfig = {}) =>
  new pg.Pool({ connectionString: url, max: 4, allowExitOnIdle: true, ...options });

/** The grant columns of a planted row (migration 4), each a column of `mcp_consent_grants`. */
export interface PlantedColumns {
  grant_key?: string;
  decision?: string | null;
  granted_at?: string | null;
  expires_at?: string | null;
  granted_by?: string | null;
  risk_tier?: string | null;
  pin_hash?: string | null;
}

/**
 * Puts a row for `key` whose grant is not a grant, the way a bug or a hand edit would: a
 * well-formed low-risk deny of the key, with `columns` written over it.
 */
export async function plantMalformed(
  db: Queryable,
  key: string,
  columns: PlantedColumns,
): Promise<void> {
  const scope = parseGrantKey(key);
  if (!scope) throw new Error(`not a grant key: ${key}`);
  const row = {
    grant_key: key,
    decision: 'deny',
    granted_at: '2026-01-01T00:00:00.000Z',
    expires_at: null,
    granted_by: scope.userId,
    risk_tier: 'low',
    pin_hash: null,
    ...columns,
  };
  const names = Object.keys(row);
  await db.query(
    `INSERT INTO mcp_consent_grants
       (user_id, workspace_id, server_id, tool_name, args_hash, grant_order, granted_ms, ${names.join(', ')})
     VALUES ($1, $2, $3, $4, $5, '0', 0, ${names.map((_, i) => `$${i + 6}`).join(', ')})`,
    [
      scope.userId,
      scope.workspaceId,
      scope.serverId,
      scope.toolName,
      scope.argsHash,
      ...Object.values(row),
    ],
  );
}
