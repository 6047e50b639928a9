import { frozenCopy } from './grant-copy.js';
import { changedParts, isDescribed, pinTool } from './hash.js';
import {
  applyChange,
  emptyStoreState,
  isUsableGrant,
  timeOf,
  type DeferredGrants,
  type StoreChange,
} from './store.js';
import type { Grant, GrantScope, LookupResult, RiskTier, ToolCall, ToolPin } from './types.js';

export type GrantFilter = Partial<
  Pick<GrantScope, 'userId' | 'workspaceId' | 'serverId' | 'toolName'>
>;

/**
 * What a hit is re-validated against, computed by the engine for the call at hand: a grant is
 * only as good as the tool's current definition, risk and the host's current rules.
 */
export interface HitCheck {
  /** The call's tier now (annotations, `_meta`, the server's trust as the host says today). */
  tier: RiskTier;
  /** Whether Allow always may be given for the tool as it is defined now. */
  allowAlwaysPermitted: boolean;
  /** Allow-always lifetime per tier, ms; null = never expires. */
  life: Readonly<Record<RiskTier, number | null>>;
}

/**
 * A cached grant with what `lookup` needs precomputed, so a hit allocates nothing and reads
 * only this entry (not the grant, which sits elsewhere in memory).
 */
interface Entry {
  grant: Grant;
  allow: boolean;
  /** Epoch ms; parsed once. */
  granted: number;
  expires: number;
  tier: RiskTier;
  pinHash: string | undefined;
  /** The results it answers with, made on first use and then reused (most grants never hit). */
  hit?: LookupResult;
  expired?: LookupResult;
  from?: undefined;
}

/** What a server object a host reuses for its connection resolved to: its tools level. */
interface ServerMemo {
  id: string;
  userId: string;
  workspaceId: string;
  tools: Level<ToolSlot>;
  /**
   * Per tool with a per-tool grant and no per-arguments one: that grant's entry, so a hit reads
   * it alone. Made with the memo (near it in memory); emptied when the cache changes (`gen`).
   */
  only: Level<Entry>;
  gen: number;
}

/** Hashes a call's arguments when a per-arguments grant needs them; null when it cannot. */
export type ArgsHasher = (args: unknown) => string | null;

/** A grant of a store's load not read yet: where it is, and the slot its columns name. */
interface Deferred {
  from: DeferredGrants;
  at: number;
  slot: ToolSlot;
  argsHash: string;
  grant?: undefined;
}

/** The grants of one user, workspace, server and tool. */
interface ToolSlot {
  tool?: Entry | Deferred;
  args?: Map<string, Entry | Deferred>;
}

type Level<T> = Map<string, T>;

const TIER_RANK: Readonly<Record<RiskTier, number>> = { low: 0, medium: 1, high: 2 };
/**
 * How far in the future a grant's time may be and still count: clocks of one machine agree, and
 * an answer given in the same millisecond as the one it replaces is stamped 1 ms later. A grant
 * further ahead means the clock moved back, and its lifetime can no longer be measured.
 */
export const CLOCK_TOLERANCE_MS = 60_000;

export const NO_GRANT: LookupResult = Object.freeze({ status: 'prompt', reason: 'no_grant' });
const ARGS_HASH_UNKNOWN: LookupResult = Object.freeze({
  status: 'prompt',
  reason: 'args_hash_unknown',
});

/**
 * The in-memory grant index behind `lookup`: four nested Map reads per call
 * (user, workspace, server, tool), whatever the number of grants, with no key
 * string built on the way. Grants, revocations and the last clear follow the same
 * ordering rules as every store (`applyChange`), so a late or repeated change —
 * a slow first load, another tab's message — can never undo a newer answer or a revoke.
 */
