import { grantKey } from './grant-key.js';
import type { Grant, PinnedPart } from './types.js';

/**
 * A change made by another writer (another tab or process) that the cache should apply, by the
 * rules of `applyChange`: a `put` applies only when its grant is newer than the one held and
 * than any revocation of its key; a `delete` with `revokedAt` voids every grant of the key granted
 * at or before that time, wherever and whenever it arrives. So writers that answer or revoke the
 * same key at once all end with the same state, whatever order the changes arrive in.
 */
export type StoreChange =
  | { type: 'put'; grant: Grant }
  | { type: 'delete'; key: string; grant?: Grant; revokedAt?: string }
  | { type: 'clear'; clearedAt?: string };

/** What `GrantStore.watchHealth` reports. */
export type StoreHealth = { live: true } | { live: false; error: Error };

/** A remembered revoke: no grant of `key` granted at or before `revokedAt` (ISO 8601) applies. */
export interface Revocation {
  key: string;
  revokedAt: string;
}

/**
 * Where grants persist. The engine loads everything once at start into its lookup cache
 * (merging: a load never overwrites a newer answer given meanwhile), then writes through.
 * Any method may reject: the engine then fails closed (it asks instead of deciding from a
 * cache it cannot trust).
 */
/** What a store holds, for the engine's first sync: grants, and what still voids older copies. */
export interface StoreSnapshot {
  grants: Grant[];
  revocations: Revocation[];
  clearedAt: string | null;
  /** Grants read but not built yet (a large load); the engine reads each when it needs it. */
  deferred?: DeferredGrants;
}

/**
 * Grants a store has read but not built or checked: the engine indexes them by their columns
 * and reads each grant the first time a call, a list or a change needs it, so a large load is
 * ready before 10 000 grants are built. What `read` returns is checked like any stored grant;
 * a malformed one is left out and reported when it is read.
 */
export interface DeferredGrants {
  /** Six per grant, unchecked: key, userId, workspaceId, serverId, toolName, argsHash ('' for none). */
  readonly columns: readonly unknown[];
  /** The grant at `index` (its columns start at `6 × index`). */
  read(index: number): unknown;
}

export interface GrantStore {
  /** Every stored grant (revoked ones left out). Called once at start unless `loadState` exists. */
  load(): Promise<Grant[]>;
  /**
   * Grants with the revokes and the last clear the store remembers. The engine syncs from this
   * when a store has it, so a late message from another tab or process about a grant that was
   * revoked before the load cannot bring it back into the cache. Optional. The engine passes
   * `{ deferred: true }`: it takes grants the store has not built yet (`StoreSnapshot.deferred`).
   */
  loadState?(options?: { deferred?: boolean }): Promise<StoreSnapshot>;
  /** Stores a grant unless the store holds a newer grant or a later revocation of its key. */
  put(grant: Grant): Promise<void>;
  /**
   * Revokes a key. With `revokedAt` the store remembers the revoke, so a late put of a grant of
   * the key granted at or before that time (another process's answer still on its way) cannot
   * bring it back. With only `grant` (the one the caller revokes), a newer stored grant stays.
   */
  delete(key: string, grant?: Grant, revokedAt?: string): Promise<void>;
  /** Removes every grant; with `clearedAt`, every grant granted at or before it stays void. */
  clear(clearedAt?: string): Promise<void>;
  /** Changes made elsewhere (another tab, another process). Optional. */
  subscribe?(listener: (change: StoreChange) => void): () => void;
  /**
   * Whether the store still hears other writers. `live: false` (a lost connection): changes
   * made elsewhere may be missed, so the engine stops deciding from its cache and asks. `live:
   * true` comes once the store has caught up, after the changes it missed were sent. Optional:
   * stores that cannot lose their source of changes have none.
   */
  watchHealth?(listener: (health: StoreHealth) => void): () => void;
  /** Releases handles (channels, file locks). Optional. */
  close?(): void;
}

/** What a store holds: grants, the revokes that still matter, and the last clear. */
export interface StoreState {
  grants: Map<string, Grant>;
  /** Key → revokedAt (ISO). */
  revocations: Map<string, string>;
  clearedAt: string | null;
}

export function emptyStoreState(): StoreState {
  return { grants: new Map(), revocations: new Map(), clearedAt: null };
}

/** Epoch ms of an ISO time; an unreadable time is the earliest possible (it never wins). */
export const timeOf = (iso: string | null | undefined): number => {
  const parsed = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(parsed) ? -Infinity : parsed;
};

/**
 * Times past year 9999 (9999-12-31T23:59:59.999Z) cannot be written as ISO 8601 dates the engine
 * can add a lifetime to.
 */
