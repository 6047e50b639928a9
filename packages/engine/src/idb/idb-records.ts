import { promisifyRequest, type UseStore } from 'idb-keyval';
import {
  applyChange,
  emptyStoreState,
  isGrant,
  isRevocation,
  isTime,
  type StoreChange,
  type StoreState,
} from '../store.js';
import type { Grant } from '../types.js';

/**
 * Where the last clear is kept. An array key: grant keys are strings, so no grant can take it.
 * Its record is `{ clearedAt }`.
 */
export const CLEARED_KEY: IDBValidKey = ['mcp-consent', 'cleared'];

/** What one record of the object store holds; `undefined` for anything else (corrupt). */
export type StoredRecord =
  { grant: Grant } | { revokedAt: string; key: string } | { clearedAt: string };

export function readRecord(key: IDBValidKey, value: unknown): StoredRecord | undefined {
  if (isClearedKey(key)) {
    const clearedAt = (value as { clearedAt?: unknown } | null)?.clearedAt;
    return isTime(clearedAt) ? { clearedAt } : undefined;
  }
  if (isGrant(value)) return value.key === key ? { grant: value } : undefined;
  return isRevocation(value) && value.key === key ? value : undefined;
}

/**
 * Applies a put or delete of one key in one readwrite transaction: reads the key's record and
 * the clear marker, applies the change by `applyChange` and writes what is left. Resolves once
 * committed, with whether the state changed (then the change is worth announcing).
 */
export const changeKey = (use: UseStore, key: string, change: StoreChange) =>
  use('readwrite', async (store) => {
    // Awaiting a request's promise keeps the transaction open: it resolves in the same task.
    const [record, marker] = await Promise.all([
      promisifyRequest(store.get(key)),
      promisifyRequest(store.get(CLEARED_KEY)),
    ]);
    const state = emptyStoreState();
    addRecord(state, readRecord(key, record));
    addRecord(state, readRecord(CLEARED_KEY, marker));
    if (!applyChange(state, change)) return false;
    const next = recordOf(state, key);
    if (next) store.put(next, key);
    else store.delete(key);
    await promisifyRequest(store.transaction);
    return true;
  });

/**
 * Clears in one readwrite transaction: by `applyChange`, every grant (without `clearedAt`), or
 * every grant and revocation at or before `clearedAt`, which is kept as the clear marker.
 * Records that are not readable stay untouched. Resolves once committed, with whether it changed.
 */
export const clearRecords = (use: UseStore, clearedAt?: string) =>
  use('readwrite', async (store) => {
    const [keys, values] = await Promise.all([
      promisifyRequest(store.getAllKeys()),
      promisifyRequest(store.getAll()),
    ]);
    const state = emptyStoreState();
    keys.forEach((key, i) => addRecord(state, readRecord(key, values[i])));
    const held = [...state.grants.keys(), ...state.revocations.keys()];
    const markedAt = state.clearedAt;
    const changed = applyChange(state, { type: 'clear', clearedAt });
    for (const key of held)
      if (!state.grants.has(key) && !state.revocations.has(key)) store.delete(key);
    if (state.clearedAt !== markedAt) store.put({ clearedAt: state.clearedAt }, CLEARED_KEY);
    await promisifyRequest(store.transaction);
    return changed;
  });

function addRecord(state: StoreState, record: StoredRecord | undefined): void {
  if (record === undefined) return;
  if ('grant' in record) state.grants.set(record.grant.key, record.grant);
  else if ('clearedAt' in record) state.clearedAt = record.clearedAt;
  else state.revocations.set(record.key, record.revokedAt);
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

const isClearedKey = (key: IDBValidKey) =>
  Array.isArray(key) &&
  key.length === 2 &&
  (CLEARED_KEY as string[]).every((part, i) => key[i] === part);
