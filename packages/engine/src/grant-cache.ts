import { changedParts, isDescribed, pinTool } from './hash.js';
import { isNewer, type StoreChange } from './store.js';
import type { Grant, GrantScope, LookupResult, ToolCall } from './types.js';

export type GrantFilter = Partial<
  Pick<GrantScope, 'userId' | 'workspaceId' | 'serverId' | 'toolName'>
>;

/** A cached grant with what `lookup` needs precomputed, so a hit allocates nothing. */
interface Entry {
  grant: Grant;
  /** Epoch ms; parsed once. */
  expires: number;
  hit: LookupResult;
  expired: LookupResult;
}

/** The grants of one user, workspace, server and tool. */
interface ToolSlot {
  tool?: Entry;
  args?: Map<string, Entry>;
}

type Level<T> = Map<string, T>;

const NO_GRANT: LookupResult = Object.freeze({ status: 'prompt', reason: 'no_grant' });
const ARGS_HASH_UNKNOWN: LookupResult = Object.freeze({
  status: 'prompt',
  reason: 'args_hash_unknown',
});

/**
 * The in-memory grant index behind `lookup`: four nested Map reads per call
 * (user, workspace, server, tool), whatever the number of grants, with no key
 * string built on the way. The store key is only used to add and remove.
 */
export class GrantCache {
  private readonly byKey = new Map<string, Entry>();
  private readonly index: Level<Level<Level<Level<ToolSlot>>>> = new Map();

  get size(): number {
    return this.byKey.size;
  }

  replaceAll(grants: Iterable<Grant>): void {
    this.byKey.clear();
    this.index.clear();
    for (const grant of grants) this.set(grant);
  }

  set(grant: Grant): void {
    this.delete(grant.key);
    const decision = grant.decision === 'allow' ? 'allow' : 'deny';
    const entry: Entry = {
      grant,
      expires: expiryMs(grant),
      hit: Object.freeze({ status: decision, reason: `grant_${decision}`, grant } as const),
      expired: Object.freeze({ status: 'prompt', reason: 'expired', grant } as const),
    };
    this.byKey.set(grant.key, entry);
    const slot = this.slot(grant, true)!;
    if (grant.argsHash === undefined) slot.tool = entry;
    else (slot.args ??= new Map()).set(grant.argsHash, entry);
  }

  delete(key: string): Grant | undefined {
    const entry = this.byKey.get(key);
    if (!entry) return undefined;
    this.byKey.delete(key);
    const { grant } = entry;
    const slot = this.slot(grant, false);
    if (slot && grant.argsHash === undefined && slot.tool === entry) delete slot.tool;
    if (slot && grant.argsHash !== undefined && slot.args?.get(grant.argsHash) === entry) {
      slot.args.delete(grant.argsHash);
    }
    return grant;
  }

  /**
   * Applies another writer's change, last writer wins (`compareGrants`): an older put, or a delete
   * of an older grant than the one held, changes nothing. Returns whether the cache changed.
   */
  apply(change: StoreChange): boolean {
    if (change.type === 'clear') {
      const had = this.size > 0;
      this.replaceAll([]);
      return had;
    }
    if (change.type === 'delete')
      return !isNewer(this.get(change.key), change.grant) && !!this.delete(change.key);
    const held = this.get(change.grant.key);
    if (held && !isNewer(change.grant, held)) return false;
    this.set(change.grant);
    return true;
  }

  get(key: string): Grant | undefined {
    return this.byKey.get(key)?.grant;
  }

  list(filter: GrantFilter = {}): Grant[] {
    const out: Grant[] = [];
    for (const { grant } of this.byKey.values()) {
      if (
        (filter.userId === undefined || grant.userId === filter.userId) &&
        (filter.workspaceId === undefined || grant.workspaceId === filter.workspaceId) &&
        (filter.serverId === undefined || grant.serverId === filter.serverId) &&
        (filter.toolName === undefined || grant.toolName === filter.toolName)
      ) {
        out.push(grant);
      }
    }
    return out.sort((a, b) => (a.grantedAt < b.grantedAt ? -1 : a.grantedAt > b.grantedAt ? 1 : 0));
  }

