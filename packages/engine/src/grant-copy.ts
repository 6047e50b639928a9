import type { Grant, ToolPin } from './types.js';

/**
 * What the grants of one store (or one cache) share instead of holding a copy each: one frozen
 * pin per tool definition, one string per id. A file of 10⁵ grants of a few users, workspaces
 * and tools then holds a few of each, not 10⁵.
 */
export interface GrantInterner {
  pins: Map<string, ToolPin>;
  ids: Map<string, string>;
}

/** Distinct ids kept for sharing; past it the table starts again (sharing is only a saving). */
const ID_TABLE_LIMIT = 4096;

export const grantInterner = (): GrantInterner => ({ pins: new Map(), ids: new Map() });

/**
 * A frozen copy of a checked grant with only the fields a grant has: the cache hands grants
 * out, and nobody may change them. A grant that is already such a copy (frozen, plain, no other
 * field, its pin the one this interner holds) is shared as it is. Listed field by field: a
 * spread copy makes V8 keep large, slow dictionary objects.
 */
export function frozenCopy(grant: Grant, interner: GrantInterner): Grant {
  const pin = grant.pin && internPin(grant.pin, interner.pins);
  if (pin === grant.pin && isPlainFrozen(grant)) return grant;
  const { ids } = interner;
  // The pin in the literal when there is one (most grants): added afterwards it would go to a
  // separate property array, ~40 bytes more per grant.
  const copy: Grant = pin
    ? {
        userId: intern(grant.userId, ids),
        workspaceId: intern(grant.workspaceId, ids),
        serverId: intern(grant.serverId, ids),
        toolName: intern(grant.toolName, ids),
        key: grant.key,
        decision: grant.decision,
        grantedAt: grant.grantedAt,
        expiresAt: grant.expiresAt,
        grantedBy: intern(grant.grantedBy, ids),
        riskTier: grant.riskTier,
        pin,
      }
    : {
        userId: intern(grant.userId, ids),
        workspaceId: intern(grant.workspaceId, ids),
        serverId: intern(grant.serverId, ids),
        toolName: intern(grant.toolName, ids),
        key: grant.key,
        decision: grant.decision,
        grantedAt: grant.grantedAt,
        expiresAt: grant.expiresAt,
        grantedBy: intern(grant.grantedBy, ids),
        riskTier: grant.riskTier,
      };
  if (grant.argsHash !== undefined) copy.argsHash = grant.argsHash;
  if (grant.sessionId !== undefined) copy.sessionId = grant.sessionId;
  if (grant.grain === 'timed') copy.grain = 'timed';
  return Object.freeze(copy);
}

/** The fields a grant may have besides the ten every grant has. */
const OPTIONAL_FIELDS = ['pin', 'argsHash', 'sessionId', 'grain'] as const;

/** Frozen, a plain object, and no field but a grant's (what `frozenCopy` makes). */
function isPlainFrozen(grant: Grant): boolean {
  if (!Object.isFrozen(grant) || Object.getPrototypeOf(grant) !== Object.prototype) return false;
  let expected = 10;
  for (const field of OPTIONAL_FIELDS) if (grant[field] !== undefined) expected += 1;
  return ownCount(grant) === expected && (grant.grain === undefined || grant.grain === 'timed');
}

function intern(id: string, ids: Map<string, string>): string {
  const held = ids.get(id);
  if (held !== undefined) return held;
  if (ids.size >= ID_TABLE_LIMIT) ids.clear();
  ids.set(id, id);
  return id;
}

function internPin(pin: ToolPin, pins: Map<string, ToolPin>): ToolPin {
  const held = pins.get(pin.hash);
  const { parts } = pin;
  if (
    held &&
    held.parts.name === parts.name &&
    held.parts.title === parts.title &&
    held.parts.description === parts.description &&
    held.parts.inputSchema === parts.inputSchema &&
    held.parts.annotations === parts.annotations
  ) {
    return held;
  }
  // A pin frozen whole with only a pin's fields (another interner's) is taken as it is.
  const frozen = isPlainFrozenPin(pin)
    ? pin
    : Object.freeze({
        hash: pin.hash,
        parts: Object.freeze({
          name: parts.name,
          title: parts.title,
          description: parts.description,
          inputSchema: parts.inputSchema,
          annotations: parts.annotations,
        }),
      });
  // A pin whose parts disagree with the first one of its hash (forged) stays its own object.
  if (!held) pins.set(pin.hash, frozen);
  return frozen;
}

function isPlainFrozenPin(pin: ToolPin): boolean {
  return (
    Object.isFrozen(pin) &&
    Object.isFrozen(pin.parts) &&
    Object.getPrototypeOf(pin) === Object.prototype &&
    Object.getPrototypeOf(pin.parts) === Object.prototype &&
    ownCount(pin) === 2 &&
    ownCount(pin.parts) === 5
  );
}

function ownCount(value: object): number {
  let count = 0;
  for (const field in value) if (Object.hasOwn(value, field)) count += 1;
  return count;
}
