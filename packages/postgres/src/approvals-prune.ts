import { deleteInBatches, type Queryable } from './db.js';

/** What `pruneApprovals` keeps. */
export interface ApprovalsRetention {
  /**
   * Settled rows (answered, expired, aborted) are deleted once they were settled longer ago than
   * this; a row still `pending` this long after it expired (its instance died before it could
   * give up) too. The decisions themselves stay in the audit log.
   * @default 1 day
   */
  maxAgeMs?: number;
  /** The time to measure from (inject a clock in tests). @default Date.now() */
  now?: number;
  /** Rows deleted per statement. @default 5000 */
  batchSize?: number;
}

export const DEFAULT_APPROVALS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes approval rows nobody can answer any more and nobody waits on, in batches. A pending
 * row that can still be answered is never touched. Call it on a schedule (hourly or daily).
 * Resolves with how many rows it deleted.
 */
export function pruneApprovals(db: Queryable, retention: ApprovalsRetention = {}): Promise<number> {
  const cutoff = new Date(
    (retention.now ?? Date.now()) - (retention.maxAgeMs ?? DEFAULT_APPROVALS_MAX_AGE_MS),
  ).toISOString();
  return deleteInBatches(
    db,
    'mcp_consent_approvals',
    `(state <> 'pending' AND resolved_at < $1::timestamptz)
       OR (state = 'pending' AND expires_at < $1::timestamptz)`,
    'created_at',
    cutoff,
    retention.batchSize ?? 5000,
  );
}
