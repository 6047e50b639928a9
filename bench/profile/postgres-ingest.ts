/**
 * The JS side of one user's sync, without a database: the rows the store's load statement
 * returns are read once from a seeded PGlite, then replayed from memory, so `store.loadState()`
 * and `engine.ready` are timed on the store's and the engine's work alone (cut, index; and
 * split, build, check, freeze when every grant is built). Run with `--cpu-prof` for a profile:
 * `node --conditions=mcp-consent-source --import tsx bench/profile/postgres-ingest.ts 20`
 */
import { createPermissionEngine } from '@mcp-consent/engine';
import { postgresGrantStore, type Queryable } from '@mcp-consent/postgres';
import { selectState } from '../../packages/postgres/src/statements.js';
import { freshPglite, seedGrants, userId } from '../lib/postgres.js';
import { printRounds } from '../lib/stats.js';

const rounds = Number(process.argv[2] ?? 15);
const user = userId(0);
const db = await freshPglite(undefined);
await seedGrants(db, 1, 10_000);
const version = (await db.query('SELECT max(version) AS version FROM mcp_consent_schema_version'))
  .rows;
const { rows } = await db.query(selectState(false), [user, null]);
await db.close();

/** Replays the load's rows: fresh strings each time, as a driver hands them out. */
const replay: Queryable = {
  query: async (text) => ({
    rows: text.includes('mcp_consent_schema_version')
      ? version
      : rows.map((row) => ({ r: ` ${(row as { r: string }).r}`.slice(1) })),
  }),
};

const time = (what: string, work: () => Promise<unknown>) => printRounds(what, rounds, work);

const options = { db: replay, scope: { userId: user }, notifications: false } as const;
await time('store.loadState() (every grant built)', async () => {
  const store = postgresGrantStore(options);
  const { grants } = await store.loadState();
  if (grants.length !== 10_000) throw new Error(`loaded ${grants.length} grants`);
  store.close();
});
await time('store.loadState({ deferred: true }) (the rows indexed, none built)', async () => {
  const store = postgresGrantStore(options);
  const { deferred } = await store.loadState({ deferred: true });
  if (deferred?.columns.length !== 60_000) throw new Error('the load deferred other rows');
  store.close();
});
await time('engine ready', async () => {
  const store = postgresGrantStore(options);
  const engine = createPermissionEngine({ store });
  await engine.ready;
  engine.dispose();
  store.close();
});
await time('engine ready, then grants() (every grant built)', async () => {
  const store = postgresGrantStore(options);
  const engine = createPermissionEngine({ store });
  await engine.ready;
  if (engine.grants().length !== 10_000) throw new Error('the engine holds other grants');
  engine.dispose();
  store.close();
});
