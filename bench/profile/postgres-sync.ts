/**
 * Where one user's sync from PostgreSQL spends its time: a raw SELECT of the rows, the store's
 * own SELECT (one text field per row), the store's `loadState()`, and the engine to ready, each timed
 * alone. Run with `--cpu-prof` for a profile:
 * `node --conditions=mcp-consent-source --import tsx --cpu-prof --cpu-prof-dir=.tmp/prof
 * bench/profile/postgres-sync.ts 10 [nojit]`
 */
import { createPermissionEngine } from '@mcp-consent/engine';
import { postgresGrantStore } from '@mcp-consent/postgres';
import {
  freshDatabase,
  poolOn,
  RAW_SELECT,
  seedGrants,
  startPostgres,
  userId,
} from '../lib/postgres.js';
import { printRounds } from '../lib/stats.js';
import { selectState } from '../../packages/postgres/src/statements.js';

const rounds = Number(process.argv[2] ?? 10);
/** `nojit` as the second argument: sessions with `jit = off`, to see the store without the JIT. */
const options = process.argv[3] === 'nojit' ? '-c jit=off' : undefined;
const server = await startPostgres();
try {
  const url = await freshDatabase(server.url, `mcp_consent_profile_${process.pid}`);
  const pool = poolOn(url, options);
  await seedGrants(pool, 10, 10_000);
  const user = userId(3);
  const time = (what: string, work: () => Promise<unknown>) => printRounds(what, rounds, work);
  await time('raw SELECT of the columns', () => pool.query(RAW_SELECT, [user]));
  await time('the store’s own SELECT (text rows)', () =>
    pool.query(selectState(false), [user, null]),
  );
  await time('store.loadState() (every grant built)', async () => {
    const store = postgresGrantStore({ db: pool, scope: { userId: user }, notifications: false });
    await store.loadState();
    store.close();
  });
  await time('store.loadState({ deferred: true })', async () => {
    const store = postgresGrantStore({ db: pool, scope: { userId: user }, notifications: false });
    await store.loadState({ deferred: true });
    store.close();
  });
  await time('engine ready (no notifications)', async () => {
    const store = postgresGrantStore({ db: pool, scope: { userId: user }, notifications: false });
    const engine = createPermissionEngine({ store });
    await engine.ready;
    engine.dispose();
    store.close();
  });
  await pool.end();
} finally {
  await server.stop();
}
