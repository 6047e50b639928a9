/**
 * Grant lookup on a warm cache: median ns per `engine.lookup(call)` that hits
 * an allow-always grant, at 10, 10 000 and 1 000 000 grants, interleaved with
 * a bare `Map.get` of the same keys on a Map of the same size. Times are
 * on-CPU time of the process (`process.cpuUsage`), so a busy machine's
 * scheduling does not inflate them; wall-clock medians are in the JSON.
 *
 * The breakdown times, on the same calls at the same size, the parts of what
 * `GrantCache.lookup` does per hit: the memo reads (a WeakMap from the call's
 * `server` object, which a host reuses per connection, then a Map by tool name,
 * on a replica built from the same grants), the pin memo check (`pinTool` of the
 * call's tool object) and the clock read (`Date.now`, the system clock); the rest
 * is the entry's expiry, decision, tier and pin-hash checks, validating the call
 * and assessing its risk. It also times the four nested Map reads (user →
 * workspace → server → tool) the first lookup through a server object pays.
 */
import {
  createPermissionEngine,
  grantKey,
  pinTool,
  type Grant,
  type GrantStore,
  type PermissionEngine,
  type ToolCall,
} from '@mcp-consent/engine';
import { callFor, keyAt, makeGrants, sampleIndexes } from '../lib/grants.js';
import { collectGarbage, interleave, median, nowNs, round } from '../lib/stats.js';
import type { BenchContext, Figure, Row } from '../lib/types.js';

const FIGURE = 'Grant lookup (warm cache)';
const SIZES = [10, 10_000, 1_000_000] as const;
/** Distinct calls cycled through per batch (random grants, fixed seed). */
const CALLS = 1024;
/** Target duration of one timed batch. */
const BATCH_MS = 25;

export const lookupFigure: Figure = {
  id: 'lookup',
  title: FIGURE,
  async run(ctx) {
    const rows: Row[] = [];
    const perSize: { size: number; engine: number; map: number }[] = [];
    for (const size of SIZES) {
      ctx.log(`lookup: ${size.toLocaleString('en-US')} grants`);
      rows.push(await measureSize(size, ctx));
      collectGarbage();
    }
    for (const row of rows) {
      perSize.push({ size: row.extra!.size!, engine: row.value!, map: row.baseline!.value });
    }
    const first = perSize[0]!;
    const last = perSize[perSize.length - 1]!;
    const growth = last.engine / first.engine;
    const mapGrowth = last.map / first.map;
    rows.push({
      figure: FIGURE,
      subject: `growth ${last.size.toLocaleString('en-US')} ÷ ${first.size} grants (Map.get: ${round(mapGrowth, 3)}×)`,
      value: round(growth, 3),
      unit: '×',
      baseline: { subject: 'Map.get growth', value: round(mapGrowth, 3) },
      ratio: round(growth / mapGrowth, 3),
      goal: 'flat (≤ 2×)',
      status: growth <= 2 ? 'met' : 'missed',
      note:
        'Both sides look up random keys, so the 1M-entry Map pays CPU cache misses too; ' +
        'the ratio column divides them out.' +
        ' A hit reads the memo of the call’s server object (a WeakMap, then its Map by tool ' +
        'name, both made next to each other) and one cache entry that holds decision, expiry, ' +
        'tier and pin hash, so one read per hit is likely to miss the CPU caches at 1M grants, ' +
        'where a flat Map.get misses on its table and its key string.' +
        (growth <= 2
          ? ''
          : ' Limit: that entry read, and whatever else misses (see the 1M row’s breakdown).'),
    });
    return rows;
  },
};

