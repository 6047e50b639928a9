import { canonicalJson } from './canonical-json.js';
import { PINNED_PARTS } from './pin-parts.js';
import { encoder, hexOf, sha256Hex } from './sha256.js';
import type { PinnedPart, ToolDefinition, ToolPin } from './types.js';

/**
 * SHA-256 (WebCrypto) of the RFC 8785 canonical JSON of a call's arguments,
 * as lowercase hex. Rejects with CanonicalJsonError for values JSON cannot hold.
 */
export async function hashArgs(args: unknown): Promise<string> {
  const canonical = canonicalJson(args ?? {});
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(canonical));
  return hexOf(new Uint8Array(digest));
}

/**
 * The same hash as `hashArgs`, computed synchronously with the engine's own
 * SHA-256: used where a decision is already made and must not wait on a
 * WebCrypto round trip (a cache hit's audit event). Throws CanonicalJsonError.
 */
export function hashArgsSync(args: unknown): string {
  return sha256Hex(canonicalJson(args ?? {}));
}

// Tool objects from a catalog are reused across calls, so pins are memoized per
// object. The memo also keeps the part values it hashed: a host that reassigns a
// part in place (tool.description = …) gets a fresh pin, not a stale one.
// Definitions are otherwise treated as immutable: pass a new object when one changes.
interface PinMemo {
  name: unknown;
  title: unknown;
  description: unknown;
  inputSchema: unknown;
  annotations: unknown;
  pin: ToolPin | null;
}
const pinCache = new WeakMap<ToolDefinition, PinMemo>();

/**
 * Fingerprint of the parts of a tool definition a user approved. Returns null
 * when the definition cannot be canonicalized (it can then never match a pin).
 */
export function pinTool(tool: ToolDefinition): ToolPin | null {
  const memo = pinCache.get(tool);
  if (
    memo &&
    memo.name === tool.name &&
    memo.title === tool.title &&
    memo.description === tool.description &&
    memo.inputSchema === tool.inputSchema &&
    memo.annotations === tool.annotations
  ) {
    return memo.pin;
  }
  let pin: ToolPin | null;
  try {
    const parts = {} as Record<PinnedPart, string>;
    for (const part of PINNED_PARTS) parts[part] = sha256Hex(canonicalJson(tool[part] ?? null));
    pin = { hash: sha256Hex(PINNED_PARTS.map((part) => parts[part]).join(':')), parts };
  } catch {
    pin = null;
  }
  const { name, title, description, inputSchema, annotations } = tool;
  pinCache.set(tool, { name, title, description, inputSchema, annotations, pin });
  return pin;
}

/** Which parts differ between a stored pin and the current definition. */
export function changedParts(pinned: ToolPin, current: ToolPin | null): PinnedPart[] {
  if (!current) return [...PINNED_PARTS];
  return PINNED_PARTS.filter((part) => pinned.parts[part] !== current.parts[part]);
}

/** True when a tool carries more than its name: a catalog has described it. */
export function isDescribed(tool: ToolDefinition): boolean {
  return (
    tool.description !== undefined ||
    tool.inputSchema !== undefined ||
    tool.annotations !== undefined
  );
}
