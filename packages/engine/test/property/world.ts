import {
  applyChange,
  createManualClock,
  createPermissionEngine,
  emptyStoreState,
  hashArgsSync,
  pinTool,
  snapshotOf,
  type Grant,
  type GrantStore,
  type ManualClock,
  type PermissionEngine,
  type StoreChange,
  type StoreSnapshot,
  type ToolDefinition,
} from '@mcp-consent/engine';
import { argsId, fingerprint, LIFE, Model, Seen, tierOf, type CallFacts } from './model.js';

/**
 * A small world of two processes (two engines) sharing one store on a simulated disk, driven
 * step by step: each process's store applies writes to the disk at once, but the other process
 * hears them only when a step delivers them, and a load can be held, failed or raced. The driver
 * records what each process saw, so the model can say what each may decide.
 */

/** What the user answered, while the engine writes what follows from it. */
export interface Answering {
  call: CallFacts;
  answer: unknown;
  now: number;
}

export interface Proc {
  readonly index: number;
  engine: PermissionEngine;
  seen: Seen;
  inbox: StoreChange[];
  listener: ((change: StoreChange) => void) | undefined;
  releaseLoad: (() => void) | undefined;
  /** Ends the current engine's store: a held load fails, later writes fail (a killed process). */
  kill: (() => void) | undefined;
  failNext: { put: boolean; delete: boolean };
  answering: Answering | undefined;
}

/** The hash the engine should give these arguments, or undefined when they cannot be hashed. */
function wireHash(args: unknown): string | undefined {
  try {
    return hashArgsSync(JSON.parse(JSON.stringify(args ?? {})));
  } catch {
    return undefined;
  }
}

export type LoadMode = 'now' | 'hold' | 'fail';

export class World {
  readonly clock: ManualClock = createManualClock(Date.UTC(2026, 10, 25));
  readonly disk = emptyStoreState();
  readonly model = new Model();
  readonly procs: Proc[] = [];
  /** Broken promises: each is a reason the invariant failed. */
  readonly violations: string[] = [];

  constructor() {
    for (const index of [0, 1]) {
      const proc = { index, seen: new Seen(), inbox: [], failNext: { put: false, delete: false } };
      this.procs.push(proc as unknown as Proc);
      this.start(this.procs[index]!, 'now');
    }
  }

  /** Starts (or restarts) a process: a new engine whose first load is now, held, or failing. */
  start(proc: Proc, load: LoadMode): void {
    proc.kill?.();
    proc.engine?.dispose();
    proc.seen = new Seen();
    proc.inbox = [];
    proc.listener = undefined;
    proc.releaseLoad = undefined;
    proc.answering = undefined;
    proc.engine = createPermissionEngine({
      store: this.storeFor(proc, load),
      clock: this.clock,
      readyWaitMs: 0,
    });
  }

  private storeFor(proc: Proc, load: LoadMode): GrantStore {
    const disk = this.disk;
    // This engine instance's view: a restart starts a new one, and a killed store adds nothing.
    const seen = proc.seen;
    let alive = true;
    let failHeld: (() => void) | undefined;
    proc.kill = () => {
      alive = false;
      failHeld?.();
    };
    const living = () => {
      if (!alive) throw new Error('the process was restarted');
    };
    const broadcast = (change: StoreChange) => {
      for (const other of this.procs) if (other !== proc) other.inbox.push(change);
    };
    const read = (contents = disk): StoreSnapshot => {
      const snapshot = snapshotOf(contents);
      for (const grant of snapshot.grants) seen.grant(grant);
      for (const { key, revokedAt } of snapshot.revocations) seen.revocation(key, revokedAt);
      if (snapshot.clearedAt) seen.clear(snapshot.clearedAt);
      return snapshot;
    };
    const loadState = (): Promise<StoreSnapshot> => {
      if (load === 'fail') return Promise.reject(new Error('the disk is unreadable'));
      if (load === 'now') return Promise.resolve(read());
      // A slow load: it reads the disk now and hands the contents over when released, so what
      // it returns may be older than answers given meanwhile (a big file, a cold IndexedDB).
      const contents = structuredClone(this.disk);
      return new Promise((resolve, reject) => {
        proc.releaseLoad = () => alive && resolve(read(contents));
        failHeld = () => reject(new Error('the process was restarted'));
      });
    };
    return {
      load: () => loadState().then((snapshot) => snapshot.grants),
      loadState,
      put: async (grant) => {
        living();
        try {
          this.checkWritten(proc, grant);
        } catch (error) {
          // The checker must never pass for a store failure, which the engine fails closed on.
          this.violations.push(`the check of a written grant crashed: ${String(error)}`);
        }
        seen.grant(grant);
        if (proc.failNext.put) {
          proc.failNext.put = false;
          throw new Error('the disk is full');
        }
        const copy = structuredClone(grant);
        if (applyChange(disk, { type: 'put', grant: copy }))
          broadcast({ type: 'put', grant: copy });
      },
      delete: async (key, grant, revokedAt) => {
        living();
        if (revokedAt === undefined) this.violations.push(`a revoke of ${key} without revokedAt`);
        else seen.revocation(key, revokedAt);
        if (proc.failNext.delete) {
          proc.failNext.delete = false;
          throw new Error('the disk is read-only');
        }
        const change: StoreChange = {
          type: 'delete',
          key,
          ...(grant ? { grant } : {}),
          ...(revokedAt ? { revokedAt } : {}),
        };
        if (applyChange(disk, change)) broadcast(structuredClone(change));
      },
      clear: async (clearedAt) => {
        living();
        if (clearedAt === undefined) this.violations.push('a clear without clearedAt');
        else seen.clear(clearedAt);
        const change: StoreChange = clearedAt ? { type: 'clear', clearedAt } : { type: 'clear' };
        if (applyChange(disk, change)) broadcast(change);
      },
      subscribe: (listener) => {
        proc.listener = listener;
        return () => {
          if (proc.listener === listener) proc.listener = undefined;
        };
      },
    };
  }

