import {
  expiryMs,
  GrantCache,
  matchesFilter,
  NO_GRANT,
  scopeOf,
  type GrantFilter,
  type ArgsHasher,
  type HitCheck,
} from './grant-cache.js';
import { grantKey } from './grant-key.js';
import { effectiveHints } from './risk.js';
import type { Grant, LookupResult, ToolCall } from './types.js';

/** The key of a session grant: never a store key, so no store can hand one back. */
export function sessionKey(sessionId: string, storeKey: string): string {
  return `mcp_session:${encodeURIComponent(sessionId)}:${storeKey}`;
}

/** A whole-server session grant's key: `*` stands for every tool (or every read-only tool). */
export function serverKey(sessionId: string, call: ToolCall, readOnlyOnly: boolean): string {
  const scope = { ...scopeOf(call), toolName: readOnlyOnly ? '*read-only' : '*' };
  return sessionKey(sessionId, grantKey(scope));
}

/**
 * Session grains: grants that live in memory until the host's session ends, never in a store.
 * Per-tool ones sit in their own lookup cache (the same O(1) index as remembered grants); a
 * whole-server allow is one map read per call.
 */
export class SessionGrants {
  private cache = new GrantCache();
  /** Whole-server grants, by key (looked up by the key of the call's server). */
  private servers = new Map<string, Grant>();

  constructor(public sessionId: string) {}

  get size(): number {
    return this.cache.size + this.servers.size;
  }

  put(grant: Grant): void {
    if (grant.toolName.startsWith('*')) this.servers.set(grant.key, grant);
    else this.cache.apply({ type: 'put', grant });
  }

  get(key: string): Grant | undefined {
    return this.servers.get(key) ?? this.cache.get(key);
  }

  /** Not a revocation: nothing of it is left behind (a session grant is never stored). */
  delete(key: string): boolean {
    return this.servers.delete(key) || this.cache.apply({ type: 'delete', key });
  }

  list(filter: GrantFilter = {}): Grant[] {
    const servers = [...this.servers.values()].filter((grant) => matchesFilter(grant, filter));
    return [...this.cache.list(filter), ...servers];
  }

  /** Ends the session: every session grant is gone. */
  end(next: string): number {
    const count = this.size;
    this.cache = new GrantCache();
    this.servers = new Map();
    this.sessionId = next;
    return count;
  }

  /**
   * The session's answer for a call: a per-tool or per-arguments grant (deny first), else a
   * whole-server allow that covers the tool as it is now (read-only tools below high risk only,
   * when so given; never a tool that may destroy data unless `check` permits it).
   */
  lookup(
    call: ToolCall,
    argsHash: string | null | ArgsHasher,
    now: number,
    check: HitCheck,
  ): LookupResult {
    if (this.size === 0) return NO_GRANT;
    const own = this.cache.size > 0 ? this.cache.lookup(call, argsHash, now, check) : NO_GRANT;
    if (own.status !== 'prompt' || this.servers.size === 0) return own;
    const hints = effectiveHints(call.tool.annotations);
    const readOnly = this.servers.get(serverKey(this.sessionId, call, true));
    const all = this.servers.get(serverKey(this.sessionId, call, false));
    // "Read-only tools" is the server's claim: never one the kit rates high risk (a read-only
    // tool that may reach the internet can send data out; a server may rate its own tool high).
    const grant =
      readOnly && hints.readOnly && check.tier !== 'high'
        ? readOnly
        : all && check.allowAlwaysPermitted
          ? all
          : undefined;
    if (!grant || expiryMs(grant) <= now) return own;
    return { status: 'allow', reason: 'grant_allow', grant };
  }
}
