import { describe, expect, it } from 'vitest';
import { pruneApprovals, type Queryable } from '@mcp-consent/postgres';
import { pglite } from './databases.js';

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 28, 12);
const at = (ms: number) => new Date(ms).toISOString();

/** A row as an instance would leave it: pending, or settled `settledAgo` before NOW. */
async function row(
  db: Queryable,
  id: string,
  state: string,
  {
    createdAgo,
    expiresIn,
    settledAgo,
  }: { createdAgo: number; expiresIn: number; settledAgo?: number },
): Promise<void> {
  await db.query(
    `INSERT INTO mcp_consent_approvals
       (id, user_id, workspace_id, server_id, tool_name, summary, state, requested_by,
        created_at, expires_at, resolved_at, resolved_by)
     VALUES ($1, 'alice', 'ws-1', 'srv', 'notes_put', '{}'::jsonb, $2, 'A', $3, $4, $5, $6)`,
    [
      id,
      state,
      at(NOW - createdAgo),
      at(NOW + expiresIn),
      settledAgo === undefined ? null : at(NOW - settledAgo),
      settledAgo === undefined ? null : 'B',
    ],
  );
}

const ids = async (db: Queryable) =>
  (await db.query('SELECT id FROM mcp_consent_approvals ORDER BY id')).rows.map(
    (r) => (r as { id: string }).id,
  );

describe('pruneApprovals', () => {
  it('deletes rows settled before the window and pending rows long expired, never one that can still be answered', async () => {
    const db = await pglite();
    await row(db, 'answered-old', 'allow_once', {
      createdAgo: 30 * HOUR,
      expiresIn: -20 * HOUR,
      settledAgo: 29 * HOUR,
    });
    await row(db, 'expired-old', 'expired', {
      createdAgo: 50 * HOUR,
      expiresIn: -40 * HOUR,
      settledAgo: 40 * HOUR,
    });
    await row(db, 'answered-new', 'deny_once', {
      createdAgo: 2 * HOUR,
      expiresIn: HOUR,
      settledAgo: HOUR,
    });
    // Its instance died before it could give up: pending, expired two days ago.
    await row(db, 'orphan', 'pending', { createdAgo: 60 * HOUR, expiresIn: -48 * HOUR });
    // Pending and answerable, however old it is.
    await row(db, 'waiting', 'pending', { createdAgo: 48 * HOUR, expiresIn: HOUR });

    expect(await pruneApprovals(db, { now: NOW, batchSize: 1 })).toBe(3);
    expect(await ids(db)).toEqual(['answered-new', 'waiting']);
    // The default window is a day: an hour-old settlement stays.
    expect(await pruneApprovals(db, { now: NOW })).toBe(0);
    expect(await pruneApprovals(db, { now: NOW, maxAgeMs: 30 * 60 * 1000 })).toBe(1);
    expect(await ids(db)).toEqual(['waiting']);
  });
});
