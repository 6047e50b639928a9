import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrate, postgresGrantStore } from '@mcp-consent/postgres';
import { CONFORMANCE_SCOPE, storeConformance } from '../../engine/test/store-conformance.js';
import { createDatabase, plantMalformed, poolOn } from './databases.js';

// A real PostgreSQL server (postgres-server.ts). Each handle is a host instance with a pool of
// its own, and its own LISTEN connection.
let database: Awaited<ReturnType<typeof createDatabase>>;
let admin: pg.Pool;
beforeAll(async () => {
  database = await createDatabase();
  admin = poolOn(database.url);
  await migrate(admin);
});
afterAll(async () => {
  await admin?.end();
  await database?.drop();
});

storeConformance(
  'postgresGrantStore on PostgreSQL',
  async () => {
    await admin.query('TRUNCATE mcp_consent_grants, mcp_consent_clears, mcp_consent_pins');
    const warnings: string[] = [];
    const pools = [poolOn(database.url), poolOn(database.url)];
    const [a, b] = pools.map((db) =>
      postgresGrantStore({ db, scope: CONFORMANCE_SCOPE, warn: (text) => warnings.push(text) }),
    );
    return {
      a: a!,
      b: b!,
      corrupt: (key) => plantMalformed(admin, key, { decision: 'maybe' }),
      reported: () => warnings,
      dispose: async () => {
        await Promise.all(pools.map((pool) => pool.end()));
      },
    };
  },
  { hears: true, closes: true, skipsMalformed: true },
);
