import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { approvalsSuite } from './approvals-suite.js';
import { pglite } from './databases.js';

// PGlite: several queues on one instance are several host instances on one database;
// LISTEN/NOTIFY reaches all of them inside it.
let db: PGlite;
beforeAll(async () => {
  db = await pglite();
});
afterAll(async () => {
  await db?.close();
});

approvalsSuite('the approval queue on PGlite', async () => {
  await db.query(
    'TRUNCATE mcp_consent_approvals, mcp_consent_grants, mcp_consent_clears, mcp_consent_pins',
  );
  return { instance: () => db, admin: db };
});
