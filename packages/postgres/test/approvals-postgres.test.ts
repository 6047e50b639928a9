import type pg from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { migrate } from '@mcp-consent/postgres';
import { approvalsSuite } from './approvals-suite.js';
import { createDatabase, poolOn } from './databases.js';

// A real PostgreSQL server (postgres-server.ts): each instance has a pool of its own, with its
// own LISTEN connection.
let database: Awaited<ReturnType<typeof createDatabase>>;
let admin: pg.Pool;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  database = await createDatabase();
  admin = poolOn(database.url);
  await migrate(admin);
});
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});
afterAll(async () => {
  await admin?.end();
  await database?.drop();
});

approvalsSuite('the approval queue on PostgreSQL', async () => {
  await admin.query(
    'TRUNCATE mcp_consent_approvals, mcp_consent_grants, mcp_consent_clears, mcp_consent_pins',
  );
  return {
    instance: () => {
      const pool = poolOn(database.url);
      pools.push(pool);
      return pool;
    },
    admin,
  };
});
