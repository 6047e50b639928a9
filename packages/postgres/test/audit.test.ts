import type { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError, type DecisionAuditEvent } from '@mcp-consent/engine';
import { auditHistory, postgresAuditSink, pruneAudit } from '@mcp-consent/postgres';
import { callOf, scriptedUser, setup, tools } from '../../engine/test/helpers.js';
import { pglite } from './databases.js';

let db: PGlite;
beforeAll(async () => {
  db = await pglite();
});
afterEach(async () => {
  await db.query('DELETE FROM mcp_consent_audit');
});
afterAll(async () => {
  await db?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-01-01T00:00:00.000Z');

function event(
  user: string,
  day: number,
  tool = 'notes_put',
  workspace = 'ws',
): DecisionAuditEvent {
  return {
    event_type: 'mcp.permission.decision',
    decision: 'ALLOW_ONCE',
    koder_user_id: user,
    workspace_id: workspace,
    server_id: 'notes',
    tool_name: tool,
    args_hash: null,
    risk_tier: 'medium',
    timestamp: new Date(START + day * DAY).toISOString(),
    origin: 'user_prompt',
  };
}

describe('postgresAuditSink', () => {
  it("records an engine's decisions; a user's history comes back newest first, only theirs", async () => {
    const audit = postgresAuditSink({ db });
    const { engine } = await setup({ audit });
    const alice = callOf(tools.notesPut, { userId: 'alice', workspaceId: 'ws-1' });
    const bob = callOf(tools.notesList, { userId: 'bob', workspaceId: 'ws-1' });
    await engine.request(alice, scriptedUser('allow_once'));
    await engine.request(bob, scriptedUser('deny_once'));
    await engine.request(alice, scriptedUser('deny_once'));
    await audit.flush();
    const history = await auditHistory(db, { userId: 'alice' });
    expect(history.map((item) => (item as DecisionAuditEvent).decision)).toEqual([
      'DENY_ONCE',
      'ALLOW_ONCE',
    ]);
    expect(history.every((item) => item.koder_user_id === 'alice')).toBe(true);
    expect(await auditHistory(db, { userId: 'bob', workspaceId: 'other' })).toEqual([]);
    engine.dispose();
  });

  it('keeps every event of a burst, in order, in a few statements', async () => {
    const audit = postgresAuditSink({ db, batchSize: 50 });
    const events = Array.from({ length: 200 }, (_, i) => event('u', 0, `t${i}`));
    await Promise.all(events.map((item) => audit.write(item)));
    const { rows } = await db.query<{ tool: string }>(
      "SELECT event->>'tool_name' AS tool FROM mcp_consent_audit ORDER BY id",
    );
    expect(rows.map((row) => row.tool)).toEqual(events.map((item) => item.tool_name));
  });

  it('is append-only: an UPDATE of a row is refused', async () => {
    await postgresAuditSink({ db }).write(event('u', 0));
    await expect(db.query("UPDATE mcp_consent_audit SET user_id = 'someone-else'")).rejects.toThrow(
      /append-only/,
    );
  });

  it('pages through a history with `before` and `limit`', async () => {
    const audit = postgresAuditSink({ db });
    await Promise.all([1, 2, 3, 4, 5].map((day) => audit.write(event('u', day, `d${day}`))));
    const first = await auditHistory(db, { userId: 'u', limit: 2 });
    expect(first.map((item) => (item as DecisionAuditEvent).tool_name)).toEqual(['d5', 'd4']);
    const next = await auditHistory(db, { userId: 'u', limit: 2, before: first[1]!.timestamp });
    expect(next.map((item) => (item as DecisionAuditEvent).tool_name)).toEqual(['d3', 'd2']);
  });

  it('a write to a database that fails rejects with StoreUnavailableError', async () => {
    const broken = { query: () => Promise.reject(new Error('connection refused')) };
    await expect(postgresAuditSink({ db: broken }).write(event('u', 0))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });

  it('a burst goes out in batches of batchSize; an event with no JSON form fails its batch, the others are written', async () => {
    const sink = postgresAuditSink({ db, batchSize: 3 });
    const writes = Array.from({ length: 6 }, (_, i) => sink.write(event('u', i, `t${i}`)));
    const unwritable = { ...event('u', 9, 'big'), args_hash: 10n } as unknown as DecisionAuditEvent;
    const failing = sink.write(unwritable);
    const alongside = sink.write(event('u', 10, 'after'));
    await Promise.all(writes);
    await expect(failing).rejects.toThrow(/1 audit event\(s\) of a batch of 2 have no JSON form/);
    await expect(alongside).rejects.toBeInstanceOf(StoreUnavailableError);
    await sink.flush();
    const tools = (await auditHistory(db, { userId: 'u', limit: 20 })).map(
      (item) => (item as DecisionAuditEvent).tool_name,
    );
    expect(tools.sort()).toEqual(['after', 't0', 't1', 't2', 't3', 't4', 't5']);
  });
});

describe('pruneAudit', () => {
  it('deletes events older than the window in batches and keeps the rest', async () => {
    const audit = postgresAuditSink({ db });
    await Promise.all(
      Array.from({ length: 25 }, (_, day) => audit.write(event(day % 2 ? 'a' : 'b', day))),
    );
    const deleted = await pruneAudit(db, {
      now: START + 30 * DAY,
      maxAgeMs: 20 * DAY,
      batchSize: 4,
    });
    expect(deleted).toBe(10); // days 0–9 are older than day 10
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM mcp_consent_audit',
    );
    expect(rows).toEqual([{ n: 15 }]);
    expect(await pruneAudit(db, { now: START + 30 * DAY, maxAgeMs: 20 * DAY })).toBe(0);
  });
});
