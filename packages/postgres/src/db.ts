/**
 * What the store needs of a database: one statement with parameters, resolving with its rows.
 * A node-postgres `Pool` or `Client` and a PGlite instance all fit, so PostgreSQL and PGlite
 * share one implementation.
 */
export interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** PGlite runs several statements in one call through `exec` (its `query` takes one). */
interface Executes {
  exec(text: string): Promise<unknown>;
}

/** Whether `db` is a PGlite instance (it has `listen`), which runs in-process through WASM. */
export const isPglite = (db: object): boolean =>
  typeof (db as { listen?: unknown }).listen === 'function';

/** Runs a script of several statements as one implicit transaction (the simple query protocol). */
export async function runScript(db: Queryable, script: string): Promise<void> {
  const exec = (db as Partial<Executes>).exec;
  if (typeof exec === 'function') await exec.call(db, script);
  else await db.query(script);
}

/** Rows as records, whatever the driver typed them as. */
export async function rowsOf<T>(db: Queryable, text: string, params?: unknown[]): Promise<T[]> {
  return (await db.query(text, params)).rows as T[];
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Deletes the rows of `table` that `where` (with `$1` bound to `cutoff`) selects, `batchSize`
 * per statement (each its own transaction, so a large prune never holds long locks), oldest
 * `orderBy` first. Resolves with how many it deleted.
 */
export async function deleteInBatches(
  db: Queryable,
  table: string,
  where: string,
  orderBy: string,
  cutoff: string,
  batchSize: number,
): Promise<number> {
  const limit = Math.max(1, batchSize);
  let total = 0;
  for (;;) {
    const rows = await rowsOf<{ n: number | string }>(
      db,
      `WITH gone AS (
         DELETE FROM ${table} WHERE id IN (
           SELECT id FROM ${table} WHERE ${where} ORDER BY ${orderBy} LIMIT $2)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [cutoff, limit],
    );
    const deleted = Number(rows[0]?.n ?? 0);
    total += deleted;
    if (deleted < limit) return total;
  }
}
