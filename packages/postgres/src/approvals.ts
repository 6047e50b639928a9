import {
  InvalidInputError,
  systemClock,
  type CancelTimer,
  type Choice,
  type Clock,
  type PromptCallback,
  type PromptRequest,
} from '@mcp-consent/engine';
import { describe, rowsOf, type Queryable } from './db.js';
import { summaryOf, storable, type ApprovalSummary } from './approval-summary.js';
import type { TenantScope } from './keys.js';
import { notificationsOf, type Notifications } from './notifications.js';
import { CHANNEL } from './schema.js';

export interface PostgresApprovalsOptions {
  /** A node-postgres `Pool` (or `Client`), or a PGlite instance, migrated. Never closed here. */
  db: Queryable;
  /** Whose approvals: every statement names this user (and workspace, when given). */
  scope: TenantScope;
  /** This instance or device, recorded as who asked (`requested_by`) and who resolved. */
  instanceId: string;
  /** Times the timeout and the re-checks. @default systemClock */
  clock?: Clock;
  /** How long a prompt waits when `enqueue` is given no `timeoutMs`. @default 600_000 (10 min) */
  timeoutMs?: number;
  /**
   * How often a waiting instance re-reads its rows, in case a NOTIFY was lost or the listener
   * is down. @default 2_000
   */
  recheckMs?: number;
  /** Where resolutions are heard. @default notificationsOf(db) */
  notifications?: Notifications | false;
  /** Told about failed reads and listener failures. @default console.warn */
  warn?: (message: string) => void;
}

export type ApprovalState = 'pending' | Choice | 'expired' | 'aborted';

/** A prompt waiting on some instance, as `listPending` gives it. */
export interface PendingApproval {
  id: string;
  workspaceId: string;
  serverId: string;
  toolName: string;
  /** Untrusted text from the server, kept as data: show it through `sanitizeText`. */
  summary: ApprovalSummary;
  /** The instance holding the call. */
  requestedBy: string;
  /** Epoch milliseconds (the database's clock). */
  createdAt: number;
  expiresAt: number;
}

export type ResolveResult =
  { ok: true } | { ok: false; reason: 'not_pending' | 'not_found' | 'not_offered' };

export interface EnqueueOptions {
  /** @default the `timeoutMs` of the queue */
  timeoutMs?: number;
  /** Aborting settles the row as `aborted` and denies. */
  signal?: AbortSignal;
  /**
   * Told the row's id once it is stored, before any answer: what an approver on another
   * device resolves, and what this caller may `resolve` itself.
   */
  onQueued?: (id: string) => void;
}

export interface PostgresApprovals {
  readonly scope: TenantScope;
  readonly instanceId: string;
  /**
   * Makes the prompt a row and resolves with the answer it is settled with: an approver's
   * choice, or Deny once when it expires, is aborted, or cannot be read when it times out.
   */
  enqueue(request: PromptRequest, options?: EnqueueOptions): Promise<Choice>;
  /** `enqueue` as an engine's `prompt` callback (the request's own signal aborts it). */
  readonly prompt: PromptCallback;
  /** The scope's pending approvals, oldest first, whichever instance holds them. */
  listPending(): Promise<PendingApproval[]>;
  /** Settles a pending approval of the scope's user with `answer`, exactly once. */
  resolve(id: string, answer: Choice): Promise<ResolveResult>;
  /** Stops listening and denies every call still waiting here (its rows become `aborted`). */
  close(): Promise<void>;
}

const CHOICES: readonly string[] = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];
const DENY: Choice = 'deny_once';

/** Scope of every statement: $1 user, $2 workspace or null. */
const SCOPED = 'user_id = $1 AND ($2::text IS NULL OR workspace_id = $2)';
const notifyId = `pg_notify('${CHANNEL}', settled.id)`;

const INSERT = `
INSERT INTO mcp_consent_approvals
  (id, user_id, workspace_id, server_id, tool_name, summary, requested_by, expires_at)
VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, now() + make_interval(secs => $8::float8 / 1000))`;

/** $1 user, $2 workspace, $3 id, $4 answer, $5 resolver: settles a pending, unexpired, offered row. */
const RESOLVE = `
WITH settled AS (
  UPDATE mcp_consent_approvals SET state = $4, resolved_at = now(), resolved_by = $5
  WHERE id = $3 AND ${SCOPED} AND state = 'pending' AND expires_at > now()
    AND summary->'answers' @> jsonb_build_array($4::text)
  RETURNING id)
SELECT ${notifyId} FROM settled`;

