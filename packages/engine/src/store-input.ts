import { InvalidInputError } from './errors.js';
import {
  isRevocation,
  isTime,
  isUsableGrant,
  type DeferredGrants,
  type StoreChange,
} from './store.js';

/** What the first sync applies: the changes that rebuild a store's state, and a count of the malformed. */
export interface Loaded {
  changes: StoreChange[];
  invalid: number;
  deferred?: DeferredGrants;
}

/**
 * Reads what `load()` (a list of grants) or `loadState()` (grants, revocations, clearedAt)
 * resolved with: the clear first, then the revokes, then the grants, so applying them in order
 * rebuilds the store's state in the cache. Malformed entries are counted and left out; a value
 * of the wrong shape altogether throws, and the engine fails closed.
 */
export function readLoaded(loaded: unknown): Loaded {
  const state =
    typeof loaded === 'object' && loaded !== null && !Array.isArray(loaded)
      ? (loaded as Partial<Record<'grants' | 'revocations' | 'clearedAt' | 'deferred', unknown>>)
      : { grants: loaded };
  const revocations = state.revocations ?? [];
  const deferred = state.deferred as Partial<DeferredGrants> | undefined;
  if (
    !Array.isArray(state.grants) ||
    !Array.isArray(revocations) ||
    (deferred !== undefined &&
      (!Array.isArray(deferred?.columns) || typeof deferred.read !== 'function'))
  ) {
    throw new InvalidInputError(
      'store',
      `The grant store's load resolved with ${typeof loaded}, not a list of grants; no saved answer is applied.`,
    );
  }
  const changes: StoreChange[] = [];
  let invalid = 0;
  const { clearedAt } = state;
  if (clearedAt !== undefined && clearedAt !== null) {
    if (isTime(clearedAt)) changes.push({ type: 'clear', clearedAt });
    else invalid += 1;
  }
  for (const value of revocations as unknown[]) {
    if (isRevocation(value))
      changes.push({ type: 'delete', key: value.key, revokedAt: value.revokedAt });
    else invalid += 1;
  }
  for (const value of state.grants as unknown[]) {
    if (isUsableGrant(value)) changes.push({ type: 'put', grant: value });
    else invalid += 1;
  }
  return deferred
    ? { changes, invalid, deferred: deferred as DeferredGrants }
    : { changes, invalid };
}

/** A change heard from another writer, checked field by field; undefined when it is malformed. */
export function readChange(change: unknown): StoreChange | undefined {
  if (typeof change !== 'object' || change === null) return undefined;
  const { type } = change as { type?: unknown };
  if (type === 'put') {
    const { grant } = change as { grant?: unknown };
    return isUsableGrant(grant) ? { type, grant } : undefined;
  }
  if (type === 'delete') {
    const { key, grant, revokedAt } = change as {
      key?: unknown;
      grant?: unknown;
      revokedAt?: unknown;
    };
    if (typeof key !== 'string') return undefined;
    const timed = revokedAt !== undefined && isTime(revokedAt);
    const named = grant !== undefined && isUsableGrant(grant) && grant.key === key;
    // A revoke with a readable time applies even when the grant it names is malformed: dropping
    // it would keep what the other writer revoked. Without either, nothing says what to remove.
    if (!timed && revokedAt !== undefined) return undefined;
    if (!timed && grant !== undefined && !named) return undefined;
    return { type, key, ...(named ? { grant } : {}), ...(timed ? { revokedAt } : {}) };
  }
  if (type === 'clear') {
    const { clearedAt } = change as { clearedAt?: unknown };
    if (clearedAt !== undefined && !isTime(clearedAt)) return undefined;
    return clearedAt === undefined ? { type } : { type, clearedAt };
  }
  return undefined;
}