export class GrantCache {
  private readonly state = emptyStoreState();
  private readonly entries = new Map<string, Entry | Deferred>();
  private readonly index: Level<Level<Level<Level<ToolSlot>>>> = new Map();
  /** One frozen pin per tool definition seen, shared by its grants. */
  private readonly pins = new Map<string, ToolPin>();
  /**
   * The server level resolved once per server object (a host reuses one per connection), so a
   * lookup skips three Map reads. Levels are never removed, so a memo cannot go stale.
   */
  private readonly servers = new WeakMap<object, ServerMemo>();
  /** Counts changes of the index: a memo's entries are good while it has not moved. */
  private gen = 0;
  /** Told how many deferred grants were malformed, when they are read. */
  onMalformed?: (count: number) => void;

  get size(): number {
    return this.entries.size;
  }

  /** Applies one change by the store rules; returns whether the grants changed. */
  apply(change: StoreChange): boolean {
    if (change.type === 'clear') this.readAll();
    else this.read(change.type === 'put' ? change.grant.key : change.key);
    const frozen =
      change.type === 'put'
        ? { type: 'put' as const, grant: frozenCopy(change.grant, this.pins) }
        : change;
    if (!applyChange(this.state, frozen)) return false;
    if (frozen.type === 'clear') {
      for (const key of [...this.entries.keys()])
        if (!this.state.grants.has(key)) this.unindex(key);
      return true;
    }
    const key = frozen.type === 'put' ? frozen.grant.key : frozen.key;
    const held = this.state.grants.get(key);
    if (held === this.entries.get(key)?.grant) return false; // only a revocation was noted
    this.unindex(key);
    if (held) this.index_(held);
    return true;
  }

  /** The time a new answer for `key` must be later than: the held grant, a revoke, a clear. */
  floor(key: string): number {
    this.read(key);
    return Math.max(
      timeOf(this.state.grants.get(key)?.grantedAt),
      timeOf(this.state.revocations.get(key)),
      timeOf(this.state.clearedAt),
    );
  }

  get(key: string): Grant | undefined {
    this.read(key);
    return this.state.grants.get(key);
  }

  list(filter: GrantFilter = {}): Grant[] {
    this.readAll();
    const out: Grant[] = [];
    for (const grant of this.state.grants.values()) {
      if (matchesFilter(grant, filter)) out.push(grant);
    }
    return out.sort((a, b) => (a.grantedAt < b.grantedAt ? -1 : a.grantedAt > b.grantedAt ? 1 : 0));
  }

  /**
   * Any live deny wins; then a live allow that is still valid for the call as it is now
   * (`checkAllow`); anything else asks, saying why (expired, changed, raised risk, unknown).
   * `argsHash` null: the arguments cannot be hashed, so only per-tool grants can match; a
   * hasher: called only when a per-arguments grant exists for the tool.
   */
  lookup(
    call: ToolCall,
    argsHash: string | null | ArgsHasher,
    now: number,
    check: HitCheck,
  ): LookupResult {
    const memo = this.memoOf(call);
    if (!memo) return NO_GRANT;
    const name = call.tool.name;
    // A tool whose only grant is per tool: its entry, read without the slot.
    const only = memo.only.get(name);
    if (only) return decideFrom(undefined, only, call, now, check, false);
    const slot = memo.tools.get(name);
    if (!slot) return NO_GRANT;
    if (slot.tool?.from) this.settle(slot.tool);
    if (typeof argsHash === 'function') argsHash = slot.args?.size ? argsHash(call.args) : null;
    let found = argsHash ? slot.args?.get(argsHash) : undefined;
    if (found?.from) {
      this.settle(found);
      found = slot.args?.get(argsHash!);
    }
    // Read above: no deferred grant is left in this slot.
    const byTool = slot.tool as Entry | undefined;
    const perArgs = slot.args?.size ?? 0;
    // Kept until the cache changes (settling above may have changed it already).
    if (byTool && perArgs === 0 && memo.gen === this.gen) memo.only.set(name, byTool);
    return decideFrom(
      found as Entry | undefined,
      byTool,
      call,
      now,
      check,
      argsHash === null && perArgs > 0,
    );
  }

