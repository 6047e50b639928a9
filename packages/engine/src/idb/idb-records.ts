import { promisifyRequest, type UseStore } from 'idb-keyval';
import {
  applyChange,
  emptyStoreState,
  isGrant,
  isRevocation,
  isTime,
  type StoreChange,
  type StoreSnapshot,
  type StoreState,
} from '../store.js';
import type { Grant } from '../types.js';

/*
 * The layout of the object store. Array keys are the store's own: grant keys are strings, so
 * no grant can take one.
 *
 * - `['mcp-consent', 'cleared']`: the last clear, `{ clearedAt }`.
 * - `['mcp-consent', 'chunk', i]`, i from 0 to the chunk count − 1: the snapshot. A key's entry
 *   is in chunk `slotOf(key, count)`: its grant as JSON text with six index columns, or its
 *   revocation. See `Chunk`.
 * - A grant key: the write log. The key's whole state since the last compaction (its grant,
 *   its revocation `{ key, revokedAt }`, or `{ key }` when it has neither), which replaces its
 *   chunk entry. Databases written before chunks existed are all log; they load as before.
 *
 * A write reads the key's log record, its chunk and the clear marker and writes the log record,
 * in one readwrite transaction. A compaction reads everything and writes the chunks and deletes
 * the log records it folded, in one readwrite transaction, so it happens whole or not at all.
 */

/** Where the last clear is kept. Its record is `{ clearedAt }`. */
export const CLEARED_KEY: IDBValidKey = ['mcp-consent', 'cleared'];

/** Grants per chunk, about: a key's chunk is chosen by a hash of the key. */
const CHUNK_SIZE = 1000;

/**
 * A snapshot chunk: strings only, which IndexedDB clones much faster than objects. Grant `i`
 * is `texts[i]` (its JSON) with the columns the engine indexes it by at `columns[6i…6i+5]`
 * (key, userId, workspaceId, serverId, toolName, argsHash or ''): `DeferredGrants.columns`.
 * `revoked` holds revocations as key, revokedAt pairs.
 */
export interface Chunk {
  columns: string[];
  texts: string[];
  revoked: string[];
}

/** What one log record (or the marker) holds; `undefined` for anything else (corrupt). */
export type StoredRecord =
  { grant: Grant } | { revokedAt: string; key: string } | { clearedAt: string } | { key: string };

export function readRecord(key: IDBValidKey, value: unknown): StoredRecord | undefined {
  if (isOwnKey(key, 'cleared')) {
    const clearedAt = (value as { clearedAt?: unknown } | null)?.clearedAt;
    return isTime(clearedAt) ? { clearedAt } : undefined;
  }
  if (isGrant(value)) return value.key === key ? { grant: value } : undefined;
  if (isRevocation(value)) return value.key === key ? value : undefined;
  // `{ key }`: the key's chunk entry is gone.
  const fields = typeof value === 'object' && value !== null ? Object.keys(value) : [];
  return fields.length === 1 && (value as { key?: unknown }).key === key
    ? { key: key as string }
    : undefined;
}

/** Whether `key` is one of the store's own: `['mcp-consent', kind, …]`. */
export const isOwnKey = (key: IDBValidKey, kind: string) =>
  Array.isArray(key) && key[0] === 'mcp-consent' && key[1] === kind;

/**
 * A chunk record of the right shape with readable revocations, else undefined (the chunk is
 * corrupt). Its grants are checked one by one when read.
 */
function readChunk(value: unknown): Chunk | undefined {
  const chunk = value as Partial<Chunk> | null;
  return Array.isArray(chunk?.columns) &&
    Array.isArray(chunk.texts) &&
    chunk.columns.length === 6 * chunk.texts.length &&
    Array.isArray(chunk.revoked) &&
    chunk.revoked.every((v, i) => (i % 2 ? isTime(v) : typeof v === 'string')) &&
    chunk.revoked.length % 2 === 0
    ? (chunk as Chunk)
    : undefined;
}

/** Every key and every value of the store, in one transaction. */
export const readAllRecords = (store: IDBObjectStore) =>
  Promise.all([promisifyRequest(store.getAllKeys()), promisifyRequest(store.getAll())]);

