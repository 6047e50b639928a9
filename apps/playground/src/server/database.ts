import { PGlite } from '@electric-sql/pglite';
import type { Queryable } from '@mcp-consent/postgres';
import pg from 'pg';

/** The database the playground keeps its approval queue in (`startPlaygroundServer` migrates it). */
export interface PlaygroundDatabase {
  db: Queryable;
  /** What `start.ts` prints: the kind and where, never a password. */
  description: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server (`DATABASE_URL`); without it, PGlite in this process. */
  url?: string;
  /** Where PGlite keeps its files (`--data-dir`); without it, in memory. Ignored with `url`. */
  dataDir?: string;
}

/**
 * Opens the playground's database: a `pg` Pool on `url`, else embedded PGlite (in
 * `dataDir`, or in memory, gone when the process ends).
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<PlaygroundDatabase> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url });
    // An idle connection lost (the server restarted): the next query connects again, and the
    // queue fails closed meanwhile. Without a listener the error would end the process.
    pool.on('error', () => undefined);
    return {
      db: pool,
      description: `PostgreSQL at ${redacted(options.url)}`,
      close: () => pool.end(),
    };
  }
  const db = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
  return {
    db,
    description: options.dataDir
      ? `PGlite (embedded) in ${options.dataDir}`
      : 'PGlite (embedded), in memory: approvals are gone when the server stops',
    close: () => db.close(),
  };
}

/** A connection URL without its password (a URL that does not parse is not printed at all). */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(a DATABASE_URL that is not a URL)';
  }
}
