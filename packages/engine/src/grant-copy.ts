import { usable } from './store.js';
import type { Grant, ToolPin } from './types.js';

/**
 * A frozen copy of a grant with only the fields a grant has: the cache hands grants out, and
 * nobody may change them. Listed field by field: a spread copy makes V8 keep large, slow
 * dictionary objects. Pins are interned, since every grant of one tool definition has the same.
 */
export function frozenCopy(grant: Grant, pins: Map<string, ToolPin>): Grant {
  // Checked and frozen whole (a store's own grants): nobody can change it, so it is shared.
  if (usable.has(grant)) return grant;
  const pin = grant.pin && internPin(grant.pin, pins);
  // The pin in the literal when there is one (most grants): added afterwards it would go to a
  // separate property array, ~40 bytes more per grant.
  const copy: Grant = pin
    ? {
        userId: grant.userId,
        workspaceId: grant.workspaceId,
        serverId: grant.serverId,
        toolName: grant.toolName,
        key: grant.key,
        decision: grant.decision,
        grantedAt: grant.grantedAt,
        expiresAt: grant.expiresAt,
        grantedBy: grant.grantedBy,
        riskTier: grant.riskTier,
        pin,
      }
    : {
        userId: grant.userId,
        workspaceId: grant.workspaceId,
        serverId: grant.serverId,
        toolName: grant.toolName,
        key: grant.key,
        decision: grant.decision,
        grantedAt: grant.grantedAt,
        expiresAt: grant.expiresAt,
        grantedBy: grant.grantedBy,
        riskTier: grant.riskTier,
      };
  if (grant.argsHash !== undefined) copy.argsHash = grant.argsHash;
  if (grant.sessionId !== undefined) copy.sessionId = grant.sessionId;
  if (grant.grain === 'timed') copy.grain = 'timed';
  return Object.freeze(copy);
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
  const frozen = Object.freeze({
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
