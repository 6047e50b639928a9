import { DAY_MS } from './answers.js';
import { assessCall } from './assess.js';
import { createCore } from './core.js';
import { createDecide } from './decide.js';
import type { PermissionEngine, PermissionEngineOptions } from './engine-types.js';
import { Grants } from './grants.js';
import { hashArgsSync } from './hash.js';
import { DEFAULT_EXPIRY, resolveOptions } from './options.js';
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
  const core = createCore(resolveOptions(options));
  const grants = new Grants(core);
  const scheduler = new Scheduler(core, grants);
  const request = createDecide(core, scheduler);
  const { hub, cache, sync } = core;

  return {
    ready: sync.ready,
    lookup(call, lookupOptions = {}) {
      validateCall(call);
      let argsHash = lookupOptions.argsHash;
      if (argsHash === undefined) {
        // A per-arguments grant (a Deny always for these arguments) must be found without one.
        argsHash = hub.status === 'ready' && cache.needsArgsHash(call) ? wireHash(call.args) : null;
      }
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
