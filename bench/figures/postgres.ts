/**
 * Many users on PostgreSQL (issue 20): a real server started like the postgres tests start it,
 * a fresh migrated database seeded with 10 users × 10 000 grants, and three figures against
 * their own baselines: one user's sync (and the same on PGlite), the revoke-to-everywhere
 * delay across two instances, and audit inserts with decisions not blocked.
 */
import type pg from 'pg';
import { freshDatabase, freshPglite, poolOn, seedGrants, startPostgres } from '../lib/postgres.js';
import type { BenchPostgres } from '../lib/postgres.js';
import type { Figure, Row, Unit } from '../lib/types.js';
import { auditRowsOf } from './postgres-audit.js';
import { revokeRow } from './postgres-revoke.js';
import { PER_USER, POSTGRES_FIGURE, USERS, syncRow } from './postgres-sync.js';

const PG_LIMIT =
  'Limit: the query and the driver, then the machine. A load selects one stored text column per ' +
  "grant row (load_text, migration 5: ~12 ms for 10 000 rows, the driver's parsing included); " +
  'the engine indexes each row by its key and scope, cut out of the text, and builds a grant ' +
  'the first time it is needed (~10 ms of JS for 10 000 rows). What moves the p95 is garbage ' +
  "collection of the previous rounds' grants (each round lists all 10 000, which builds them) " +
  'and the server. bench/profile/postgres-sync.ts splits it.';
const PGLITE_LIMIT =
  'Limit: PGlite hands the rows over slowly: one text field per row takes it most of the sync ' +
  '(its raw SELECT of the same rows as 13 columns, the baseline, takes ~200–300 ms: WASM hands ' +
  "JS one value per field); the engine's part is the same ~10 ms as on PostgreSQL.";

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A row that could not be measured, saying why. */
const failed = (subject: string, unit: Unit, why: string): Row => ({
  figure: POSTGRES_FIGURE,
  subject,
  value: null,
  unit,
  status: 'error',
  note: why,
});

const SUBJECTS: [string, Unit][] = [
  ['sync 10 000 grants of one user, PostgreSQL 15 (node-postgres)', 'ms'],
  ['revoke on A → B asks (two instances)', 'ms'],
  ['postgresAuditSink: decisions while every one is audited', 'ops/s'],
];

export const postgresFigure: Figure = {
  id: 'postgres',
  title: POSTGRES_FIGURE,
  async run(ctx) {
    ctx.log('postgres: starting a PostgreSQL server (as npm test does)');
    let server: BenchPostgres | undefined;
    let why = '';
    try {
      server = await startPostgres();
    } catch (error) {
      why = `no PostgreSQL server: ${describe(error)}`;
    }
    const rows: Row[] = [];
    const pools: pg.Pool[] = [];
    try {
      if (server) {
        const url = await freshDatabase(server.url, `mcp_consent_bench_${process.pid}`);
        const pool = poolOn(url);
        const [poolA, poolB] = [poolOn(url), poolOn(url)];
        pools.push(pool, poolA, poolB);
        ctx.log(`postgres: seeding ${USERS} users × ${PER_USER} grants`);
        await seedGrants(pool, USERS, PER_USER);
        ctx.log('postgres: sync');
        rows.push(
          await attempt(SUBJECTS[0]!, () =>
            syncRow(ctx, pool, 'PostgreSQL 15 (node-postgres)', 'raw SELECT of the rows', PG_LIMIT),
          ),
        );
        // The same sync on sessions without JIT: shows what the server's JIT compilation of the
        // store's load query costs (a diagnostic, not a setting the store asks hosts for).
        const noJit = poolOn(url, '-c jit=off');
        pools.push(noJit);
        rows.push(
          await attempt(SUBJECTS[0]!, async () => ({
            ...(await syncRow(
              ctx,
              noJit,
              'PostgreSQL 15, sessions with jit = off',
              'raw SELECT of the rows',
              PG_LIMIT,
            )),
            goal: 'diagnostic',
            status: 'info',
          })),
        );
        ctx.log('postgres: revoke delay across two instances');
        rows.push(await attempt(SUBJECTS[1]!, () => revokeRow(ctx, poolA, poolB)));
        ctx.log('postgres: audit sink');
        rows.push(...(await attemptMany(SUBJECTS[2]!, () => auditRowsOf(ctx, pool))));
      } else {
        rows.push(...SUBJECTS.map(([subject, unit]) => failed(subject, unit, why)));
      }
      ctx.log('postgres: PGlite sync');
      rows.splice(
        server ? 2 : 0,
        0,
        await attempt(['sync 10 000 grants of one user, PGlite (in-process)', 'ms'], async () => {
          const db = await freshPglite(server?.pgliteTemplate);
          try {
            await seedGrants(db, USERS, PER_USER);
            return await syncRow(
              ctx,
              db,
              'PGlite (in-process)',
              'raw SELECT of the rows',
              PGLITE_LIMIT,
            );
          } finally {
            await db.close();
          }
        }),
      );
    } finally {
      await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
      await server?.stop().catch(() => undefined);
    }
    return rows;
  },
};

async function attempt([subject, unit]: [string, Unit], measure: () => Promise<Row>): Promise<Row> {
  return (await attemptMany([subject, unit], async () => [await measure()]))[0]!;
}

async function attemptMany(
  [subject, unit]: [string, Unit],
  measure: () => Promise<Row[]>,
): Promise<Row[]> {
  try {
    return await measure();
  } catch (error) {
    console.error(error);
    return [failed(subject, unit, describe(error))];
  }
}
