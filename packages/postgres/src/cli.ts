#!/usr/bin/env node
import pg from 'pg';
import { migrate } from './migrate.js';

/**
 * `mcp-consent-postgres migrate`: brings the database at DATABASE_URL to the schema of this
 * package version. Exit code 0 when done (or nothing was due), 1 on any failure, 2 for usage.
 */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command !== 'migrate') {
    console.error('Usage: DATABASE_URL=postgres://… mcp-consent-postgres migrate');
    return 2;
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('mcp-consent-postgres: set DATABASE_URL to the database to migrate.');
    return 2;
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { from, to, applied } = await migrate(pool);
    console.log(
      applied.length === 0
        ? `mcp-consent schema is at version ${to}; nothing to do.`
        : `mcp-consent schema migrated from version ${from} to ${to} (applied ${applied.join(', ')}).`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`mcp-consent-postgres migrate failed: ${message}`);
    return 1;
  } finally {
    await pool.end().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2));
