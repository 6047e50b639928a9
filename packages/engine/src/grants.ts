import type { EngineCore } from './core.js';
import { StoreUnavailableError } from './errors.js';
import { scopeOf, type GrantFilter } from './grant-cache.js';
import { grantKey } from './grant-key.js';
import { pinTool } from './hash.js';
import { asError } from './hub.js';
import type { PromptEntry } from './prompt-queue.js';
import { serverKey, sessionKey } from './session.js';
import type { ChoiceDetail, Grant, ToolCall } from './types.js';

const FILTER_KEYS: ReadonlySet<string> = new Set(['userId', 'workspaceId', 'serverId', 'toolName']);
const iso = (ms: number) => new Date(ms).toISOString();

/** A filter that names a key must name an id: `{ userId: undefined }` must never mean "everyone". */
export function checkFilter(filter: unknown): GrantFilter {
  if (filter === undefined) return {};
  if (typeof filter !== 'object' || filter === null) {
    throw new TypeError('A grant filter must be an object such as { userId, workspaceId }.');
  }
  for (const [key, value] of Object.entries(filter)) {
    if (!FILTER_KEYS.has(key)) {
      throw new TypeError(
        `Unknown grant filter key "${key}": use userId, workspaceId, serverId or toolName.`,
      );
    }
    if (typeof value !== 'string' || value.length === 0) {
      throw new TypeError(
        `The grant filter's ${key} must be a non-empty id, not ${value === '' ? 'an empty string' : String(value)}; pass no filter to mean every grant.`,
      );
    }
  }
  return filter as GrantFilter;
}

/**
 * Remembering and forgetting: the grant an "always" answer makes, saving it (bounded, so a store
 * that hangs never hangs a decision), and revokes that stay revoked (each remembered with its
 * time, in the cache and the store).
 */
export class Grants {
  constructor(private readonly core: EngineCore) {}

  /** Caches a grant and saves it; resolves once the store has it, rejects (and fails the engine) if not. */
  private write(grant: Grant): Promise<void> {
    const { cache, hub, options } = this.core;
    cache.apply({ type: 'put', grant });
    hub.grantsChanged();
    return Promise.resolve()
      .then(() => options.store.put(cache.get(grant.key) ?? grant))
      .catch((error: unknown) => {
        // A write that fails leaves us unsure what is stored: stop trusting the cache.
        hub.fail(error);
        throw error;
      });
  }

  /** Waits at most `saveWaitMs` for a save; past that, rejects saying the answer may not be saved. */
  private bounded(save: Promise<void>): Promise<void> {
    const { clock, saveWaitMs } = this.core.options;
    if (!clock.setTimer) return save;
    return new Promise<void>((resolve, reject) => {
      const cancel = clock.setTimer!(
        () =>
          reject(
            new StoreUnavailableError(
              `The answer was not saved within ${saveWaitMs} ms: it applies to this call, but may not be remembered.`,
            ),
          ),
        saveWaitMs,
      );
      save.then(
        () => (cancel(), resolve()),
        (error: unknown) => (cancel(), reject(asError(error))),
      );
    });
  }

  /**
   * The grant an "always" answer makes (a session one when `detail.session`), or undefined when
   * it cannot be remembered (no pin). `ran` is the call as it will run (the user may have edited
   * its arguments): an args-narrowed grant is keyed on what ran.
   */
  make(
    entry: PromptEntry,
    detail: ChoiceDetail,
    ran: { call: ToolCall; argsHash: string | null } = entry,
  ): Grant | undefined {
    const { cache, session, options } = this.core;
    const allow = detail.choice === 'allow_always';
    const server = detail.session && detail.scope !== undefined && detail.scope !== 'tool';
    const pin = allow && !server ? pinTool(ran.call.tool) : null;
    if (allow && !server && !pin) return undefined;
    const now = options.clock.now();
    const tierLife = allow ? options.expiry[entry.risk.tier] : options.denyExpiry;
    const life =
      detail.ttlMs !== undefined ? Math.min(detail.ttlMs, tierLife ?? Infinity) : tierLife;
    const scope = {
      ...scopeOf(ran.call),
      ...(detail.argsOnly && ran.argsHash ? { argsHash: ran.argsHash } : {}),
    };
    const key = !detail.session
      ? grantKey(scope)
      : server
        ? serverKey(session.sessionId, ran.call, detail.scope === 'server_read_only')
        : sessionKey(session.sessionId, grantKey(scope));
    return {
      ...scope,
      ...(server ? { toolName: detail.scope === 'server_read_only' ? '*read-only' : '*' } : {}),
      key,
      decision: allow ? 'allow' : 'deny',
      // Newer than anything held for the key (a grant, a revoke), even within one millisecond.
      grantedAt: iso(Math.max(now, cache.floor(key) + 1)),
      expiresAt: life === null ? null : iso(now + life),
      grantedBy: ran.call.userId,
      riskTier: entry.risk.tier,
      ...(pin ? { pin } : {}),
      ...(detail.session ? { sessionId: session.sessionId } : {}),
      ...(detail.ttlMs !== undefined ? { grain: 'timed' as const } : {}),
    };
  }