/** $1 user, $2 workspace, $3 id, $4 'expired' | 'aborted', $5 this instance: the holder gives up. */
const GIVE_UP = `
WITH settled AS (
  UPDATE mcp_consent_approvals SET state = $4, resolved_at = now(), resolved_by = $5
  WHERE id = $3 AND ${SCOPED} AND state = 'pending'
  RETURNING id)
SELECT ${notifyId} FROM settled`;

const STATE = `SELECT state, expires_at > now() AS live, summary->'answers' AS answers
  FROM mcp_consent_approvals WHERE id = $3 AND ${SCOPED}`;

const PENDING = `
SELECT id, workspace_id, server_id, tool_name, summary, requested_by,
  extract(epoch FROM created_at) * 1000 AS created_ms,
  extract(epoch FROM expires_at) * 1000 AS expires_ms
FROM mcp_consent_approvals
WHERE ${SCOPED} AND state = 'pending' AND expires_at > now()
ORDER BY created_at, id`;

interface Waiter {
  settle(answer: Choice): void;
  check(): Promise<void>;
}

/**
 * The approval queue of seed 004 on PostgreSQL: a prompt an engine waits on is a row of
 * `mcp_consent_approvals`; any instance or device of the same user lists it and resolves it by
 * id. Every settlement (an answer, a timeout, an abort) is one `UPDATE … WHERE state =
 * 'pending'`, so a row settles exactly once and the first writer wins. The instance holding
 * the call hears the NOTIFY (payload: the id) and re-reads the row; it also re-reads on a
 * timer, so a lost NOTIFY only delays the answer. Fails closed: anything but an approver's
 * allow ends in Deny once.
 */
