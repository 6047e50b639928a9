import { promisifyRequest } from 'idb-keyval';
import {
  applyChange,
  emptyStoreState,
  isGrant,
  isTime,
  type StoreChange,
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

const OWN = 'mcp-consent';

/** Where the last clear is kept. Its record is `{ clearedAt }`. */
export const CLEARED_KEY: IDBValidKey = [OWN, 'cleared'];

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

/** Whether `key` is one of the store's own: `['mcp-consent', kind, …]`. */
const isOwnKey = (key: IDBValidKey, kind: string) =>
  Array.isArray(key) && key[0] === OWN && key[1] === kind;

/**
 * A chunk record of the right shape with readable revocations, else undefined (the chunk is
 * corrupt). Its grants are checked one by one when read.
 */
function readChunk(value: unknown): Chunk | undefined {
  const { columns, texts, revoked } = (value ?? {}) as Partial<Chunk>;
  return Array.isArray(columns) &&
    Array.isArray(texts) &&
    columns.length === 6 * texts.length &&
    Array.isArray(revoked) &&
    revoked.length % 2 === 0 &&
    revoked.every((v, i) => (i % 2 ? isTime(v) : typeof v === 'string'))
    ? (value as Chunk)
    : undefined;
}

/** Every key and every value of the store, in one transaction. */
export const readAllRecords = (store: IDBObjectStore) =>
  Promise.all([promisifyRequest(store.getAllKeys()), promisifyRequest(store.getAll())]);

/**
 * The records as a load reads them: `state`, the log's grants (with `parse`, the chunks'
 * readable grants too), the revocations of log and chunks, and the clear; `columns` and
 * `texts`, the chunks' grants that no log record replaces (with `parse`, only those whose text
 * is not readable), six columns each and their texts; `skipped`, the keys of records (log
 * records and chunks; with `parse`, chunk grants) that are not readable; `logged`, the keys of
 * the readable log records.
 */
export type Layout = readonly [
  state: StoreState,
  columns: string[],
  texts: string[],
  skipped: IDBValidKey[],
  logged: string[],
];

/**
 * Reads every record of the store: the marker, the chunks, and the log records, which replace
 * their key's chunk entry (a log record that is not readable too: the key's state is lost, so
 * its calls are asked, as when a record of the per-grant layout is corrupt). With `parse`, the
 * chunks' grants are built.
 */
export function readLayout(keys: IDBValidKey[], values: unknown[], parse?: boolean): Layout {
  const state = emptyStoreState();
  const columns: string[] = [];
  const texts: string[] = [];
  const skipped: IDBValidKey[] = [];
  const logged: string[] = [];
  /** The keys, so the log's replace their chunk entries (readable or not). */
  const all = new Set<unknown>(keys);
  keys.forEach((key, i) => {
    const chunk = isOwnKey(key, 'chunk') && readChunk(values[i]);
    if (!chunk) {
      if (!addRecord(state, key, values[i])) skipped.push(key);
      else if (typeof key === 'string') logged.push(key);
      return;
    }
    for (let i = 0; i < chunk.texts.length; i++) {
      const key = chunk.columns[6 * i]!;
      if (all.has(key)) continue;
      const grant = parse && grantOf(chunk.texts[i], key);
      if (grant) state.grants.set(key, grant);
      else {
        if (parse) skipped.push(key);
        columns.push(...chunk.columns.slice(6 * i, 6 * i + 6));
        texts.push(chunk.texts[i]!);
      }
    }
    const { revoked } = chunk;
    for (let i = 0; i < revoked.length; i += 2)
      if (!all.has(revoked[i])) state.revocations.set(revoked[i]!, revoked[i + 1]!);
  });
  return [state, columns, texts, skipped, logged];
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
const chunkKey = (i: unknown): IDBValidKey => [OWN, 'chunk', i as number];

/**
 * A key's chunk entry, as its log record would hold it: undefined when the chunk has none,
 * `{ key }` when it has one that is not readable (it is treated like a corrupt record: as if
 * the key held nothing).
 */
function entryOf(chunk: Chunk | undefined, key: string): object | undefined {
  if (!chunk) return undefined;
  const { columns, texts, revoked } = chunk;
  for (let i = 0; i < texts.length; i++)
    if (columns[6 * i] === key) return grantOf(texts[i], key) ?? { key };
  for (let i = 0; i < revoked.length; i += 2)
    if (revoked[i] === key) return { key, revokedAt: revoked[i + 1] };
  return undefined;
}

/**
 * Applies a put or delete (of one key) in `store`'s readwrite transaction: reads the key's log
 * record, its chunk and the clear marker, applies the change by `applyChange` and writes the
 * key's log record. Resolves once committed, with whether the state changed (then the change is
 * worth announcing).
 */
export async function changeKey(
  store: IDBObjectStore,
  change: Extract<StoreChange, { type: 'put' | 'delete' }>,
) {
  const key = change.type === 'put' ? change.grant.key : change.key;
  // Awaiting a request's promise keeps the transaction open: it resolves in the same task.
  const [record, marker, count] = await Promise.all([
    promisifyRequest(store.get(key)),
    promisifyRequest(store.get(CLEARED_KEY)),
    // Every chunk key (and nothing else): arrays sort after numbers and strings.
    promisifyRequest(store.count(IDBKeyRange.bound([OWN, 'chunk'], chunkKey([])))),
  ]);
  const held =
    count > 0
      ? entryOf(readChunk(await promisifyRequest(store.get(chunkKey(slotOf(key, count))))), key)
      : undefined;
  const state = emptyStoreState();
  // A log record, readable or not, replaces the chunk's entry.
  addRecord(state, key, record === undefined ? held : record);
  addRecord(state, CLEARED_KEY, marker);
  if (!applyChange(state, change)) return false;
  // The one record that keeps the key's state: its grant, else its revocation (a grant held
  // with a revocation is newer than it, and refuses every grant the revocation would). With
  // nothing left, the log record stays as `{ key }` while the chunk still has an entry.
  const revokedAt = state.revocations.get(key);
  const next =
    state.grants.get(key) ?? (revokedAt === undefined ? held && { key } : { key, revokedAt });
  if (next) store.put(next, key);
  else store.delete(key);
  await promisifyRequest(store.transaction);
  return true;
}

/**
 * Compacts in `store`'s readwrite transaction: every record is read as a load reads it, `clear`
 * (if any) is applied by `applyChange`, and the result is written as new chunks; the readable
 * log records are deleted. Without `clear`, the chunks' grants no log record replaces are
 * carried into the new chunks as they are (text and columns), and with no log record to fold it
 * writes nothing. What is not readable stays: log records stay in the log, grants of a chunk
 * whose text is not readable are carried as they are, and a chunk record that is not readable
 * is moved to `['mcp-consent', 'unreadable', its key, …]`. Resolves once committed, with
 * whether the clear changed the state (a plain clear always does).
 */
export async function compactRecords(store: IDBObjectStore, clear?: StoreChange) {
  const [keys, values] = await readAllRecords(store);
  // Only a clear needs the chunks' grants built; else they are carried as they are.
  const [state, columns, texts, , logged] = readLayout(keys, values, !!clear);
  if (!clear && logged.length === 0) return false;
  const markedAt = state.clearedAt;
  // A plain clear counts as a change: other tabs' caches may hold more than this store.
  const changed = !!clear && (applyChange(state, clear) || !('clearedAt' in clear));

  // The grants join the ones carried as they are (texts not built, or not readable).
  for (const [key, grant] of state.grants) {
    const { userId, workspaceId, serverId, toolName, argsHash = '' } = grant;
    columns.push(key, userId, workspaceId, serverId, toolName, argsHash);
    texts.push(JSON.stringify(grant));
  }
  const count = Math.ceil((texts.length + state.revocations.size) / CHUNK_SIZE);
  const next = Array.from({ length: count }, (): Chunk => ({
    columns: [],
    texts: [],
    revoked: [],
  }));
  texts.forEach((text, i) => {
    const chunk = next[slotOf(columns[6 * i]!, count)]!;
    chunk.columns.push(...columns.slice(6 * i, 6 * i + 6));
    chunk.texts.push(text);
  });
  // A key's grant is newer than its revocation, and refuses every grant the revocation would.
  for (const [key, revokedAt] of state.revocations)
    if (!state.grants.has(key)) next[slotOf(key, count)]!.revoked.push(key, revokedAt);
  keys.forEach((key, i) => {
    if (!isOwnKey(key, 'chunk')) return;
    store.delete(key);
    if (!readChunk(values[i])) store.put(values[i], [OWN, 'unreadable', key, Math.random()]);
  });
  next.forEach((chunk, i) => store.put(chunk, chunkKey(i)));
  for (const key of logged) store.delete(key);
  if (state.clearedAt !== markedAt) store.put({ clearedAt: state.clearedAt }, CLEARED_KEY);
  await promisifyRequest(store.transaction);
  return changed;
}

/**
 * Adds what `value`, the record of `key`, holds to `state`: a grant, a revocation
 * `{ key, revokedAt }`, `{ key }` (nothing: the key's chunk entry is gone) or, under the marker's
 * key, the last clear `{ clearedAt }`. False when it holds none of these (it is corrupt).
 */
function addRecord(state: StoreState, key: IDBValidKey, value: unknown): boolean {
  const record = value as { key?: unknown; revokedAt?: string; clearedAt?: unknown } | undefined;
  if (isOwnKey(key, 'cleared')) {
    const clearedAt = record?.clearedAt;
    return isTime(clearedAt) && !!(state.clearedAt = clearedAt);
  }
  if (record?.key !== key) return false;
  if (isGrant(record)) state.grants.set(key as string, record);
  // A revocation (`isRevocation`, its key being `key`).
  else if (typeof key === 'string' && isTime(record.revokedAt))
    state.revocations.set(key, record.revokedAt);
  else return Object.keys(record).length === 1;
  return true;
}
