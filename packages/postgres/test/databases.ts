import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
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

/** Puts a row for `key` whose grant is not a grant, the way a bug or a hand edit would. */
export async function plantMalformed(db: Queryable, key: string, body: unknown): Promise<void> {
  const columns = parseGrantKey(key);
  if (!columns) throw new Error(`not a grant key: ${key}`);
  const { userId, workspaceId, serverId, toolName, argsHash } = columns;
  await db.query(
    `INSERT INTO mcp_consent_grants
       (user_id, workspace_id, server_id, tool_name, args_hash, grant_key, grant_body, grant_order, granted_ms, decision)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, '0', 0, 'allow')`,
    [userId, workspaceId, serverId, toolName, argsHash, key, JSON.stringify(body)],
  );
}
