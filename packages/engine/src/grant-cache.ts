import { compareText } from './canonical-json.js';
import { frozenCopy, grantInterner } from './grant-copy.js';
import { SCOPE_IDS } from './grant-key.js';
import { changedParts, isDescribed, pinTool } from './hash.js';
import {
  applyChange,
  emptyStoreState,
  isUsableGrant,
  timeOf,
  type DeferredGrants,
  type StoreChange,
} from './store.js';
import type { Grant, GrantScope, LookupResult, RiskTier, ToolCall } from './types.js';

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
  /** The result it answers with, made on first use and then reused (most grants never hit). */
  hit: LookupResult | undefined;
  from?: undefined;
}

/** What a server object a host reuses for its connection resolved to: its tools level. */
interface ServerMemo {
  id: string;
  userId: string;
  workspaceId: string;
  tools: Level<Entry | ToolSlot>;
  /**
   * Per tool looked up whose only grant is per tool: a copy of its entry, made when first looked
   * up, so a hit reads memory made together; emptied when the cache changes.
   */
  only: Level<Entry>;
  gen: number;
}

/** Hashes a call's arguments when a per-arguments grant needs them; null when it cannot. */
export type ArgsHasher = (args: unknown) => string | null;

/** A grant of a store's load not read yet: where it is (its columns name its scope). */
interface Deferred {
  from: DeferredGrants;
  at: number;
  argsHash: string;
  grant?: undefined;
}

/**
 * The grants of one user, workspace, server and tool, when there is more than a per-tool entry
 * (per-arguments grants, or one not read yet). A tool with only a per-tool entry has the entry
 * itself in its level: one object less per grant, and one read less per hit.
 */
interface ToolSlot {
  grant?: undefined;
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
 * The in-memory grant index behind `lookup`: a memo per server object a host reuses, then one
 * Map read per call (the tool), whatever the number of grants, with no key string built on the
 * way. Grants, revocations and the last clear follow the same ordering rules as every store
 * (`applyChange`), so a late or repeated change — a slow first load, another tab's message —
 * can never undo a newer answer or a revoke.
 */
export class GrantCache {
  /** The grants (by key) under the store rules; each is indexed by its scope. */
  private readonly state = emptyStoreState();
  /** Grants of a load not read yet, by key (never a key `state` holds). */
  private readonly deferred = new Map<string, Deferred>();
  private readonly index: Level<Level<Level<Level<Entry | ToolSlot>>>> = new Map();
  /** One frozen pin per tool definition seen and one string per id, shared by its grants. */
  private readonly interner = grantInterner();
  /**
   * The tools level resolved once per server object (a host reuses one per connection), so a
   * lookup skips three Map reads. Levels are never removed, so a memo cannot go stale.
   */
  private readonly servers = new WeakMap<object, ServerMemo>();
  /** Counts changes of the index: a memo's entries are good while it has not moved. */
  private gen = 0;
  /** Told how many deferred grants were malformed, when they are read. */
  onMalformed?: (count: number) => void;

  get size(): number {
    return this.state.grants.size + this.deferred.size;
  }

  /** Applies one change by the store rules; returns whether the grants changed. */
  apply(change: StoreChange): boolean {
    if (change.type === 'clear') {
      this.readAll();
      const before = [...this.state.grants.values()];
      if (!applyChange(this.state, change)) return false;
      for (const grant of before)
        if (this.state.grants.get(grant.key) !== grant) this.remove(grant, grant.argsHash, grant);
      return true;
    }
    const key = change.type === 'put' ? change.grant.key : change.key;
    this.read(key);
    const frozen =
      change.type === 'put'
        ? { type: 'put' as const, grant: frozenCopy(change.grant, this.interner) }
        : change;
    const was = this.state.grants.get(key);
    if (!applyChange(this.state, frozen)) return false;
    const held = this.state.grants.get(key);
    if (held === was) return false; // only a revocation was noted
    if (was) this.remove(was, was.argsHash, was);
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
    return out.sort((a, b) => compareText(a.grantedAt, b.grantedAt));
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
    const only = memo.only.get(name);
    if (only) return decideFrom(undefined, only, call, now, check, false);
    const found = memo.tools.get(name);
    if (!found) return NO_GRANT;
    // A tool whose only grant is per tool: its entry, decided without a slot.
    if (found.grant) {
      // A copy made now, next to the memo: a hit then reads memory made together, not an entry
      // somewhere among a million (the entry never changes; a change of the cache drops it).
      memo.only.set(name, { ...found });
      return decideFrom(undefined, found, call, now, check, false);
    }
    if (typeof argsHash === 'function') argsHash = found.args?.size ? argsHash(call.args) : null;
    const byArgs = argsHash ? found.args?.get(argsHash) : undefined;
    const unread = found.tool?.from ? found.tool : byArgs?.from ? byArgs : undefined;
    if (unread) {
      this.settle(unread);
      return this.lookup(call, argsHash, now, check); // settling may have changed the level
    }
    return decideFrom(
      byArgs as Entry | undefined,
      found.tool as Entry | undefined,
      call,
      now,
      check,
      argsHash === null && !!found.args?.size,
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
      const deferred: Deferred = { from, at, argsHash };
      if (this.state.grants.has(key) || this.deferred.has(key)) {
        this.settle(deferred);
        continue;
      }
      this.deferred.set(key, deferred);
      this.place(scopeAt(columns, i), argsHash || undefined, deferred);
    }
    if (malformed > 0) this.onMalformed?.(malformed);
  }

