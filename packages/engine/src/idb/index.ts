/**
 * Browser storage for @mcp-consent/engine: grants and audit events in
 * IndexedDB (through idb-keyval), with cross-tab change notification. The web
 * host's default.
 */
export { idbStore, type IdbGrantStore, type IdbStoreOptions } from './idb-store.js';
export { idbAuditSink, type IdbAuditSink, type IdbAuditSinkOptions } from './idb-audit-sink.js';
