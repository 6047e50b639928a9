/**
 * The engine over the file store and the JSON Lines audit log. The engine writes both
 * in the background (a decision never waits for the disk); a CLI that exits right after
 * a decision must wait for those writes, so this module counts them and `flush()` waits.
 */
import {
  createPermissionEngine,
  isDecisionEvent,
  type AuditEvent,
  type PermissionEngine,
  type PermissionEngineOptions,
  type RequestResult,
} from '@mcp-consent/engine';
import { fileStore, jsonlAuditSink, type JsonlAuditSink } from '@mcp-consent/engine/file';
import type { StorePaths } from './config.js';

export interface Records {
  engine: PermissionEngine;
  /** The audit log, to read back for `audit`. */
  audit: JsonlAuditSink;
  /** Waits until every decision so far is in the audit log and every grant is on disk. */
  flush(): Promise<void>;
  /** Flushes, then stops the engine. */
  close(): Promise<void>;
  /**
   * The engine's last decision. The host makes one call at a time, so after a denied call
   * this says why (a rule, the mode), in more detail than the result's denial metadata.
   */
  lastDecision(): RequestResult | undefined;
}

/** What the host sets besides the store: policy rules, the callback, the mode. */
export type EngineSettings = Pick<PermissionEngineOptions, 'policy' | 'decide' | 'mode'>;

/** How long `flush` waits for an audit event the engine has not handed over yet. */
const AUDIT_GRACE_MS = 2000;

/** Opens the store. `engine.ready` rejects when the grant file cannot be read. */
export function openRecords(paths: StorePaths, settings: EngineSettings = {}): Records {
  const pending = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    pending.add(promise);
    const done = () => pending.delete(promise);
    promise.then(done, done);
    return promise;
  };

  const store = fileStore(paths.grants);
  const trackedStore = {
    ...store,
    put: (...args: Parameters<typeof store.put>) => track(store.put(...args)),
    delete: (...args: Parameters<typeof store.delete>) => track(store.delete(...args)),
    clear: () => track(store.clear()),
  };
  const audit = jsonlAuditSink(paths.audit);
  let written = 0;
  const trackedSink = {
    write(event: AuditEvent) {
      // Only decisions pair with settled requests; elicitation/sampling/roots outcomes do not.
      if (isDecisionEvent(event)) written += 1;
      return track(Promise.resolve(audit.write(event)));
    },
  };

  const engine = createPermissionEngine({ ...settings, store: trackedStore, audit: trackedSink });
  // Every settled request emits exactly one audit event, sometimes a moment later (a cache
  // hit hashes its arguments after answering): count requests to know what to wait for.
  let settled = 0;
  let last: RequestResult | undefined;
  const counted: PermissionEngine = new Proxy(engine, {
    get(target, property, receiver) {
      if (property === 'request') {
        return (...args: Parameters<PermissionEngine['request']>) =>
          target.request(...args).then((result) => {
            settled += 1;
            last = result;
            return result;
          });
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });

  const flush = async () => {
    const deadline = Date.now() + AUDIT_GRACE_MS;
    while (written < settled && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  return {
    engine: counted,
    audit,
    flush,
    lastDecision: () => last,
    async close() {
      await flush();
      engine.dispose();
      store.close?.();
    },
  };
}