const LAST_TIME = 253402300799999;

/** A readable time the engine can compute with (ISO 8601 up to year 9999). */
export const isTime = (value: unknown): value is string =>
  typeof value === 'string' && Math.abs(Date.parse(value)) <= LAST_TIME;

/**
 * Whether a revoke (or a clear) at `revokedAt` voids `grant`: every grant given before it, and an
 * allow given in the same millisecond. A deny given in the same millisecond stands: deny wins ties,
 * so a revoke can never undo a Deny always answered at the same moment elsewhere.
 */
export function isVoidedBy(grant: Grant, revokedAt: string | null | undefined): boolean {
  if (revokedAt === null || revokedAt === undefined) return false;
  const [at, revoked] = [timeOf(grant.grantedAt), timeOf(revokedAt)];
  return at < revoked || (at === revoked && grant.decision === 'allow');
}

/**
 * Whether a store in `state` takes `grant`: not voided by the last clear or a revoke of its key,
 * and not older than the grant held for the key (last writer wins, `compareGrants`).
 */
export function admits(state: StoreState, grant: Grant): boolean {
  if (isVoidedBy(grant, state.clearedAt)) return false;
  if (isVoidedBy(grant, state.revocations.get(grant.key))) return false;
  return !isNewer(state.grants.get(grant.key), grant);
}

/**
 * Applies one change to a store's state by the ordering rules every store and the engine's
 * cache share. Returns whether the state changed.
 */
export function applyChange(state: StoreState, change: StoreChange): boolean {
  switch (change.type) {
    case 'put': {
      if (!admits(state, change.grant)) return false;
      const held = state.grants.get(change.grant.key);
      if (held && compareGrants(held, change.grant) === 0) return false;
      state.grants.set(change.grant.key, change.grant);
      // Newer than the revoke: every grant the revoke voids is older than this one, which keeps
      // them out anyway. (A deny in the revoke's own millisecond leaves the revoke in place.)
      const revokedAt = state.revocations.get(change.grant.key);
      if (revokedAt && timeOf(change.grant.grantedAt) > timeOf(revokedAt)) {
        state.revocations.delete(change.grant.key);
      }
      return true;
    }
    case 'delete': {
      const { key, grant, revokedAt } = change;
      let changed = false;
      if (revokedAt !== undefined) {
        const known = state.revocations.get(key);
        if (
          timeOf(revokedAt) > timeOf(known) &&
          (state.clearedAt === null || timeOf(revokedAt) > timeOf(state.clearedAt))
        ) {
          state.revocations.set(key, revokedAt);
          changed = true;
        }
      }
      const held = state.grants.get(key);
      if (!held) return changed;
      const voided = revokedAt !== undefined ? isVoidedBy(held, revokedAt) : !isNewer(held, grant);
      if (voided) state.grants.delete(key);
      return changed || voided;
    }
    case 'clear': {
      const { clearedAt } = change;
      const had = state.grants.size > 0;
      if (clearedAt === undefined) {
        state.grants.clear();
        return had;
      }
      if (timeOf(clearedAt) <= timeOf(state.clearedAt)) return false;
      state.clearedAt = clearedAt;
      for (const [key, grant] of state.grants)
        if (isVoidedBy(grant, clearedAt)) state.grants.delete(key);
      for (const [key, at] of state.revocations)
        if (timeOf(at) <= timeOf(clearedAt)) state.revocations.delete(key);
      return true;
    }
  }
}

/**
 * A copy of a store's state in the shape `loadState` returns. A frozen grant is handed out as
 * it is: nobody can change it, so it needs no copy.
 */
export function snapshotOf(state: StoreState): StoreSnapshot {
  return {
    grants: [...state.grants.values()].map((grant) =>
      Object.isFrozen(grant) ? grant : { ...grant },
    ),
    revocations: [...state.revocations].map(([key, revokedAt]) => ({ key, revokedAt })),
    clearedAt: state.clearedAt,
  };
}

/**
 * An in-memory store for tests and ephemeral hosts. Grants are copied in and out. It has no
 * `loadState`: nothing else writes to it, so no late message can need its revocations.
 */
