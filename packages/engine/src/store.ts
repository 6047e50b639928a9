import type { Grant } from './types.js';

/** A change made by another writer (another tab or process) that the cache should apply. */
export type StoreChange =
  { type: 'put'; grant: Grant } | { type: 'delete'; key: string } | { type: 'clear' };

/**
 * Where grants persist. The engine loads everything once at start into its
 * lookup cache, then writes through. Any method may reject: the engine then
 * fails closed (it asks instead of deciding from a cache it cannot trust).
 */
export interface GrantStore {
  /** Every stored grant. Called once at start. */
  load(): Promise<Grant[]>;
  put(grant: Grant): Promise<void>;
  delete(key: string): Promise<void>;
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
      grants.set(grant.key, { ...grant });
    },
    async delete(key) {
      grants.delete(key);
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
