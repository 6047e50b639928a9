/**
 * PostgreSQL storage for @mcp-consent/engine: a grant store shared by every instance of a
 * host, on node-postgres or PGlite, with its versioned migrations.
 */
export { postgresGrantStore, type PostgresGrantStore, type PostgresStoreOptions } from './store.js';
export {
  auditHistory,
  DEFAULT_AUDIT_MAX_AGE_MS,
  postgresAuditSink,
  pruneAudit,
  type AuditHistoryQuery,
  type AuditRetention,
  type PostgresAuditSink,
  type PostgresAuditSinkOptions,
} from './audit.js';
export {
  postgresApprovals,
  type ApprovalState,
  type EnqueueOptions,
  type PendingApproval,
  type PostgresApprovals,
  type PostgresApprovalsOptions,
  type ResolveResult,
} from './approvals.js';
export {
  DEFAULT_APPROVALS_MAX_AGE_MS,
  pruneApprovals,
  type ApprovalsRetention,
} from './approvals-prune.js';
export { ARGS_PREVIEW_MAX, type ApprovalSummary } from './approval-summary.js';
export {
  migrate,
  schemaVersion,
  SchemaTooNewError,
  type MigrateOptions,
  type MigrateResult,
} from './migrate.js';
export { MIGRATIONS, SCHEMA_VERSION, CHANNEL, type Migration } from './schema.js';
export { parseGrantKey, type KeyColumns, type TenantScope } from './keys.js';
export type { Queryable } from './db.js';
export {
  notificationsOf,
  pgNotifications,
  pgliteNotifications,
  type NotificationListener,
  type Notifications,
  type PgNotificationsOptions,
} from './notifications.js';
