import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { postgresGrantStore } from '@mcp-consent/postgres';
import { CONFORMANCE_SCOPE, storeConformance } from '../../engine/test/store-conformance.js';
import { pglite, plantMalformed } from './databases.js';

// PGlite: real PostgreSQL in WASM, in this process. Two stores on one instance are two host
// instances on one database; LISTEN/NOTIFY reaches both inside it.
let db: PGlite;
beforeAll(async () => {
  db = await pglite();
});
afterAll(async () => {
  await db?.close();
});

storeConformance(
  'postgresGrantStore on PGlite',
  async () => {
    await db.query('TRUNCATE mcp_consent_grants, mcp_consent_clears, mcp_consent_pins');
    const warnings: string[] = [];
    const open = () =>
      postgresGrantStore({ db, scope: CONFORMANCE_SCOPE, warn: (text) => warnings.push(text) });
    return {
      a: open(),
      b: open(),
      corrupt: (key) => plantMalformed(db, key, { decision: 'maybe' }),
      reported: () => warnings,
    };
  },
  { hears: true, closes: true, skipsMalformed: true },
);
