import { InvalidInputError } from './errors.js';
import { isUsableGrant, timeOf, type StoreChange } from './store.js';
import type { Grant } from './types.js';

/** Times past year 9999 cannot be written as ISO 8601 dates the engine can add a lifetime to. */
const LAST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const inRange = (iso: string | null | undefined): boolean =>
  iso === null || iso === undefined || Math.abs(timeOf(iso)) <= LAST_TIME;

/** A grant the engine can hold: well-formed, consistent, with times it can compute with. */
export function isHoldable(value: unknown): value is Grant {
  return isUsableGrant(value) && inRange(value.grantedAt) && inRange(value.expiresAt);
}

/** Splits what a store's `load()` resolved with into grants the engine can hold and a count of the rest. */
export function readLoaded(loaded: unknown): { grants: Grant[]; invalid: number } {
  if (!Array.isArray(loaded)) {
    throw new InvalidInputError(
      'store',
      `The grant store's load() resolved with ${typeof loaded}, not a list of grants; no saved answer is applied.`,
    );
  }
  const grants: Grant[] = [];
  let invalid = 0;
  for (const value of loaded as unknown[]) {
    if (isHoldable(value)) grants.push(value);
    else invalid += 1;
  }
  return { grants, invalid };
}

const isTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) && inRange(value);

/** A change heard from another writer, checked field by field; undefined when it is malformed. */
export function readChange(change: unknown): StoreChange | undefined {
  if (typeof change !== 'object' || change === null) return undefined;
  const { type } = change as { type?: unknown };
  if (type === 'put') {
    const { grant } = change as { grant?: unknown };
    return isHoldable(grant) ? { type, grant } : undefined;
  }
  if (type === 'delete') {
    const { key, grant, revokedAt } = change as {
      key?: unknown;
      grant?: unknown;
      revokedAt?: unknown;
    };
    if (typeof key !== 'string') return undefined;
    if (grant !== undefined && !isHoldable(grant)) return undefined;
    if (revokedAt !== undefined && !isTime(revokedAt)) return undefined;
    return {
      type,
      key,
      ...(grant !== undefined ? { grant } : {}),
      ...(revokedAt !== undefined ? { revokedAt } : {}),
    };
  }
  if (type === 'clear') {
    const { clearedAt } = change as { clearedAt?: unknown };
    if (clearedAt !== undefined && !isTime(clearedAt)) return undefined;
    return clearedAt === undefined ? { type } : { type, clearedAt };
  }
  return undefined;
}