  /** Whether a per-arguments grant exists for this call's tool, so a lookup needs the args hash. */
  needsArgsHash(call: ToolCall): boolean {
    return (this.slotOf(call)?.args?.size ?? 0) > 0;
  }

  /**
   * Any live deny wins; then a live allow whose pinned definition matches the
   * call's; anything else asks, saying why (expired, changed, unknown).
   */
  lookup(call: ToolCall, argsHash: string | null | undefined, now: number): LookupResult {
    const slot = this.slotOf(call);
    if (!slot) return NO_GRANT;
    const byArgs = argsHash ? slot.args?.get(argsHash) : undefined;
    const byTool = slot.tool;

    // Written out rather than looped over an array: this is the hot path.
    let stale: LookupResult | undefined;
    if (byArgs?.grant.decision === 'deny') {
      if (byArgs.expires > now) return byArgs.hit;
      stale = byArgs.expired;
    }
    if (byTool?.grant.decision === 'deny') {
      if (byTool.expires > now) return byTool.hit;
      stale ??= byTool.expired;
    }
    const fromArgs = checkAllow(byArgs, call, now);
    if (fromArgs && fromArgs === byArgs?.hit) return fromArgs;
    const fromTool = checkAllow(byTool, call, now);
    if (fromTool && fromTool === byTool?.hit) return fromTool;
    stale ??= fromArgs ?? fromTool;
    if (stale) return stale;
    return !argsHash && (slot.args?.size ?? 0) > 0 ? ARGS_HASH_UNKNOWN : NO_GRANT;
  }

  private slotOf(call: ToolCall): ToolSlot | undefined {
    return this.index
      .get(call.userId)
      ?.get(call.workspaceId)
      ?.get(call.server.id)
      ?.get(call.tool.name);
  }

  private slot(scope: GrantScope, create: boolean): ToolSlot | undefined {
    let level: Map<string, unknown> = this.index;
    for (const part of [scope.userId, scope.workspaceId, scope.serverId]) {
      let next = level.get(part) as Map<string, unknown> | undefined;
      if (!next) {
        if (!create) return undefined;
        next = new Map();
        level.set(part, next);
      }
      level = next;
    }
    let slot = level.get(scope.toolName) as ToolSlot | undefined;
    if (!slot && create) {
      slot = {};
      level.set(scope.toolName, slot);
    }
    return slot;
  }
}

/** An allow entry's hit when it is live and its pin matches; otherwise why it cannot be used. */
function checkAllow(
  entry: Entry | undefined,
  call: ToolCall,
  now: number,
): LookupResult | undefined {
  if (entry?.grant.decision !== 'allow') return undefined;
  if (entry.expires <= now) return entry.expired;
  if (!isDescribed(call.tool)) {
    return { status: 'prompt', reason: 'definition_unknown', grant: entry.grant };
  }
  const current = pinTool(call.tool);
  const { pin } = entry.grant;
  if (!pin || !current || pin.hash !== current.hash) {
    const changed = pin ? changedParts(pin, current) : [];
    return { status: 'prompt', reason: 'definition_changed', grant: entry.grant, changed };
  }
  return entry.hit;
}

export function scopeOf(call: ToolCall): GrantScope {
  return {
    userId: call.userId,
    workspaceId: call.workspaceId,
    serverId: call.server.id,
    toolName: call.tool.name,
  };
}

/** A grant's end in epoch ms: Infinity for never; an unparsable date counts as already over (fail closed). */
export function expiryMs(grant: Grant): number {
  if (grant.expiresAt === null) return Infinity;
  const parsed = Date.parse(grant.expiresAt);
  return Number.isNaN(parsed) ? -Infinity : parsed;
}

export function isExpired(grant: Grant, now: number): boolean {
  return expiryMs(grant) <= now;
}
