import { DAY_MS } from './answers.js';
import { assessCall } from './assess.js';
import { createCore, newSessionId } from './core.js';
import { checkLifetimes } from './answers.js';
import { createDecide } from './decide.js';
import type { PermissionEngine, PermissionEngineOptions } from './engine-types.js';
import { Grants } from './grants.js';
import { hashArgsSync } from './hash.js';
import { checkMode, DEFAULT_EXPIRY, resolveOptions } from './options.js';
import { Scheduler } from './scheduler.js';
import { validateCall, wireCopy } from './snapshot.js';

export { DAY_MS, DEFAULT_EXPIRY };

/**
 * The permission engine: a small facade over its parts, one job each —
 * `sync.ts` (the cache from the store), `decide.ts` (one request to its decision),
 * `scheduler.ts` (the prompt queue), `grants.ts` (remembering and revoking),
 * `core.ts` (lookups and the audit fan-out), `hub.ts` (events and the snapshot).
 */
export function createPermissionEngine(options: PermissionEngineOptions): PermissionEngine {
  const core = createCore(resolveOptions(options), options);
  const grants = new Grants(core);
  const scheduler = new Scheduler(core, grants);
  const request = createDecide(core, scheduler);
  const { hub, sync } = core;

  return {
    ready: sync.ready,
    lookup(call, lookupOptions = {}) {
      validateCall(call);
      // Without one, hashed only when a per-arguments grant (a Deny always for these arguments) exists.
      const { argsHash = wireHash } = lookupOptions;
      return core.find(call, argsHash, assessCall(call, core.options.risk));
    },
    assess: (call) => assessCall(call, core.options.risk),
    request,
    pending: () => core.queue.list(),
    resolve: scheduler.resolve,
    cancel: scheduler.cancel,
    grants: grants.list,
    revoke: grants.revoke,
    revokeAll: grants.revokeAll,
    subscribe: hub.subscribe,
    getSnapshot: hub.getSnapshot,
    dispose() {
      sync.dispose();
      scheduler.dispose();
    },
    setPolicy(sources) {
      const errors = core.policy.set(sources);
      hub.notify({ type: 'policy' });
      return errors;
    },
    policy: () => core.policy.state,
    explain(call) {
      validateCall(call);
      const compiled = core.policy.compiled;
      if (!compiled) return { verdict: null, ignored: [] };
      return compiled.explain({
        server: call.server.id,
        tool: call.tool.name,
        tier: assessCall(call, core.options.risk).risk.tier,
        annotations: call.tool.annotations,
        args: call.args,
      });
    },
    get mode() {
      return core.settings.mode;
    },
    setMode(mode) {
      core.settings.mode = checkMode(mode);
      hub.notify({ type: 'mode', mode: core.settings.mode });
    },
    get sessionId() {
      return core.session.sessionId;
    },
    endSession(next) {
      const id = typeof next === 'string' && next.length > 0 ? next : newSessionId();
      if (core.session.end(id) > 0) hub.grantsChanged();
    },
    recordOutcome: (outcome) => core.record(outcome),
    expiry: () => core.options.expiry,
    setExpiry(expiry) {
      core.options.expiry = checkLifetimes(DEFAULT_EXPIRY, { ...core.options.expiry, ...expiry });
      hub.grantsChanged();
    },
  };
}

/** The hash of arguments as the wire would carry them (a caller's object, not yet copied). */
function wireHash(args: unknown): string | null {
  try {
    return hashArgsSync(wireCopy(args));
  } catch {
    return null;
  }
}
