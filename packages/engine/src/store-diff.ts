import {
  admits,
  compareGrants,
  isNewer,
  timeOf,
  type StoreChange,
  type StoreState,
} from './store.js';
import type { Grant } from './types.js';

/**
 * What a listener that knew `known` must hear to reach `next` (the store as another writer left
 * it: a file re-read, a database row), in the shapes `applyChange` takes: a newer clear, a revoke per key revoked since (with the
 * file's `revokedAt`), a delete of each known grant that vanished (or was replaced by an older
 * one) without a revoke, and a put per new or changed grant.
 */
export function changesBetween(known: StoreState, next: StoreState): StoreChange[] {
  const changes: StoreChange[] = [];
  const cleared = next.clearedAt !== null && timeOf(next.clearedAt) > timeOf(known.clearedAt);
  if (cleared) changes.push({ type: 'clear', clearedAt: next.clearedAt! });
  const voidedByClear = (grant: Grant) => cleared && isVoided(grant, next.clearedAt);

  for (const key of new Set([...known.grants.keys(), ...next.revocations.keys()])) {
    const knew = known.grants.get(key);
    const now = next.grants.get(key);
    const gone = knew && (!now || isNewer(knew, now)) && !voidedByClear(knew) ? knew : undefined;
    const at = next.revocations.get(key);
    const revokedAt =
      at !== undefined && timeOf(at) > timeOf(known.revocations.get(key)) ? at : undefined;
    if (revokedAt === undefined) {
      if (gone) changes.push({ type: 'delete', key, grant: gone });
    } else if (gone && !isVoided(gone, null, revokedAt)) {
      // Removed by something else than this revoke, which alone would leave it.
      changes.push({ type: 'delete', key, grant: gone }, { type: 'delete', key, revokedAt });
    } else {
      changes.push(
        gone ? { type: 'delete', key, grant: gone, revokedAt } : { type: 'delete', key, revokedAt },
      );
    }
  }

  for (const grant of next.grants.values()) {
    const knew = known.grants.get(grant.key);
    if (!knew || compareGrants(knew, grant) !== 0)
      changes.push({ type: 'put', grant: { ...grant } });
  }
  return changes;
}

/** Whether a clear or a revoke of its key voids `grant`, by the rules of store.ts. */
function isVoided(grant: Grant, clearedAt: string | null, revokedAt?: string): boolean {
  const revocations = new Map(revokedAt === undefined ? [] : [[grant.key, revokedAt]]);
  return !admits({ grants: new Map(), revocations, clearedAt }, grant);
}
