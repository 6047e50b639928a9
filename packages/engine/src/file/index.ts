/**
 * Node storage for @mcp-consent/engine: a grant store in one JSON file and an
 * audit sink in a JSON Lines file. The terminal host's default.
 */
export { fileStore, type FileGrantStore, type FileStoreOptions } from './file-store.js';
export { DEFAULT_AUDIT_MAX_AGE_MS } from '../audit-retention.js';
export type { GrantFile } from './file-format.js';
export {
  jsonlAuditSink,
  type JsonlAuditSink,
  type JsonlAuditSinkOptions,
} from './jsonl-audit-sink.js';