async function measureSize(size: number, ctx: BenchContext): Promise<Row> {
  let grants: Grant[] = [];
  const engine = createPermissionEngine({ store: generatedStore(size, (made) => (grants = made)) });
  await engine.ready;
  const index = nestedIndex(grants);
  const map = new Map<string, number>();
  for (let i = 0; i < size; i += 1) map.set(keyAt(i), i);

  const indexes = sampleIndexes(size, CALLS);
  const calls = indexes.map(callFor);
  const keys = calls.map((call) =>
    grantKey({
      userId: call.userId,
      workspaceId: call.workspaceId,
      serverId: call.server.id,
      toolName: call.tool.name,
    }),
  );
  for (const call of calls) {
    const result = engine.lookup(call);
    if (result.status !== 'allow') throw new Error(`lookup did not hit: ${result.reason}`);
  }
  for (const key of keys) if (!map.has(key)) throw new Error(`Map misses ${key}`);

  // Calibrate each side to ~BATCH_MS per batch, then warm up.
  const engineReps = calibrate((reps) => timeLookups(engine, calls, reps));
  const mapReps = calibrate((reps) => timeMapGets(map, keys, reps));
  for (let i = 0; i < 3; i += 1) {
    timeLookups(engine, calls, engineReps);
    timeMapGets(map, keys, mapReps);
  }
  const rounds = ctx.quick ? 5 : 15;
  const wall = { engine: [] as number[], map: [] as number[] };
  const samples = await interleave(
    rounds,
    () => timeLookups(engine, calls, engineReps, wall.engine),
    () => timeMapGets(map, keys, mapReps, wall.map),
  );
  const parts = breakdown(index, calls, ctx.quick ? 3 : 7);
  engine.dispose();
  map.clear();
  index.clear();

  const value = median(samples.subject);
  const baseline = median(samples.baseline);
  const missed = value >= 1000;
  const rest = Math.max(0, value - parts.memo - parts.pin - parts.clock);
  const where =
    `Where the time of one lookup goes at ${size.toLocaleString('en-US')} grants (the same ` +
    `calls, each part timed alone, on-CPU): memo reads (WeakMap by server object, Map by ` +
    `tool name) ${fmtNs(parts.memo)}, pinTool memo check ${fmtNs(parts.pin)}, clock read ` +
    `(Date.now) ${fmtNs(parts.clock)}, the rest (the entry's expiry, decision, tier and ` +
    `pin-hash checks, validating the call, assessing its risk) ${fmtNs(rest)}. The first ` +
    `lookup through a server object also reads 4 nested Maps: ${fmtNs(parts.nested)}.`;
  return {
    figure: FIGURE,
    subject: `engine.lookup, ${size.toLocaleString('en-US')} grants (on-CPU time)`,
    value: round(value, 3),
    unit: 'ns/op',
    baseline: { subject: 'Map.get', value: round(baseline, 3) },
    ratio: round(median(samples.ratios), 3),
    goal: '< 1000 ns',
    status: missed ? 'missed' : 'met',
    note: missed
      ? `${where} Limit: at this size the entry read misses the CPU caches (Map.get, the ` +
        'baseline, pays for one table probe and one key string).'
      : where,
    extra: {
      size,
      wallNs: round(median(wall.engine)),
      mapWallNs: round(median(wall.map)),
      memoReadsNs: round(parts.memo),
      nestedMapReadsNs: round(parts.nested),
      pinMemoCheckNs: round(parts.pin),
      clockReadNs: round(parts.clock),
      restNs: round(rest),
    },
    samples: samples.subject.map((v) => round(v)),
    baselineSamples: samples.baseline.map((v) => round(v)),
  };
}

/**
 * A store whose `load` builds the grants, so the engine's cache holds the only
 * copy (`memoryStore` keeps two more, which at 1M grants mostly measures the
 * garbage collector while setting up).
 */
export function generatedStore(size: number, made: (grants: Grant[]) => void): GrantStore {
  return {
    load: async () => {
      const grants = makeGrants(size);
      made(grants);
      return grants;
    },
    put: async () => undefined,
    delete: async () => undefined,
    clear: async () => undefined,
  };
}

/** On-CPU ns of this process (user + system): time the scheduler gave to other processes is not counted. */
function cpuNs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) * 1000;
}

/**
 * Runs `batch` (which does `ops` operations) and returns on-CPU ns per
 * operation; pushes wall-clock ns per operation to `wall` when given.
 */
function timed(batch: () => void, ops: number, wall?: number[]): number {
  const wallStart = nowNs();
  const cpuStart = cpuNs();
  batch();
  const cpu = cpuNs() - cpuStart;
  wall?.push((nowNs() - wallStart) / ops);
  return cpu / ops;
}

/** On-CPU ns per lookup over `reps` passes through `calls`. */
function timeLookups(
  engine: PermissionEngine,
  calls: readonly ToolCall[],
  reps: number,
  wall?: number[],
): number {
  let hits = 0;
  const ns = timed(
    () => {
      for (let r = 0; r < reps; r += 1) {
        for (let j = 0; j < calls.length; j += 1) {
          if (engine.lookup(calls[j]!).status === 'allow') hits += 1;
        }
      }
    },
    reps * calls.length,
    wall,
  );
  if (hits !== reps * calls.length) throw new Error('a lookup missed its grant');
  return ns;
}

