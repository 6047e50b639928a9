/**
 * The playground's database choice: PGlite in a data directory keeps the migrated schema across
 * a restart, and a `DATABASE_URL` is never printed with its password.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, schemaVersion, SCHEMA_VERSION } from '@mcp-consent/postgres';
import { describe, expect, it } from 'vitest';
import { openDatabase, redacted } from '../src/server/database.js';

describe('the playground database', () => {
  it('PGlite in --data-dir keeps its rows across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-consent-playground-db-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      expect(first.description).toContain(dir);
      await migrate(first.db);
      await first.db.query(
        `INSERT INTO mcp_consent_approvals (id, user_id, workspace_id, server_id, tool_name, summary, state, requested_by, expires_at, resolved_at)
         VALUES ('kept', 'ana', 'acme', 's', 't', '{}', 'deny_once', 'test', now(), now())`,
      );
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      expect(await schemaVersion(second.db)).toBe(SCHEMA_VERSION);
      const rows = await second.db.query(
        "SELECT state FROM mcp_consent_approvals WHERE id = 'kept'",
      );
      expect(rows.rows).toEqual([{ state: 'deny_once' }]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('in memory by default, and says so', async () => {
    const memory = await openDatabase();
    expect(memory.description).toMatch(/in memory/);
    await memory.close();
  });

  it('never prints the password of a DATABASE_URL', () => {
    const shown = redacted('postgres://app:s3cret-pw@db.example:5432/consent');
    expect(shown).not.toContain('s3cret-pw');
    expect(shown).toContain('db.example:5432/consent');
    expect(redacted('not a url s3cret')).not.toContain('s3cret');
  });
});