export function postgresApprovals(options: PostgresApprovalsOptions): PostgresApprovals {
  const { db, instanceId } = options;
  const scope: TenantScope = { ...options.scope };
  if (typeof scope.userId !== 'string' || scope.userId === '') {
    throw new InvalidInputError(
      'options',
      'postgresApprovals needs scope.userId, a non-empty string.',
    );
  }
  if (typeof instanceId !== 'string' || instanceId === '') {
    throw new InvalidInputError(
      'options',
      'postgresApprovals needs instanceId, a non-empty string.',
    );
  }
  const clock = options.clock ?? systemClock;
  const clockTimer = clock.setTimer?.bind(clock);
  if (!clockTimer) {
    throw new InvalidInputError('options', 'postgresApprovals needs a clock with setTimer.');
  }
  const setTimer: NonNullable<Clock['setTimer']> = clockTimer;
  const defaultTimeout = options.timeoutMs ?? 600_000;
  const recheckMs = options.recheckMs ?? 2_000;
  const warn = options.warn ?? ((message: string) => console.warn(`[mcp-consent] ${message}`));
  const notifications =
    options.notifications === false ? undefined : (options.notifications ?? notificationsOf(db));
  const scopeParams = [scope.userId, scope.workspaceId ?? null];
  const waiters = new Map<string, Waiter>();
  let listening: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let closed = false;

  /** Ids on the shared channel are plain text; the grant stores' JSON payloads are not ours. */
  function heard(payload: string): void {
    void waiters.get(payload)?.check();
  }

  function listen(): Promise<void> {
    if (!notifications) return Promise.resolve();
    listening ??= notifications
      .listen({
        payload: heard,
        // Notifications were lost meanwhile: every waiting row is read again.
        reconnected: () => waiters.forEach((waiter) => void waiter.check()),
      })
      .then((stop) => {
        stopListening = stop;
        // Closed while the LISTEN was being set up: nobody is left to hear anything.
        if (closed) return stopNow();
      })
      .catch((error: unknown) => {
        listening = undefined;
        warn(`approvals of ${JSON.stringify(scope.userId)}: cannot listen: ${describe(error)}`);
      });
    return listening;
  }

  async function stopNow(): Promise<void> {
    const stop = stopListening;
    stopListening = undefined;
    await stop?.().catch(() => undefined);
  }

  async function stateOf(id: string) {
    const [row] = await rowsOf<{ state: string; live: boolean; answers: unknown }>(db, STATE, [
      ...scopeParams,
      id,
    ]);
    return row;
  }

  async function enqueue(request: PromptRequest, enqueueOptions: EnqueueOptions = {}) {
    if (closed) throw new InvalidInputError('call', 'This approval queue is closed.');
    const { call } = request;
    if (
      call.userId !== scope.userId ||
      (scope.workspaceId !== undefined && call.workspaceId !== scope.workspaceId)
    ) {
      throw new InvalidInputError('call', 'This approval queue refuses a call of another tenant.');
    }
    const timeoutMs = enqueueOptions.timeoutMs ?? defaultTimeout;
    const signal = enqueueOptions.signal;
    if (signal?.aborted) return DENY;
    await listen();
    const id = crypto.randomUUID();
    const summary = summaryOf(request);
    await db.query(INSERT, [
      id,
      scope.userId,
      storable(call.workspaceId),
      summary.serverId,
      summary.toolName,
      JSON.stringify(summary),
      instanceId,
      timeoutMs,
    ]);
    enqueueOptions.onQueued?.(id);

    return new Promise<Choice>((resolvePromise) => {
      let done = false;
      let recheck: CancelTimer | undefined;
      let checking = false;
      let again = false;

      const settle = (answer: Choice) => {
        if (done) return;
        done = true;
        waiters.delete(id);
        cancelTimeout();
        recheck?.();
        signal?.removeEventListener('abort', onAbort);
        resolvePromise(answer);
      };

      /** Reads the row: an approver's answer settles the call; expired or aborted denies. */
      const check = async (): Promise<void> => {
        if (done) return;
        // A NOTIFY heard while a read is under way may be about a change that read missed.
        if (checking) {
          again = true;
          return;
        }
        checking = true;
        again = false;
        try {
          const row = await stateOf(id);
          // No row (deleted by hand): nobody can answer it any more.
          if (!row) settle(DENY);
          else if (CHOICES.includes(row.state)) settle(row.state as Choice);
          else if (row.state !== 'pending') settle(DENY);
        } catch (error) {
          warn(`approval ${id}: could not read its state: ${describe(error)}`);
        } finally {
          checking = false;
        }
        if (again) return check();
      };

      /** Settles the row as expired or aborted; if an approver won the race, the row's answer stands. */
      const giveUp = async (state: 'expired' | 'aborted') => {
        if (done) return;
        try {
          const rows = await rowsOf(db, GIVE_UP, [...scopeParams, id, state, instanceId]);
          if (rows.length > 0) return settle(DENY);
          const row = await stateOf(id);
          // An abort means nobody waits for the call: it is denied whatever the row says.
          settle(
            state === 'expired' && row && CHOICES.includes(row.state)
              ? (row.state as Choice)
              : DENY,
          );
        } catch (error) {
          warn(`approval ${id}: could not settle it as ${state}: ${describe(error)}`);
          settle(DENY);
        }
      };

      const onAbort = () => void giveUp('aborted');
      const cancelTimeout = setTimer(() => void giveUp('expired'), timeoutMs);
      const arm = () => {
        recheck = setTimer(() => {
          void check().then(() => {
            if (!done) arm();
          });
        }, recheckMs);
      };
      waiters.set(id, { settle, check: () => (done ? Promise.resolve() : check()) });
      signal?.addEventListener('abort', onAbort, { once: true });
      arm();
      // Resolved before this instance listened, or aborted while inserting.
      if (signal?.aborted) onAbort();
      else void check();
    });
  }

  return {
    scope,
    instanceId,
    enqueue,
    prompt: (request) => enqueue(request, { signal: request.signal }),
    async listPending() {
      const rows = await rowsOf<{
        id: string;
        workspace_id: string;
        server_id: string;
        tool_name: string;
        summary: ApprovalSummary;
        requested_by: string;
        created_ms: number | string;
        expires_ms: number | string;
      }>(db, PENDING, scopeParams);
      return rows.map((row) => ({
        id: row.id,
        workspaceId: row.workspace_id,
        serverId: row.server_id,
        toolName: row.tool_name,
        summary: row.summary,
        requestedBy: row.requested_by,
        createdAt: Number(row.created_ms),
        expiresAt: Number(row.expires_ms),
      }));
    },
    async resolve(id, answer) {
      if (!CHOICES.includes(answer)) {
        throw new InvalidInputError('answer', `${JSON.stringify(answer)} is not an answer.`);
      }
      const rows = await rowsOf(db, RESOLVE, [...scopeParams, id, answer, instanceId]);
      if (rows.length > 0) {
        // Held here: no need to wait for the NOTIFY.
        void waiters.get(id)?.check();
        return { ok: true };
      }
      const row = await stateOf(id);
      if (!row) return { ok: false, reason: 'not_found' };
      const offered = Array.isArray(row.answers) && row.answers.includes(answer);
      if (row.state === 'pending' && row.live && !offered)
        return { ok: false, reason: 'not_offered' };
      return { ok: false, reason: 'not_pending' };
    },
    async close() {
      closed = true;
      const waiting = [...waiters.keys()];
      await Promise.all(
        waiting.map(async (id) => {
          await rowsOf(db, GIVE_UP, [...scopeParams, id, 'aborted', instanceId]).catch(() => []);
          waiters.get(id)?.settle(DENY);
        }),
      );
      await stopNow();
    },
  };
}