/** On-CPU ns per `Map.get` over `reps` passes through `keys`. */
function timeMapGets(
  map: Map<string, number>,
  keys: readonly string[],
  reps: number,
  wall?: number[],
): number {
  let hits = 0;
  const ns = timed(
    () => {
      for (let r = 0; r < reps; r += 1) {
        for (let j = 0; j < keys.length; j += 1) {
          if (map.get(keys[j]!) !== undefined) hits += 1;
        }
      }
    },
    reps * keys.length,
    wall,
  );
  if (hits !== reps * keys.length) throw new Error('a Map.get missed');
  return ns;
}

type Slot = { tool: { grant: Grant; expires: number } };
type NestedIndex = Map<string, Map<string, Map<string, Map<string, Slot>>>>;

/** An index of the engine's shape (user → workspace → server → tool → slot) over the same grants. */
function nestedIndex(grants: readonly Grant[]): NestedIndex {
  const index: NestedIndex = new Map();
  for (const grant of grants) {
    let workspaces = index.get(grant.userId);
    if (!workspaces) index.set(grant.userId, (workspaces = new Map()));
    let servers = workspaces.get(grant.workspaceId);
    if (!servers) workspaces.set(grant.workspaceId, (servers = new Map()));
    let tools = servers.get(grant.serverId);
    if (!tools) servers.set(grant.serverId, (tools = new Map()));
    const expires = grant.expiresAt === null ? Infinity : Date.parse(grant.expiresAt);
    tools.set(grant.toolName, { tool: { grant, expires } });
  }
  return index;
}

/** The engine's memo over the same index: per call's server object, its tools' slots. */
function memoIndex(
  index: NestedIndex,
  calls: readonly ToolCall[],
): WeakMap<object, Map<string, Slot>> {
  const memo = new WeakMap<object, Map<string, Slot>>();
  for (const call of calls) {
    const tools = index.get(call.userId)?.get(call.workspaceId)?.get(call.server.id);
    const slot = tools?.get(call.tool.name);
    if (!slot) continue;
    let byName = memo.get(call.server);
    if (!byName) memo.set(call.server, (byName = new Map()));
    byName.set(call.tool.name, slot);
  }
  return memo;
}

/**
 * Median on-CPU ns per call of the parts of a lookup, each timed alone over the
 * same calls (batches interleaved, `rounds` of each).
 */
function breakdown(
  index: NestedIndex,
  calls: readonly ToolCall[],
  rounds: number,
): { memo: number; nested: number; pin: number; clock: number } {
  const memo = memoIndex(index, calls);
  const parts = {
    memo: (call: ToolCall) => memo.get(call.server)?.get(call.tool.name) !== undefined,
    nested: (call: ToolCall) =>
      index.get(call.userId)?.get(call.workspaceId)?.get(call.server.id)?.get(call.tool.name) !==
      undefined,
    pin: (call: ToolCall) => pinTool(call.tool) !== null,
    clock: () => Date.now() > 0,
  };
  const timePart = (part: (call: ToolCall) => boolean, reps: number) => {
    let hits = 0;
    const ns = timed(() => {
      for (let r = 0; r < reps; r += 1) {
        for (let j = 0; j < calls.length; j += 1) if (part(calls[j]!)) hits += 1;
      }
    }, reps * calls.length);
    if (hits !== reps * calls.length) throw new Error('a breakdown part missed');
    return ns;
  };
  const names = Object.keys(parts) as (keyof typeof parts)[];
  const reps = Object.fromEntries(
    names.map((name) => [name, calibrate((n) => timePart(parts[name], n))]),
  ) as Record<keyof typeof parts, number>;
  const runs = {
    memo: [] as number[],
    nested: [] as number[],
    pin: [] as number[],
    clock: [] as number[],
  };
  for (let r = 0; r < rounds; r += 1) {
    for (const name of r % 2 === 0 ? names : [...names].reverse()) {
      runs[name].push(timePart(parts[name], reps[name]));
    }
  }
  return {
    memo: median(runs.memo),
    nested: median(runs.nested),
    pin: median(runs.pin),
    clock: median(runs.clock),
  };
}

function fmtNs(ns: number): string {
  return `${ns >= 100 ? Math.round(ns) : ns.toFixed(1)} ns`;
}

function calibrate(time: (reps: number) => number): number {
  time(4); // first contact: JIT
  const nsPerOp = time(8);
  return Math.max(1, Math.round((BATCH_MS * 1e6) / (nsPerOp * CALLS)));
}
