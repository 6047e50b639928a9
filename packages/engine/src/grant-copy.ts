import { PINNED_PARTS } from './pin-parts.js';
import { usable } from './store.js';
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
 * A frozen copy of a grant with only the fields a grant has: the cache hands grants out, and
 * nobody may change them. Listed field by field: a spread copy makes V8 keep large, slow
 * dictionary objects.
 */
export function frozenCopy(grant: Grant, interner: GrantInterner): Grant {
  // Checked and frozen whole (a store's own grants): nobody can change it, so it is shared. The
  // mark is dropped: it was for this hand-over, and it costs memory per grant.
  if (usable.delete(grant)) return grant;
  const pin = grant.pin && internPin(grant.pin, interner.pins);
  const { argsHash, sessionId, grain } = grant;
  const { ids } = interner;
  // The pin in the literal (most grants have one): added afterwards it would go to a separate
  // property array, ~40 bytes more per grant. Deleting the last field added keeps it fast.
  const copy: Grant = {
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
  };
  if (pin === undefined) delete copy.pin;
  if (argsHash !== undefined) copy.argsHash = argsHash;
  if (sessionId !== undefined) copy.sessionId = sessionId;
  if (grain === 'timed') copy.grain = grain;
  return Object.freeze(copy);
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
  if (held && PINNED_PARTS.every((part) => held.parts[part] === parts[part])) return held;
  const frozen = Object.freeze({
    hash: pin.hash,
    parts: Object.freeze(
      Object.fromEntries(PINNED_PARTS.map((part) => [part, parts[part]])) as ToolPin['parts'],
    ),
  });
  // A pin whose parts disagree with the first one of its hash (forged) stays its own object.
  if (!held) pins.set(pin.hash, frozen);
  return frozen;
}