  /**
   * Indexes a load's deferred grants by their columns, unread. A key the cache already holds
   * (an answer given while the store loaded) is read at once, so the store rules decide.
   */
  defer(from: DeferredGrants): void {
    const { columns } = from;
    let malformed = 0;
    for (let at = 0, i = 0; i + 6 <= columns.length; at += 1, i += 6) {
      const key = columns[i];
      const argsHash = columns[i + 5];
      if (
        typeof key !== 'string' ||
        typeof argsHash !== 'string' ||
        typeof columns[i + 1] !== 'string' ||
        typeof columns[i + 2] !== 'string' ||
        typeof columns[i + 3] !== 'string' ||
        typeof columns[i + 4] !== 'string'
      ) {
        malformed += 1;
        continue;
      }
      const scope = {
        userId: columns[i + 1],
        workspaceId: columns[i + 2],
        serverId: columns[i + 3],
        toolName: columns[i + 4],
      } as GrantScope;
      const slot = this.slot(scope, true)!;
      const deferred: Deferred = { from, at, slot, argsHash };
      if (this.entries.has(key)) {
        this.settle(deferred);
        continue;
      }
      this.entries.set(key, deferred);
      if (argsHash === '') slot.tool = deferred;
      else (slot.args ??= new Map()).set(argsHash, deferred);
    }
    this.gen += 1;
    if (malformed > 0) this.onMalformed?.(malformed);
  }

  /** Reads the deferred grant of `key`, if there is one. */
  private read(key: string): void {
    const entry = this.entries.get(key);
    if (entry?.from) this.settle(entry);
  }

  private readAll(): void {
    for (const entry of [...this.entries.values()]) if (entry.from) this.settle(entry);
  }

  /**
   * Replaces a deferred grant with what its store reads: applied as a put by the store rules
   * (revokes and the clear of the same load void it), or left out and reported when malformed
   * or not the grant its key column names.
   */
  private settle(deferred: Deferred): void {
    const { from, at, slot, argsHash } = deferred;
    const key = from.columns[at * 6] as string;
    if (this.entries.get(key) === deferred) this.drop(key, deferred, slot, argsHash || undefined);
    let grant: unknown;
    try {
      grant = from.read(at);
    } catch {
      grant = undefined;
    }
    if (isUsableGrant(grant) && grant.key === key) this.apply({ type: 'put', grant });
    else this.onMalformed?.(1);
  }

  private index_(grant: Grant): void {
    const entry: Entry = {
      grant,
      allow: grant.decision === 'allow',
      granted: timeOf(grant.grantedAt),
      expires: expiryMs(grant),
      tier: grant.riskTier,
      pinHash: grant.pin?.hash,
      // Present from the start, so every entry has one shape and the lookup stays monomorphic.
      hit: undefined,
      expired: undefined,
    };
    this.entries.set(grant.key, entry);
    this.gen += 1;
    const slot = this.slot(grant, true)!;
    if (grant.argsHash === undefined) slot.tool = entry;
    else (slot.args ??= new Map()).set(grant.argsHash, entry);
  }

  private unindex(key: string): void {
    const entry = this.entries.get(key);
    if (!entry?.grant) return;
    this.drop(key, entry, this.slot(entry.grant, false), entry.grant.argsHash);
  }

  /** Removes `entry` of `key` from the entries and from its slot (per tool, or per arguments). */
  private drop(
    key: string,
    entry: Entry | Deferred,
    slot: ToolSlot | undefined,
    argsHash: string | undefined,
  ): void {
    this.entries.delete(key);
    this.gen += 1;
    if (argsHash === undefined) {
      if (slot?.tool === entry) delete slot.tool;
    } else if (slot?.args?.get(argsHash) === entry) slot.args.delete(argsHash);
  }

