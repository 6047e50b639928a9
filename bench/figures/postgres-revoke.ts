/**
 * Revoke-to-everywhere delay: two host instances (a pool and an engine each) for one user on
 * one database. A grants a call, B hears it; then A revokes it and the clock runs from A's
 * `revoke` resolving (its COMMIT acknowledged) until B's lookup of the call says prompt,
 * observed on B's `grants` event (no polling, no sleep).
 */
import { createPermissionEngine, type PermissionEngine } from '@mcp-consent/engine';
import { postgresGrantStore } from '@mcp-consent/postgres';
import type pg from 'pg';
import { userCall, userKey } from '../lib/postgres.js';
import { median, nowMs, quantile, round } from '../lib/stats.js';
import type { BenchContext, Row } from '../lib/types.js';
import { POSTGRES_FIGURE } from './postgres-sync.js';

const GOAL_MS = 50;
const USER = 'revoker';
/** A change that never arrives fails the row instead of hanging the bench. */
const GIVE_UP_MS = 10_000;

/** Resolves with the time at which `holds()` first became true, checked on each `grants` event. */
function when(engine: PermissionEngine, holds: () => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    if (holds()) return resolve(nowMs());
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`instance B did not see the change within ${GIVE_UP_MS} ms`));
    }, GIVE_UP_MS);
    const stop = engine.subscribe((event) => {
      if (event.type !== 'grants' || !holds()) return;
      const at = nowMs();
      clearTimeout(timer);
      stop();
      resolve(at);
    });
  });
}

export async function revokeRow(ctx: BenchContext, poolA: pg.Pool, poolB: pg.Pool): Promise<Row> {
  const scope = { userId: USER };
  const storeA = postgresGrantStore({ db: poolA, scope });
  const storeB = postgresGrantStore({ db: poolB, scope });
  const a = createPermissionEngine({ store: storeA });
  const b = createPermissionEngine({ store: storeB });
  try {
    await Promise.all([a.ready, b.ready]);
    const warmUp = 10;
    const count = ctx.quick ? 60 : 300;
    const fromResolve: number[] = [];
    const fromCall: number[] = [];
    const writes: number[] = [];
    let beforeResolve = 0;
    for (let i = 0; i < warmUp + count; i += 1) {
      // A new key each time: no earlier revoke of it to weigh against the grant.
      const call = userCall(USER, i);
      const granted = when(b, () => b.lookup(call).status === 'allow');
      if (!(await a.request(call, { prompt: () => 'allow_always' })).allowed)
        throw new Error('A did not remember the grant');
      await granted;
      const gone = when(b, () => b.lookup(call).status === 'prompt');
      const start = nowMs();
      if (!(await a.revoke(userKey(USER, i)))) throw new Error('A found no grant to revoke');
      const resolved = nowMs();
      const at = await gone;
      if (i < warmUp) continue;
      if (at < resolved) beforeResolve += 1;
      fromResolve.push(Math.max(0, at - resolved));
      fromCall.push(at - start);
      writes.push(resolved - start);
    }
    const p50 = median(fromResolve);
    const p99 = quantile(fromResolve, 0.99);
    const writeP99 = quantile(writes, 0.99);
    const met = p99 < GOAL_MS;
    const note =
      `${count} revokes (after ${warmUp} warm-up ones), each of a new key, two pools on ` +
      `loopback; from A's revoke resolving to B's lookup saying prompt (0 when B was first: ` +
      `${beforeResolve} times). From A's revoke call instead: p50 ${median(fromCall).toFixed(2)} ms, ` +
      `p99 ${quantile(fromCall, 0.99).toFixed(2)} ms (A's round trip included).`;
    return {
      figure: POSTGRES_FIGURE,
      subject: 'revoke on A → B asks (two instances)',
      value: round(p99, 3),
      unit: 'ms',
      display: `p99 ${p99.toFixed(2)} ms (p50 ${p50.toFixed(2)})`,
      baseline: { subject: "A's own revoke (round trip), p99", value: round(writeP99, 3) },
      ratio: round(p99 / writeP99, 3),
      goal: `< ${GOAL_MS} ms p99`,
      status: met ? 'met' : 'missed',
      note: met
        ? note
        : `${note} Missed by ${(p99 - GOAL_MS).toFixed(1)} ms: after the NOTIFY, B's store re-reads ` +
          'the key (one more round trip, queued behind its other reads) before its cache drops it.',
      extra: {
        p50Ms: round(p50),
        p99Ms: round(p99),
        fromCallP50Ms: round(median(fromCall)),
        fromCallP99Ms: round(quantile(fromCall, 0.99)),
        beforeResolve,
      },
      samples: fromResolve.map((v) => round(v)),
      baselineSamples: writes.map((v) => round(v)),
    };
  } finally {
    a.dispose();
    b.dispose();
    storeA.close();
    storeB.close();
  }
}