/** The records as a load reads them. */
export interface Layout {
  /** The log's grants, the revocations of log and chunks, and the clear. */
  snapshot: StoreSnapshot;
  /** The chunks' grants that no log record replaces: six columns each, and their texts. */
  columns: string[];
  texts: string[];
  /** Keys of records that are not readable (log records and chunks). */
  skipped: IDBValidKey[];
  /** Keys of the readable log records. */
  logged: string[];
}

/**
 * Reads every record of the store: the marker, the chunks, and the log records, which replace
 * their key's chunk entry (a log record that is not readable too: the key's state is lost, so
 * its calls are asked, as when a record of the per-grant layout is corrupt).
 */
export function readLayout(keys: IDBValidKey[], values: unknown[]): Layout {
  const snapshot: StoreSnapshot = { grants: [], revocations: [], clearedAt: null };
  const layout: Layout = { snapshot, columns: [], texts: [], skipped: [], logged: [] };
  const chunks: Chunk[] = [];
  /** Keys with a log record. */
  const logged = new Set<unknown>();
  keys.forEach((key, i) => {
    const value = values[i];
    const chunk = isOwnKey(key, 'chunk') && readChunk(value);
    if (chunk) return void chunks.push(chunk);
    if (typeof key === 'string') logged.add(key);
    const record = readRecord(key, value);
    if (record === undefined) return void layout.skipped.push(key);
    if (typeof key === 'string') layout.logged.push(key);
    if ('grant' in record) snapshot.grants.push(record.grant);
    else if ('clearedAt' in record) snapshot.clearedAt = record.clearedAt;
    else if ('revokedAt' in record)
      snapshot.revocations.push({ key: record.key, revokedAt: record.revokedAt });
  });
  for (const { columns, texts, revoked } of chunks) {
    for (let i = 0; i < texts.length; i++) {
      if (logged.has(columns[6 * i])) continue;
      for (let c = 6 * i; c < 6 * i + 6; c++) layout.columns.push(columns[c]!);
      layout.texts.push(texts[i]!);
    }
    for (let i = 0; i < revoked.length; i += 2)
      if (!logged.has(revoked[i]))
        snapshot.revocations.push({ key: revoked[i]!, revokedAt: revoked[i + 1]! });
  }
  return layout;
}

/** The grant a chunk's text holds, if it is one and its key column names it. */
export function grantOf(text: unknown, key: unknown): Grant | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text as string);
  } catch {
    return undefined;
  }
  return isGrant(value) && value.key === key ? value : undefined;
}

/** The chunk a key's entry lives in, of `count`. */
const slotOf = (key: string, count: number) => {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return (hash >>> 0) % count;
};
const chunkKey = (i: number): IDBValidKey => ['mcp-consent', 'chunk', i];
/** Every chunk key (and nothing else): arrays sort after numbers and strings. */
const chunkRange = () => IDBKeyRange.bound(['mcp-consent', 'chunk'], ['mcp-consent', 'chunk', []]);

/**
 * A key's chunk entry: undefined when the chunk has none, null when it has one that is not
 * readable (it is treated like a corrupt record: as if the key held nothing).
 */
function entryOf(chunk: Chunk | undefined, key: string): StoredRecord | null | undefined {
  if (!chunk) return undefined;
  const { columns, texts, revoked } = chunk;
  for (let i = 0; i < texts.length; i++) {
    if (columns[6 * i] !== key) continue;
    const grant = grantOf(texts[i], key);
    return grant ? { grant } : null;
  }
  for (let i = 0; i < revoked.length; i += 2)
    if (revoked[i] === key) return { key, revokedAt: revoked[i + 1]! };
  return undefined;
}

/**
 * Applies a put or delete of one key in one readwrite transaction: reads the key's log record,
 * its chunk and the clear marker, applies the change by `applyChange` and writes the key's log
 * record. Resolves once committed, with whether the state changed (then the change is worth
 * announcing).
 */
export const changeKey = (use: UseStore, key: string, change: StoreChange) =>
  use('readwrite', async (store) => {
    // Awaiting a request's promise keeps the transaction open: it resolves in the same task.
    const [record, marker, count] = await Promise.all([
      promisifyRequest(store.get(key)),
      promisifyRequest(store.get(CLEARED_KEY)),
      promisifyRequest(store.count(chunkRange())),
    ]);
    const held =
      count > 0
        ? entryOf(readChunk(await promisifyRequest(store.get(chunkKey(slotOf(key, count))))), key)
        : undefined;
    const state = emptyStoreState();
    // A log record, readable or not, replaces the chunk's entry.
    addRecord(state, record === undefined ? held : readRecord(key, record));
    addRecord(state, readRecord(CLEARED_KEY, marker));
    if (!applyChange(state, change)) return false;
    // With nothing left, the log record stays as `{ key }` while the chunk still has an entry.
    const next = recordOf(state, key) ?? (held === undefined ? undefined : { key });
    if (next) store.put(next, key);
    else store.delete(key);
    await promisifyRequest(store.transaction);
    return true;
  });