  /** The memo of the call's server object for its user and workspace, made when missing. */
  private memoOf(call: ToolCall): ServerMemo | undefined {
    const { server, userId, workspaceId } = call;
    let memo = this.servers.get(server);
    if (memo?.id !== server.id || memo.userId !== userId || memo.workspaceId !== workspaceId) {
      const tools = this.index.get(userId)?.get(workspaceId)?.get(server.id);
      if (!tools) return undefined;
      memo = { id: server.id, userId, workspaceId, tools, only: new Map(), gen: this.gen };
      this.servers.set(server, memo);
    } else if (memo.gen !== this.gen) {
      memo.only.clear();
      memo.gen = this.gen;
    }
    return memo;
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

/**
 * Any live deny wins; then a live allow still valid for the call as it is now; else why it asks.
 * Written out rather than looped over an array: this is the hot path.
 */
function decideFrom(
  byArgs: Entry | undefined,
  byTool: Entry | undefined,
  call: ToolCall,
  now: number,
  check: HitCheck,
  argsUnknown: boolean,
): LookupResult {
  let stale: LookupResult | undefined;
  if (byArgs?.allow === false) {
    if (byArgs.expires > now) return hitOf(byArgs);
    stale = expiredOf(byArgs);
  }
  if (byTool?.allow === false) {
    if (byTool.expires > now) return hitOf(byTool);
    stale ??= expiredOf(byTool);
  }
  const fromArgs = checkAllow(byArgs, call, now, check);
  if (fromArgs && fromArgs === byArgs?.hit) return fromArgs;
  const fromTool = checkAllow(byTool, call, now, check);
  if (fromTool && fromTool === byTool?.hit) return fromTool;
  stale ??= fromArgs ?? fromTool;
  if (stale) return stale;
  return argsUnknown ? ARGS_HASH_UNKNOWN : NO_GRANT;
}

/**
 * An allow entry's hit when it is still valid for the call as it is now; otherwise why not.
 * Valid means: within its life (its own expiry, and its tier's life counted from when it was
 * granted, which cannot be in the future), granted for this definition (pin), for a tier no
 * lower than the call's tier now, and for a tool Allow always may still be given for.
 */
function checkAllow(
  entry: Entry | undefined,
  call: ToolCall,
  now: number,
  check: HitCheck,
): LookupResult | undefined {
  if (!entry?.allow) return undefined;
  const tierLife = check.life[entry.tier];
  if (
    entry.expires <= now ||
    entry.granted > now + CLOCK_TOLERANCE_MS ||
    (tierLife !== null && entry.granted + tierLife <= now)
  ) {
    return expiredOf(entry);
  }
  const { grant } = entry;
  if (!isDescribed(call.tool)) {
    return { status: 'prompt', reason: 'definition_unknown', grant };
  }
  const current = pinTool(call.tool);
  if (entry.pinHash === undefined || !current || entry.pinHash !== current.hash) {
    const changed = grant.pin ? changedParts(grant.pin, current) : [];
    return { status: 'prompt', reason: 'definition_changed', grant, changed };
  }
  if (TIER_RANK[check.tier] > TIER_RANK[entry.tier]) {
    return { status: 'prompt', reason: 'risk_raised', grant };
  }
  if (!check.allowAlwaysPermitted) return { status: 'prompt', reason: 'not_permitted', grant };
  return hitOf(entry);
}

const hitOf = (entry: Entry): LookupResult =>
  (entry.hit ??= Object.freeze({
    status: entry.allow ? 'allow' : 'deny',
    reason: entry.allow ? 'grant_allow' : 'grant_deny',
    grant: entry.grant,
  }));

const expiredOf = (entry: Entry): LookupResult =>
  (entry.expired ??= Object.freeze({ status: 'prompt', reason: 'expired', grant: entry.grant }));

/** Whether a grant is in a filter's scope (every id the filter names matches). */
export function matchesFilter(grant: Grant, filter: GrantFilter): boolean {
  return (
    (filter.userId === undefined || grant.userId === filter.userId) &&
    (filter.workspaceId === undefined || grant.workspaceId === filter.workspaceId) &&
    (filter.serverId === undefined || grant.serverId === filter.serverId) &&
    (filter.toolName === undefined || grant.toolName === filter.toolName)
  );
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
export const expiryMs = (grant: Grant): number =>
  grant.expiresAt === null ? Infinity : timeOf(grant.expiresAt);

export function isExpired(grant: Grant, now: number): boolean {
  return expiryMs(grant) <= now;
}