  /**
   * A grant written by someone else (another host, a hand edit of the file) straight onto the
   * disk, claiming whatever it likes, and announced to both processes.
   */
  plant(grant: Grant, tool: ToolDefinition, heardAtOnce: boolean): void {
    this.model.record({
      grant,
      args: '*',
      fingerprint: grant.decision === 'allow' ? fingerprint(tool) : null,
      tier: grant.riskTier,
    });
    const copy = structuredClone(grant);
    if (!applyChange(this.disk, { type: 'put', grant: copy })) return;
    for (const proc of this.procs) {
      if (!heardAtOnce) {
        proc.inbox.push({ type: 'put', grant: copy });
        continue;
      }
      proc.seen.grant(copy);
      proc.listener?.({ type: 'put', grant: structuredClone(copy) });
    }
  }

  /** Hands the oldest `count` waiting changes to a process, as a watcher or a channel would. */
  deliver(proc: Proc, count: number): void {
    for (const change of proc.inbox.splice(0, count)) {
      if (change.type === 'put') proc.seen.grant(change.grant);
      else if (change.type === 'delete' && change.revokedAt)
        proc.seen.revocation(change.key, change.revokedAt);
      else if (change.type === 'clear' && change.clearedAt) proc.seen.clear(change.clearedAt);
      proc.listener?.(structuredClone(change));
    }
  }

  /**
   * A grant may only be written as the consequence of an answer being given, and must be
   * exactly what was answered: decision, scope, arguments, definition, tier and a lifetime no
   * longer than the answer and the tier allow.
   */
  private checkWritten(proc: Proc, grant: Grant): void {
    const ctx = proc.answering;
    if (!ctx) {
      this.violations.push(`process ${proc.index} wrote ${grant.key} with no answer being given`);
      return;
    }
    const { call, answer, now } = ctx;
    const detail =
      typeof answer === 'object' && answer !== null
        ? (answer as { choice?: unknown; argsOnly?: unknown; ttlMs?: unknown })
        : { choice: answer };
    const allow = detail.choice === 'allow_always';
    const problems: string[] = [];
    if (!(allow || detail.choice === 'deny_always'))
      problems.push(`answer was ${String(detail.choice)}`);
    if (grant.decision !== (allow ? 'allow' : 'deny')) problems.push(`decision ${grant.decision}`);
    if (
      grant.userId !== call.userId ||
      grant.workspaceId !== call.workspaceId ||
      grant.serverId !== call.server.id ||
      grant.toolName !== call.tool.name
    ) {
      problems.push('another scope');
    }
    const argsOnly = detail.argsOnly === true;
    if (argsOnly !== (grant.argsHash !== undefined)) problems.push('argsOnly not kept');
    if (argsOnly && argsId(call.args) === '*') problems.push('argsOnly on unhashable arguments');
    if (argsOnly && grant.argsHash !== wireHash(call.args)) problems.push('another arguments hash');
    const tier = tierOf(call.tool, call.server);
    if (grant.riskTier !== tier) problems.push(`tier ${grant.riskTier}, not ${tier}`);
    if (allow && grant.pin?.hash !== pinTool(call.tool)?.hash) problems.push('another pin');
    const ttl = typeof detail.ttlMs === 'number' ? detail.ttlMs : Infinity;
    const longest = Math.min(ttl, allow ? LIFE[tier] : Infinity);
    const expires = grant.expiresAt === null ? Infinity : Date.parse(grant.expiresAt);
    if (expires > now + longest) problems.push(`expires ${grant.expiresAt}`);
    if (Date.parse(grant.grantedAt) < now) problems.push('granted before the answer');
    if (problems.length > 0) {
      this.violations.push(
        `process ${proc.index} wrote a grant the user did not give: ${problems.join(', ')}`,
      );
      return;
    }
    this.model.record({
      grant,
      args: argsOnly ? argsId(call.args) : '*',
      fingerprint: allow ? fingerprint(call.tool) : null,
      tier,
    });
  }

  /** After every step: no cache holds a grant that something its process saw voids. */
  checkCaches(): void {
    for (const proc of this.procs) {
      for (const held of proc.engine.grants()) {
        const why = this.model.resurrected(proc.seen, held);
        if (why)
          this.violations.push(`process ${proc.index} holds ${held.decision} ${held.key}: ${why}`);
      }
    }
  }
}