/**
 * Compacts in one readwrite transaction: every record is read as a load reads it, `clear` (if
 * any) is applied by `applyChange`, and the result is written as new chunks; the readable log
 * records are deleted. Without `clear`, and with no log record to fold, it writes nothing. What
 * is not readable stays: log records stay in the log, grants of a chunk whose text is not
 * readable are carried into the new chunks as they are, and a chunk record that is not
 * readable is moved to `['mcp-consent', 'unreadable', its key, …]`. Resolves once committed,
 * with whether the clear changed the state.
 */
export const compactRecords = (use: UseStore, clear?: StoreChange) =>
  use('readwrite', async (store) => {
    const [keys, values] = await readAllRecords(store);
    const { snapshot, columns, texts, logged } = readLayout(keys, values);
    if (!clear && logged.length === 0) return false;
    const state = emptyStoreState();
    state.clearedAt = snapshot.clearedAt;
    for (const { key, revokedAt } of snapshot.revocations) state.revocations.set(key, revokedAt);
    for (const grant of snapshot.grants) state.grants.set(grant.key, grant);
    /** Chunk grants whose text is not readable: their seven strings, by key. */
    const kept = new Map<string, string[]>();
    texts.forEach((text, i) => {
      const entry = columns.slice(6 * i, 6 * i + 6);
      const grant = grantOf(text, entry[0]);
      if (grant) state.grants.set(grant.key, grant);
      else kept.set(entry[0]!, [...entry, text]);
    });
    const markedAt = state.clearedAt;
    const changed = !!clear && applyChange(state, clear);

    const all = new Set([...state.grants.keys(), ...state.revocations.keys(), ...kept.keys()]);
    const count = Math.ceil(all.size / CHUNK_SIZE);
    const next = Array.from({ length: count }, (): Chunk => ({
      columns: [],
      texts: [],
      revoked: [],
    }));
    for (const key of all) {
      const chunk = next[slotOf(key, count)]!;
      const grant = state.grants.get(key);
      const revokedAt = state.revocations.get(key);
      let entry = kept.get(key);
      if (grant) {
        const { userId, workspaceId, serverId, toolName, argsHash = '' } = grant;
        entry = [key, userId, workspaceId, serverId, toolName, argsHash, JSON.stringify(grant)];
      }
      if (entry) {
        chunk.columns.push(...entry.slice(0, 6));
        chunk.texts.push(entry[6]!);
      } else chunk.revoked.push(key, revokedAt!);
    }
    keys.forEach((key, i) => {
      if (!isOwnKey(key, 'chunk')) return;
      store.delete(key);
      if (!readChunk(values[i]))
        store.put(values[i], ['mcp-consent', 'unreadable', key, Math.random()]);
    });
    next.forEach((chunk, i) => store.put(chunk, chunkKey(i)));
    for (const key of logged) store.delete(key);
    if (state.clearedAt !== markedAt) store.put({ clearedAt: state.clearedAt }, CLEARED_KEY);
    await promisifyRequest(store.transaction);
    return changed;
  });

function addRecord(state: StoreState, record: StoredRecord | null | undefined): void {
  if (!record) return;
  if ('grant' in record) state.grants.set(record.grant.key, record.grant);
  else if ('clearedAt' in record) state.clearedAt = record.clearedAt;
  else if ('revokedAt' in record) state.revocations.set(record.key, record.revokedAt);
}

/**
 * The one record that keeps a key's state: its grant, else its revocation. A grant held with a
 * revocation is newer than it, and refuses every grant the revocation would, so it is enough.
 */
function recordOf(state: StoreState, key: string) {
  const grant = state.grants.get(key);
  const revokedAt = state.revocations.get(key);
  return grant ?? (revokedAt === undefined ? undefined : { key, revokedAt });
}
