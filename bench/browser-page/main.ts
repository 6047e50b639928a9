/**
 * Benchmark fixture page for Chromium: IndexedDB cache sync and audit
 * throughput, timed inside the page with `performance.now()` so the
 * Playwright round trip is not counted.
 */
import {
  createPermissionEngine,
  memoryStore,
  toAuditEvent,
  type AuditInput,
  type PermissionEngine,
} from '@mcp-consent/engine';
import { idbAuditSink, idbStore } from '@mcp-consent/engine/idb';
import { createStore, entries, keys, setMany } from 'idb-keyval';
import { callFor, makeGrants } from '../lib/grants.js';

export interface ConsentBenchApi {
  /**
   * Writes `count` grants into `dbName` as a host's store holds them in the steady state: in
   * snapshot chunks (written as per-grant records, then compacted by `idbStore`), and the same
   * grants as per-grant records only into `${dbName}-records`, for the baseline. Resolves with
   * how many records `dbName` holds.
   */
  seedGrants(dbName: string, count: number): Promise<number>;
  /** Starts an engine on `idbStore({ dbName })` and times it until `ready`. */
  syncGrants(dbName: string, expected: number): Promise<number>;
  /**
   * Baseline: reads the per-grant records of `${dbName}-records` with idb-keyval `entries()` on
   * a new connection, no engine.
   */
  readRaw(dbName: string, expected: number): Promise<number>;
  /** Writes `count` audit events at once to a fresh `idbAuditSink`; events per second. */
  auditThroughput(dbName: string, count: number): Promise<number>;
  /**
   * Cache-hit decisions per second (`engine.request`, allow-always grant) while
   * each decision is audited to `sink`: 'idb' (a fresh idbAuditSink) or 'none'.
   * Also how long the IndexedDB sink needed afterwards to catch up.
   */
  decisionRate(
    sink: 'idb' | 'none',
    count: number,
    dbName: string,
  ): Promise<{ perSecond: number; drainMs: number }>;
}

declare global {
  interface Window {
    consentBench: ConsentBenchApi;
  }
}

const call = callFor(0);

window.consentBench = {
  async seedGrants(dbName, count) {
    const records = makeGrants(count).map((grant): [string, unknown] => [grant.key, grant]);
    await setMany(records, createStore(`${dbName}-records`, 'grants'));
    await setMany(records, createStore(dbName, 'grants'));
    const store = idbStore({ dbName });
    await store.compact();
    store.close();
    return (await keys(createStore(dbName, 'grants'))).length;
  },
  async syncGrants(dbName, expected) {
    const start = performance.now();
    const store = idbStore({ dbName });
    const engine = createPermissionEngine({ store });
    await engine.ready;
    const elapsed = performance.now() - start;
    const size = engine.grants().length;
    const hit = engine.lookup(callFor(expected >> 1)).status;
    engine.dispose();
    store.close();
    if (size !== expected || hit !== 'allow') {
      throw new Error(`synced ${size} grants (expected ${expected}), lookup: ${hit}`);
    }
    return elapsed;
  },
  async readRaw(dbName, expected) {
    const start = performance.now();
    const store = createStore(`${dbName}-records`, 'grants');
    const records = await entries(store);
    const elapsed = performance.now() - start;
    await store('readonly', (objectStore) => objectStore.transaction.db.close());
    if (records.length !== expected) throw new Error(`read ${records.length} records`);
    return elapsed;
  },
  async auditThroughput(dbName, count) {
    const sink = idbAuditSink({ dbName, capacity: count * 2 });
    const events = Array.from({ length: count }, (_, i) =>
      toAuditEvent(callFor(i), 'allow_always', null, 'medium', 'cache_hit', Date.now()),
    );
    const start = performance.now();
    await Promise.all(events.map((event) => sink.write(event)));
    return count / ((performance.now() - start) / 1000);
  },
  async decisionRate(sink, count, dbName) {
    const pending: Promise<unknown>[] = [];
    const audit: AuditInput =
      sink === 'idb'
        ? (() => {
            const idb = idbAuditSink({ dbName, capacity: 1_000_000 });
            return (event) => {
              const written = idb.write(event);
              pending.push(written);
              return written;
            };
          })()
        : () => undefined;
    const engine: PermissionEngine = createPermissionEngine({ store: memoryStore(), audit });
    await engine.ready;
    const first = await engine.request(call, { prompt: () => 'allow_always' });
    if (!first.allowed) throw new Error('no grant');
    const start = performance.now();
    for (let i = 0; i < count; i += 1) {
      const result = await engine.request(call, { prompt: () => 'deny_once' });
      if (!result.allowed) throw new Error('a cache hit was denied');
    }
    const elapsed = performance.now() - start;
    await Promise.all(pending);
    const drainMs = performance.now() - start - elapsed;
    engine.dispose();
    return { perSecond: count / (elapsed / 1000), drainMs };
  },
};