  /** Reads the deferred grant of `key`, if there is one. */
  private read(key: string): void {
    const deferred = this.deferred.get(key);
    if (deferred) this.settle(deferred);
  }

  private readAll(): void {
    for (const deferred of [...this.deferred.values()]) this.settle(deferred);
  }

  /**
   * Replaces a deferred grant with what its store reads: applied as a put by the store rules
   * (revokes and the clear of the same load void it), or left out and reported when malformed
   * or not the grant its key column names.
   */
  private settle(deferred: Deferred): void {
    const { from, at, argsHash } = deferred;
    const key = from.columns[at * 6] as string;
    if (this.deferred.get(key) === deferred) {
      this.deferred.delete(key);
      this.remove(scopeAt(from.columns, at * 6), argsHash || undefined, deferred);
    }
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
    };
    this.place(grant, grant.argsHash, entry);
  }

  /** Puts an entry (per tool, or per arguments) in its tool's level. */
  private place(scope: GrantScope, argsHash: string | undefined, item: Entry | Deferred): void {
    const level = this.levelOf(scope, true)!;
    const name = scope.toolName;
    const held = level.get(name);
    this.gen += 1;
    if (argsHash === undefined && item.grant && (!held || held.grant || !held.args?.size)) {
      // (A deferred per-tool grant of this tool has this key: read before its grant is placed.)
      level.set(name, item);
      return;
    }
    const slot: ToolSlot = held && !held.grant ? held : { tool: held };
    level.set(name, slot);
    if (argsHash === undefined) slot.tool = item;
    else (slot.args ??= new Map()).set(argsHash, item);
  }

  /**
   * Takes `item` (an entry or deferred grant, or the entry of a grant) out of its tool's level,
   * unless another has replaced it; a slot left with a per-tool entry alone becomes it.
   */
  private remove(
    scope: GrantScope,
    argsHash: string | undefined,
    item: Entry | Deferred | Grant,
  ): void {
    const level = this.levelOf(scope, false);
    const name = scope.toolName;
    const held = level?.get(name);
    const is = (found?: Entry | Deferred) => !!found && (found === item || found.grant === item);
    if (!level || !held) return;
    this.gen += 1;
    if (held.grant) {
      if (is(held)) level.delete(name);
      return;
    }
    if (argsHash === undefined) {
      if (is(held.tool)) held.tool = undefined;
    } else if (is(held.args?.get(argsHash))) held.args!.delete(argsHash);
    if (held.args?.size) return;
    if (held.tool?.grant) level.set(name, held.tool);
    else if (!held.tool) level.delete(name);
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

  private levelOf(scope: GrantScope, create: boolean): Level<Entry | ToolSlot> | undefined {
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
    return level as Level<Entry | ToolSlot>;
  }
}

/** The scope named by a deferred grant's columns (key, user, workspace, server, tool, hash). */
const scopeAt = (columns: readonly unknown[], i: number): GrantScope =>
  ({
    userId: columns[i + 1],
    workspaceId: columns[i + 2],
    serverId: columns[i + 3],
    toolName: columns[i + 4],
  }) as GrantScope;

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
  const { grant, tier, pinHash } = entry;
  const tierLife = check.life[tier];
  if (
    entry.expires <= now ||
    entry.granted > now + CLOCK_TOLERANCE_MS ||
    (tierLife !== null && entry.granted + tierLife <= now)
  ) {
    return expiredOf(entry);
  }
  if (!isDescribed(call.tool)) {
    return { status: 'prompt', reason: 'definition_unknown', grant };
  }
  const current = pinTool(call.tool);
  if (pinHash === undefined || !current || pinHash !== current.hash) {
    const changed = grant.pin ? changedParts(grant.pin, current) : [];
    return { status: 'prompt', reason: 'definition_changed', grant, changed };
  }
  if (TIER_RANK[check.tier] > TIER_RANK[tier]) {
    return { status: 'prompt', reason: 'risk_raised', grant };
  }
  if (!check.allowAlwaysPermitted) return { status: 'prompt', reason: 'not_permitted', grant };
  return hitOf(entry);
}

const hitOf = (entry: Entry): LookupResult => {
  const { allow } = entry;
  return (entry.hit ??= Object.freeze({
    status: allow ? 'allow' : 'deny',
    reason: allow ? 'grant_allow' : 'grant_deny',
    grant: entry.grant,
  }));
};

/** Made when asked (an expired grant leads to a prompt, which costs far more than this). */
const expiredOf = (entry: Entry): LookupResult =>
  Object.freeze({ status: 'prompt', reason: 'expired', grant: entry.grant });

/** Whether a grant is in a filter's scope (every id the filter names matches). */
export const matchesFilter = (grant: Grant, filter: GrantFilter): boolean =>
  SCOPE_IDS.every((id) => filter[id] === undefined || grant[id] === filter[id]);

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
