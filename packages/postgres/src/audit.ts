import { StoreUnavailableError, type AuditEvent, type AuditSink } from '@mcp-consent/engine';
import { DEFAULT_AUDIT_MAX_AGE_MS } from '@mcp-consent/engine/file';
import { deleteInBatches, describe, rowsOf, type Queryable } from './db.js';

export interface PostgresAuditSinkOptions {
  /** A node-postgres `Pool` or a PGlite instance (migrated). */
  db: Queryable;
  /**
   * The most events one INSERT carries. Events that arrive while an insert is under way go out
   * together in the next one, so a burst costs a few statements, not one per event.
   * @default 500
   */
  batchSize?: number;
}

/** An audit sink on PostgreSQL, with the history a manager reads. */
export interface PostgresAuditSink extends AuditSink {
  /** Resolves once every event written so far is committed (or rejects with the failure). */
  flush(): Promise<void>;
}

const INSERT = `
INSERT INTO mcp_consent_audit (user_id, workspace_id, event_type, occurred_at, event)
SELECT e.value->>'koder_user_id', e.value->>'workspace_id', e.value->>'event_type',
  (e.value->>'timestamp')::timestamptz, e.value
FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n)
ORDER BY e.n`;

/**
 * Appends every audit event to `mcp_consent_audit` (migration 2): one row per event, the event
 * whole in `event` (jsonb), its user, workspace, kind and time in columns the history and the
 * retention query use. The table is append-only (a trigger refuses updates); only
 * `pruneAudit` deletes. `write` resolves once the INSERT of the event's batch committed and
 * rejects with `StoreUnavailableError` when it failed (or when an event of the batch had no
 * JSON form: the others are written); the engine does not wait for it to decide.
 */
export function postgresAuditSink(options: PostgresAuditSinkOptions): PostgresAuditSink {
  const { db } = options;
  const batchSize = Math.max(1, options.batchSize ?? 500);
  /** Batches waiting to be sent, oldest first; the last one takes new events until it is full. */
  const queue: Batch[] = [];
  let open: Batch | null = null;
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      if (batch === open) open = null; // being sent: new events go to a new batch
      // Serialized here, a batch at a time, not on the turn of the decision that wrote it.
      const texts: string[] = [];
      let unwritable = 0;
      for (const event of batch.events) {
        try {
          texts.push(JSON.stringify(withReadableTime(event)));
        } catch {
          unwritable += 1;
        }
      }
      try {
        if (texts.length > 0) await db.query(INSERT, [`[${texts.join(',')}]`]);
        batch.settle(
          unwritable > 0
            ? new StoreUnavailableError(
                `${unwritable} audit event(s) of a batch of ${batch.events.length} have no JSON form and were not appended; the others were.`,
              )
            : undefined,
        );
      } catch (error) {
        batch.settle(
          new StoreUnavailableError(
            `Could not append ${texts.length} audit event(s) to PostgreSQL: ${describe(error)}`,
            { cause: error },
          ),
        );
      }
    }
    running = null;
  }

  return {
    // One promise per batch, shared by its events: a decision's audit costs a queue slot.
    write(event: AuditEvent) {
      if (!open || open.events.length >= batchSize) queue.push((open = newBatch()));
      open.events.push(event);
      running ??= Promise.resolve().then(drain);
      return open.done;
    },
    async flush() {
      while (running) await running;
    },
  };
}

interface Batch {
  events: AuditEvent[];
  /** Settles once the batch's INSERT committed (or failed). */
  done: Promise<void>;
  settle(error?: unknown): void;
}

function newBatch(): Batch {
  let settle!: (error?: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  return { events: [], done, settle };
}

/** An event whose time PostgreSQL cannot read is kept, stamped with when it was written. */
function withReadableTime(event: AuditEvent): AuditEvent {
  const ms = Date.parse(event.timestamp);
  return Number.isNaN(ms) || Math.abs(ms) > 8.64e15
    ? { ...event, timestamp: new Date().toISOString() }
    : event;
}

export interface AuditHistoryQuery {
  userId: string;
  /** Only this workspace. */
  workspaceId?: string;
  /** Only events before this time (ISO 8601): the next page starts at the last event's time. */
  before?: string;
  /**
   * At most this many, newest first.
   * @default 100
   */
  limit?: number;
}

/**
 * One user's audit history for a manager, newest first: every statement is scoped to the user
 * (and workspace). Rows whose event is not an object are left out.
 */
export async function auditHistory(db: Queryable, query: AuditHistoryQuery): Promise<AuditEvent[]> {
  const limit = Math.max(1, Math.min(query.limit ?? 100, 10_000));
  const rows = await rowsOf<{ event: unknown }>(
    db,
    `SELECT event FROM mcp_consent_audit
     WHERE user_id = $1 AND ($2::text IS NULL OR workspace_id = $2)
       AND ($3::timestamptz IS NULL OR occurred_at < $3::timestamptz)
     ORDER BY occurred_at DESC, id DESC LIMIT $4`,
    [query.userId, query.workspaceId ?? null, query.before ?? null, limit],
  );
  return rows
    .map((row) => row.event)
    .filter((event): event is AuditEvent => typeof event === 'object' && event !== null);
}

/** What `pruneAudit` keeps. */
export interface AuditRetention {
  /**
   * Events older than this (by their timestamp) are deleted.
   * @default 400 days (a year and a margin; set what your retention policy says)
   */
  maxAgeMs?: number;
  /** The time to measure from (inject a clock in tests). @default Date.now() */
  now?: number;
  /**
   * Rows deleted per statement, so a large prune never holds long locks or one huge transaction.
   * @default 5000
   */
  batchSize?: number;
}

/** 400 days: the same window as the engine's JSON Lines and IndexedDB sinks. */
export { DEFAULT_AUDIT_MAX_AGE_MS };

/**
 * Deletes audit events older than the retention window, in batches of `batchSize` rows (each
 * its own statement and transaction). Call it on a schedule (daily). Resolves with how many
 * rows it deleted.
 */
export async function pruneAudit(db: Queryable, retention: AuditRetention = {}): Promise<number> {
  const cutoff = new Date(
    (retention.now ?? Date.now()) - (retention.maxAgeMs ?? DEFAULT_AUDIT_MAX_AGE_MS),
  ).toISOString();
  return deleteInBatches(
    db,
    'mcp_consent_audit',
    'occurred_at < $1::timestamptz',
    'occurred_at',
    cutoff,
    retention.batchSize ?? 5000,
  );
}
