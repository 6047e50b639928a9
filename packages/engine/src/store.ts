import type { Grant } from './types.js';

/**
 * A change made by another writer (another tab or process) that the cache should apply. A `put`
 * applies only when its grant is newer than the one held for the key (`compareGrants`); a `delete`
 * that names the grant it removed spares a newer grant for the key. So writers that answer the
 * same key at once all end with the same grant, whatever order the changes arrive in.
 */
export type StoreChange =
  | { type: 'put'; grant: Grant }
  | { type: 'delete'; key: string; grant?: Grant }
  | { type: 'clear' };

/**
 * Where grants persist. The engine loads everything once at start into its
 * lookup cache, then writes through. Any method may reject: the engine then
 * fails closed (it asks instead of deciding from a cache it cannot trust).
 */
export interface GrantStore {
  /** Every stored grant. Called once at start. */
  load(): Promise<Grant[]>;
  /** Stores a grant unless the stored grant for its key is newer (`compareGrants`). */
  put(grant: Grant): Promise<void>;
  /**
   * Removes a key's grant. With `grant` (the one the caller revokes), a newer stored grant for the
   * key stays: a revoke never removes an answer given after it elsewhere.
   */
  delete(key: string, grant?: Grant): Promise<void>;
  /** Removes every grant. */
  clear(): Promise<void>;
  /** Changes made elsewhere (another tab, another process). Optional. */
  subscribe?(listener: (change: StoreChange) => void): () => void;
  /** Releases handles (channels, file locks). Optional. */
  close?(): void;
}

/** An in-memory store for tests and ephemeral hosts. Grants are copied in and out. */
export function memoryStore(
  initial: readonly Grant[] = [],
): GrantStore & { readonly size: number } {
  const grants = new Map<string, Grant>(initial.map((grant) => [grant.key, { ...grant }]));
  return {
    get size() {
      return grants.size;
    },
    async load() {
      return [...grants.values()].map((grant) => ({ ...grant }));
    },
    async put(grant) {
      if (!isNewer(grants.get(grant.key), grant)) grants.set(grant.key, { ...grant });
    },
    async delete(key, grant) {
      if (!isNewer(grants.get(key), grant)) grants.delete(key);
    },
    async clear() {
      grants.clear();
    },
  };
}

/** Checks the shape of a grant read from storage; a grant that fails is corrupt. */
export function isGrant(value: unknown): value is Grant {
  if (typeof value !== 'object' || value === null) return false;
  const grant = value as Record<string, unknown>;
  const isString = (key: string) => typeof grant[key] === 'string';
  return (
    isString('key') &&
    isString('userId') &&
    isString('workspaceId') &&
    isString('serverId') &&
    isString('toolName') &&
    isString('grantedAt') &&
    isString('grantedBy') &&
    (grant.decision === 'allow' || grant.decision === 'deny') &&
    (grant.expiresAt === null || isString('expiresAt')) &&
    (grant.riskTier === 'low' || grant.riskTier === 'medium' || grant.riskTier === 'high') &&
    (grant.argsHash === undefined || isString('argsHash'))
  );
}

/**
 * Orders two grants of one key, last writer wins: > 0 when `a` is newer than `b`. The later
 * `grantedAt` is newer; at the same millisecond a deny is newer than an allow (fail closed), then
 * the rest of the grant decides, so every tab, process and store picks the same one.
 */
export function compareGrants(a: Grant, b: Grant): number {
  const [x, y] = [rank(a), rank(b)];
  return x < y ? -1 : +(x > y);
}

/** Whether `a` is a grant newer than `b` (a put or delete of `b` then leaves `a`). */
export const isNewer = (a?: Grant, b?: Grant): boolean => !!a && !!b && rank(a) > rank(b);

/** A grant's place in that order, as text (an unreadable time sorts first). */
const rank = (g: Grant) =>
  JSON.stringify([
    `${Date.parse(g.grantedAt) || 0}`.padStart(16, '0'),
    g.decision === 'deny',
    g.expiresAt,
    g.grantedBy,
    g.riskTier,
    g.argsHash,
    g.pin,
  ]);