  /** Keeps a session grant in memory (never in a store). */
  keepForSession(grant: Grant): void {
    this.core.session.put(grant);
    this.core.hub.grantsChanged();
  }

  /** Caches and saves a grant; the promise settles when saved, or after `saveWaitMs`. */
  save(grant: Grant): Promise<void> {
    return this.bounded(this.write(grant));
  }

  /** Remembered grants, then the session's, oldest first within each. */
  readonly list = (filter?: GrantFilter): Grant[] => {
    const checked = checkFilter(filter);
    const { cache, session } = this.core;
    return session.size === 0
      ? cache.list(checked)
      : [...cache.list(checked), ...session.list(checked)];
  };

  /** Revokes one key in the cache as of now: its grant and every older one that arrives later. */
  private revokeInCache(key: string): string {
    const { cache, options } = this.core;
    const revokedAt = iso(Math.max(options.clock.now(), cache.floor(key) + 1));
    cache.apply({ type: 'delete', key, revokedAt });
    return revokedAt;
  }

  /** Runs a store write; a failure fails the engine closed and is thrown to the caller. */
  private stored(write: () => Promise<void>): Promise<void> {
    return Promise.resolve()
      .then(write)
      .catch((error: unknown) => {
        this.core.hub.fail(error);
        throw error;
      });
  }

  readonly revoke = async (keyOrGrant: string | Grant): Promise<boolean> => {
    const { cache, hub, sync, options } = this.core;
    const key = typeof keyOrGrant === 'string' ? keyOrGrant : keyOrGrant?.key;
    if (typeof key !== 'string' || key.length === 0) {
      throw new TypeError('revoke() needs a grant or its non-empty key.');
    }
    if (this.core.session.delete(key)) {
      hub.grantsChanged();
      return true;
    }
    // Once synced, the cache changes before this returns: the next lookup already sees it.
    if (hub.status === 'syncing') await sync.settled();
    const removed = cache.get(key);
    const revokedAt = this.revokeInCache(key);
    if (removed) hub.grantsChanged();
    await this.stored(() => options.store.delete(key, removed, revokedAt));
    return removed !== undefined;
  };

  readonly revokeAll = async (filter?: GrantFilter): Promise<number> => {
    const { cache, hub, sync, options } = this.core;
    const checked = checkFilter(filter);
    if (hub.status === 'syncing') await sync.settled();
    const everything = Object.keys(checked).length === 0;
    if (hub.status === 'failed' && !everything) {
      // What the store holds is unknown, so the grants the filter means cannot be listed:
      // revoking "none" would tell the user their grants are gone while the store keeps them.
      throw new StoreUnavailableError(
        `Cannot revoke by filter: the saved permissions could not be read (${hub.storeError?.message ?? 'store failed'}). Revoke a grant by its key, or revoke all.`,
      );
    }
    const fromSession = this.core.session.list(checked);
    for (const grant of fromSession) this.core.session.delete(grant.key);
    if (fromSession.length > 0) hub.grantsChanged();
    const doomed = cache.list(checked);
    if (everything) {
      const latest = Math.max(
        options.clock.now(),
        ...doomed.map((g) => Date.parse(g.grantedAt) + 1),
      );
      const clearedAt = iso(latest);
      cache.apply({ type: 'clear', clearedAt });
      hub.grantsChanged();
      await this.stored(() => options.store.clear(clearedAt));
      return doomed.length + fromSession.length;
    }
    const revoked = doomed.map((grant) => ({ grant, revokedAt: this.revokeInCache(grant.key) }));
    hub.grantsChanged();
    for (const { grant, revokedAt } of revoked) {
      await this.stored(() => options.store.delete(grant.key, grant, revokedAt));
    }
    return doomed.length + fromSession.length;
  };
}