export function memoryStore(
  initial: readonly Grant[] = [],
): GrantStore & { readonly size: number } {
  const state = emptyStoreState();
  for (const grant of initial) state.grants.set(grant.key, { ...grant });
  return {
    get size() {
      return state.grants.size;
    },
    async load() {
      return [...state.grants.values()].map((grant) => ({ ...grant }));
    },

    async put(grant) {
      applyChange(state, { type: 'put', grant: { ...grant } });
    },
    async delete(key, grant, revokedAt) {
      applyChange(state, { type: 'delete', key, grant, revokedAt });
    },
    async clear(clearedAt) {
      applyChange(state, { type: 'clear', clearedAt });
    },
  };
}

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * A pin with every part: an overall hash and one per part, as strings. (A string that is not the
 * SHA-256 the engine writes simply never matches a definition; a missing part would crash the
 * comparison that says what changed.) Written out, not looped: it runs for every stored grant.
 */
export function isPin(value: unknown): value is Grant['pin'] & object {
  if (typeof value !== 'object' || value === null) return false;
  const { hash, parts } = value as { hash?: unknown; parts?: Record<PinnedPart, unknown> };
  return (
    isText(hash) &&
    typeof parts === 'object' &&
    parts !== null &&
    isText(parts.name) &&
    isText(parts.title) &&
    isText(parts.description) &&
    isText(parts.inputSchema) &&
    isText(parts.annotations)
  );
}

/**
 * Checks the shape of a grant read from storage or heard from another writer; a grant that
 * fails is corrupt. Beyond the field types: its times are readable and no later than year 9999
 * (so a lifetime can be added to them), and a pin, when present, is complete (a half pin would
 * otherwise crash the comparison of definitions).
 */
export function isGrant(value: unknown): value is Grant {
  if (typeof value !== 'object' || value === null) return false;
  const grant = value as Partial<Record<keyof Grant, unknown>>;
  return (
    isText(grant.key) &&
    isText(grant.userId) &&
    isText(grant.workspaceId) &&
    isText(grant.serverId) &&
    isText(grant.toolName) &&
    isTime(grant.grantedAt) &&
    isText(grant.grantedBy) &&
    (grant.decision === 'allow' || grant.decision === 'deny') &&
    (grant.expiresAt === null || isTime(grant.expiresAt)) &&
    (grant.riskTier === 'low' || grant.riskTier === 'medium' || grant.riskTier === 'high') &&
    (grant.argsHash === undefined || isText(grant.argsHash)) &&
    (grant.pin === undefined || isPin(grant.pin))
  );
}

/** Grants that passed `isUsableGrant` frozen, pin and all: they cannot have changed since. */
export const usable = new WeakSet<object>();

/**
 * What the engine accepts into its lookup cache: a well-shaped grant whose key is the key of
 * its scope, so revoking by key removes what the lookup finds. Anything else is left out and
 * reported; its calls are asked again. A frozen grant is checked once: a store that checked
 * and froze what it read spares the engine checking it again on load.
 */
export function isUsableGrant(value: unknown): value is Grant {
  if (usable.has(value as object)) return true;
  try {
    if (!isGrant(value) || grantKey(value) !== value.key) return false;
  } catch {
    return false; // an id that is not well-formed UTF-16 has no key
  }
  // Object.isFrozen(undefined) is true: an unpinned grant needs only itself frozen.
  if ([value, value.pin, value.pin?.parts].every(Object.isFrozen)) usable.add(value);
  return true;
}

/** A revocation as stores keep it: a key, and a time the engine can compute with (`isTime`). */
export function isRevocation(value: unknown): value is Revocation {
  if (typeof value !== 'object' || value === null) return false;
  const { key, revokedAt } = value as Partial<Revocation>;
  return isText(key) && isTime(revokedAt);
}

/**
 * Orders two grants of one key, last writer wins: > 0 when `a` is newer than `b`. The later
 * `grantedAt` is newer; at the same millisecond a deny is newer than an allow (fail closed), then
 * the rest of the grant decides, so every tab, process and store picks the same one.
 */
export function compareGrants(a: Grant, b: Grant): number {
  const [x, y] = [grantOrder(a), grantOrder(b)];
  return x < y ? -1 : +(x > y);
}

/** Whether `a` is a grant newer than `b` (a put or delete of `b` then leaves `a`). */
export const isNewer = (a?: Grant, b?: Grant): boolean =>
  !!a && !!b && grantOrder(a) > grantOrder(b);

/**
 * A grant's place in that order, as text (an unreadable time sorts first): of two grants of one
 * key the one with the greater text (compared code unit by code unit) is newer. Stores that
 * compare in a database keep it in a column.
 */
export const grantOrder = (g: Grant): string =>
  JSON.stringify([
    `${Date.parse(g.grantedAt) || 0}`.padStart(16, '0'),
    g.decision === 'deny',
    g.expiresAt,
    g.grantedBy,
    g.riskTier,
    g.argsHash,
    g.pin,
  ]);
