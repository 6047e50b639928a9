/**
 * How long audit events are kept by default, in every sink that prunes (JSON Lines file,
 * IndexedDB, PostgreSQL's `pruneAudit`): 400 days, a year and a margin. Set what your
 * retention policy says.
 */
export const DEFAULT_AUDIT_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
