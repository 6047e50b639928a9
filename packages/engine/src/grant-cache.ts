import { changedParts, isDescribed, pinTool } from './hash.js';
import { grantKey } from './grant-key.js';
import type { Grant, GrantScope, LookupResult, ToolCall } from './types.js';

export type GrantFilter = Partial<
  Pick<GrantScope, 'userId' | 'workspaceId' | 'serverId' | 'toolName'>
>;

/**
 * The in-memory grant index behind `lookup`: two Map reads per call, whatever
 * the number of grants. Per-arguments grants are counted per tool so a lookup
 * without an args hash knows whether one could have matched.
 */
export class GrantCache {
  private readonly byKey = new Map<string, Grant>();
  /** Expiry in epoch ms, parsed once per grant rather than on every lookup. */
  private readonly expiresAt = new WeakMap<Grant, number>();
  private readonly argsGrantsPerTool = new Map<string, number>();

  get size(): number {
    return this.byKey.size;
  }

  replaceAll(grants: Iterable<Grant>): void {
    this.byKey.clear();
    this.argsGrantsPerTool.clear();
    for (const grant of grants) this.set(grant);
  }

  set(grant: Grant): void {
    this.delete(grant.key);
    this.byKey.set(grant.key, grant);
    this.expiresAt.set(grant, expiryMs(grant));
    if (grant.argsHash !== undefined) this.countArgsGrant(grant, 1);
  }

  delete(key: string): Grant | undefined {
    const existing = this.byKey.get(key);
    if (!existing) return undefined;
    this.byKey.delete(key);
    if (existing.argsHash !== undefined) this.countArgsGrant(existing, -1);
    return existing;
  }

  get(key: string): Grant | undefined {
    return this.byKey.get(key);
  }

  list(filter: GrantFilter = {}): Grant[] {
    const out: Grant[] = [];
    for (const grant of this.byKey.values()) {
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

  /**
   * Any live deny wins; then a live allow whose pinned definition matches the
   * call's; anything else asks, saying why (expired, changed, unknown).
   */
  lookup(call: ToolCall, argsHash: string | null | undefined, now: number): LookupResult {
    const scope = scopeOf(call);
    const toolKey = grantKey(scope);
    const argsKey = argsHash ? grantKey({ ...scope, argsHash }) : undefined;
    const candidates = [argsKey && this.byKey.get(argsKey), this.byKey.get(toolKey)].filter(
      (grant): grant is Grant => grant !== undefined && grant !== '',
    );

    let stale: LookupResult | undefined;
    for (const grant of candidates) {
      if (grant.decision !== 'deny') continue;
      if (this.isExpired(grant, now)) stale ??= { status: 'prompt', reason: 'expired', grant };
      else return { status: 'deny', reason: 'grant_deny', grant };
    }
    for (const grant of candidates) {
      if (grant.decision !== 'allow') continue;
      if (this.isExpired(grant, now)) {
        stale ??= { status: 'prompt', reason: 'expired', grant };
        continue;
      }
      if (!isDescribed(call.tool)) {
        stale ??= { status: 'prompt', reason: 'definition_unknown', grant };
        continue;
      }
      const current = pinTool(call.tool);
      if (!grant.pin || !current || grant.pin.hash !== current.hash) {
        const changed = grant.pin ? changedParts(grant.pin, current) : [];
        stale ??= { status: 'prompt', reason: 'definition_changed', grant, changed };
        continue;
      }
      return { status: 'allow', reason: 'grant_allow', grant };
    }
    if (stale) return stale;
    if (!argsHash && (this.argsGrantsPerTool.get(toolKey) ?? 0) > 0) {
      return { status: 'prompt', reason: 'args_hash_unknown' };
    }
    return { status: 'prompt', reason: 'no_grant' };
  }

  private isExpired(grant: Grant, now: number): boolean {
    return (this.expiresAt.get(grant) ?? -Infinity) <= now;
  }

  private countArgsGrant(grant: Grant, delta: number): void {
    const toolKey = grantKey({ ...grant, argsHash: undefined });
    const next = (this.argsGrantsPerTool.get(toolKey) ?? 0) + delta;
    if (next > 0) this.argsGrantsPerTool.set(toolKey, next);
    else this.argsGrantsPerTool.delete(toolKey);
  }
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
