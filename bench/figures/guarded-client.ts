/**
 * Overhead of the guarded client: sequential `tools/call`s per second through
 * `guardClient` (allow-always grant in the engine, so no prompt) against the
 * bare SDK client, on the same kind of connection to the demo server, in
 * turns whose order rotates. A third client, bare but sending a progress token as the
 * guard does on every call (issue 18), gives the ratio of what the kit adds beyond the
 * token. Over the in-memory transport and over Streamable HTTP on 127.0.0.1.
 *
 * Where the added time goes is measured in memory, in on-CPU time per call
 * (batches of sequential calls, interleaved): the bare call, the guarded call
 * (no elicit renderer, as in the rows), the guarded call with an elicit renderer
 * (its calls go through the timeout wrapper `withUserTimeExcluded`), and the bare
 * call with one part of the guard added: `engine.request` on a cache hit before it
 * (with the audit event and its in-line argument hash), or only that hash
 * (`hashArgsSync`, as the engine's cache hit runs it).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { createDemoServer } from '@mcp-consent/demo-server';
import {
  createPermissionEngine,
  hashArgsSync,
  memoryAuditSink,
  memoryStore,
} from '@mcp-consent/engine';
import { guardClient } from '@mcp-consent/mcp';
import {
  DEMO_TOOL,
  engineWithGrant,
  hotSyncUs,
  inTurns,
  PROGRESS_OPTIONS,
  startDemoHttpServer,
} from '../lib/demo.js';
import { median, nowNs, round } from '../lib/stats.js';
import type { BenchContext, Figure, Row } from '../lib/types.js';

const FIGURE = 'Guarded client overhead';
const TOOL = DEMO_TOOL;

interface Side {
  call(): Promise<void>;
  close(): Promise<void>;
}

type Connect = () => Promise<{ transport: Transport; close: () => Promise<void> }>;

export const guardedClientFigure: Figure = {
  id: 'client',
  title: FIGURE,
  async run(ctx) {
    const rows: Row[] = [];
    const inMemory: Connect = async () => {
      const demo = createDemoServer({ dryRun: false });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await demo.server.connect(serverSide);
      return { transport: clientSide, close: () => demo.close() };
    };

    ctx.log('guarded client: on-CPU breakdown, in-memory transport');
    const parts = await cpuBreakdown(ctx, inMemory);

    ctx.log('guarded client: in-memory transport');
    rows.push(
      await compare(
        ctx,
        'in-memory transport',
        ctx.quick ? 400 : 1000,
        ctx.quick ? 4 : 12,
        inMemory,
        parts,
      ),
    );

    ctx.log('guarded client: Streamable HTTP on 127.0.0.1 (demo server in its own process)');
    const http = await startDemoHttpServer();
    try {
      rows.push(
        await compare(
          ctx,
          'Streamable HTTP, 127.0.0.1',
          ctx.quick ? 100 : 250,
          ctx.quick ? 4 : 10,
          async () => {
            const transport = new StreamableHTTPClientTransport(http.url);
            // End the server's session too, or its per-session server objects pile up.
            return { transport, close: () => transport.terminateSession() };
          },
          parts,
        ),
      );
    } finally {
      await http.close();
    }
    return rows;
  },
};

async function compare(
  ctx: BenchContext,
  label: string,
  callsPerRound: number,
  rounds: number,
  connect: Connect,
  parts: CpuBreakdown,
): Promise<Row> {
  // Fresh connections every round: the SDK's Streamable HTTP client passes one
  // connection-wide AbortSignal to every fetch and undici leaves a listener on it
  // per request, so a long-lived connection gets slower (and warns) as they pile up.
  const freshRound = async () => {
    const bare = await bareSide(connect);
    const withToken = await bareSide(connect, { progressToken: true });
    const guarded = await guardedSide(connect);
    const decided = await decidedSide(connect, inContext);
    try {
      return await inTurns([guarded, bare, withToken, decided], callsPerRound);
    } finally {
      await bare.close();
      await withToken.close();
      await guarded.close();
      await decided.close();
    }
  };
  /** The synchronous part of `engine.request` on a cache hit, µs, as it ran between calls. */
  const inContext: number[] = [];
  await freshRound(); // warm-up: JIT, the server's validators, the engine's pin memo
  inContext.length = 0;
  const samples = {
    subject: [] as number[],
    baseline: [] as number[],
    ratios: [] as number[],
    withToken: [] as number[],
    ratiosToToken: [] as number[],
  };
  for (let r = 0; r < rounds; r += 1) {
    const [subject, baseline, withToken] = await freshRound();
    samples.subject.push(subject!);
    samples.baseline.push(baseline!);
    samples.ratios.push(subject! / baseline!);
    samples.withToken.push(withToken!);
    samples.ratiosToToken.push(subject! / withToken!);
  }
  const ratio = median(samples.ratios);
  const ratioToToken = median(samples.ratiosToToken);
  const engineInContextUs = median(inContext);
  const value = median(samples.subject);
  const overheadUs = 1e6 / value - 1e6 / median(samples.baseline);
  const missed = ratio < 0.97;
  const inMemory = label === 'in-memory transport';
  const row: Row = {
    figure: FIGURE,
    subject: `guardClient, allow-always grant, ${label}`,
    value: round(value, 4),
    unit: 'calls/s',
    baseline: { subject: 'bare SDK Client', value: round(median(samples.baseline), 4) },
    ratio: round(ratio, 3),
    goal: 'ratio ≥ 0.97',
    status: missed ? 'missed' : 'met',
    note:
      `${rounds} rounds of ${callsPerRound} calls on each of four clients (guarded; bare; ` +
      `bare sending a progress token as the guard does, issue 18; the same with ` +
      `engine.request on a cache hit before each call), in turns whose order rotates; new ` +
      `connections each round. The guard adds ${overheadUs.toFixed(0)} µs per call (wall ` +
      `clock). Against the bare client that sends a progress token too ` +
      `(${Math.round(median(samples.withToken))} calls/s) the ratio is ` +
      `${ratioToToken.toFixed(3)}: what the kit adds beyond the token. The synchronous part ` +
      `of engine.request took ${us(engineInContextUs)} per call where it ran, between these ` +
      `calls (median), against about ${us(parts.engineHot)} in a hot loop. ` +
      (inMemory
        ? describeBreakdown(parts)
        : 'Between network calls the SDK and undici leave the caches cold, so each step of ' +
          'the decision costs many times its hot-loop time (bench/profile/in-context.ts ' +
          'times them one by one); that, not the instructions, is most of what the guard ' +
          'adds over HTTP.'),
    extra: {
      overheadUsPerCall: round(overheadUs),
      engineRequestInContextUs: round(engineInContextUs),
      engineRequestHotLoopUs: round(parts.engineHot),
      bareWithProgressTokenCallsPerSecond: round(median(samples.withToken), 4),
      ratioToBareWithProgressToken: round(ratioToToken, 3),
      cpuBareUs: round(parts.bare),
      cpuGuardedUs: round(parts.guarded),
      cpuAddedEngineRequestUs: round(added(parts).engine),
      cpuAddedHashArgsUs: round(added(parts).hash),
      cpuGuardedWithRendererUs: round(parts.renderer),
      cpuAddedTimeoutWrapperUs: round(added(parts).wrapper),
      cpuAddedProgressTokenUs: round(added(parts).progress),
    },
    samples: samples.subject.map((v) => round(v)),
    baselineSamples: samples.baseline.map((v) => round(v)),
  };
  if (missed) {
    row.note += inMemory
      ? ' Limit: an in-memory SDK call is so cheap (tens of microseconds) that 0.97 leaves about ' +
        'a microsecond for an audited decision, and the SDK alone spends more than that on the ' +
        'progress token the guard sends with every call (a documented feature: progress ' +
        'reaches the host and restarts the timeout). What the kit itself adds is the decision ' +
        '(validating and copying the call, its risk, the lookup, the audit event and the ' +
        'SHA-256 of its arguments), the call object and the copy of the approved arguments, ' +
        'the async steps between them, and their garbage; see the profile summary in ' +
        'bench/README.md.'
      : ' Limit: 0.97 leaves the guard about 3 % of a call; the decision alone, run where it ' +
        'runs, takes most of that (above). Reaching it means touching less memory per call ' +
        '(fewer objects, maps and functions on the cache-hit path), not fewer instructions.';
  }
  ctx.log(`  ${label}: ${Math.round(value)} calls/s guarded, ratio ${ratio.toFixed(3)}`);
  return row;
}

async function bareSide(
  connect: Connect,
  { progressToken = false }: { progressToken?: boolean } = {},
): Promise<Side & { listed: Tool }> {
  const { transport, close } = await connect();
  const client = new Client({ name: 'bench-bare', version: '0.0.0' });
  await client.connect(transport);
  // As the guarded client's catalog does.
  const listed = (await client.listTools()).tools.find((candidate) => candidate.name === TOOL)!;
  const options = progressToken ? PROGRESS_OPTIONS : undefined;
  return {
    listed,
    async call() {
      const result = await client.callTool({ name: TOOL, arguments: {} }, undefined, options);
      if (result.isError) throw new Error(`bare call failed: ${JSON.stringify(result)}`);
    },
    async close() {
      await close();
      await client.close();
    },
  };
}

async function guardedSide(
  connect: Connect,
  { withRenderer = false }: { withRenderer?: boolean } = {},
): Promise<Side> {
  const { transport, close } = await connect();
  const engine = createPermissionEngine({ store: memoryStore(), audit: memoryAuditSink() });
  let prompts = 0;
  const client = guardClient(new Client({ name: 'bench-guarded', version: '0.0.0' }), {
    engine,
    server: { id: 'demo', trusted: true },
    userId: 'bench-user',
    workspaceId: 'bench',
    prompt: () => {
      prompts += 1;
      if (prompts > 1) throw new Error('asked again although an allow-always grant exists');
      return 'allow_always';
    },
    onWarning: (message) => {
      throw new Error(message);
    },
    // The demo's notes_list never elicits; a renderer only puts calls through the timeout wrapper.
    ...(withRenderer ? { elicit: () => ({ action: 'decline' as const }) } : {}),
  });
  await client.connect(transport);
  await client.catalog.refresh();
  const first = await client.callTool({ name: TOOL, arguments: {} });
  if (first.isError || prompts !== 1) throw new Error('the first call did not create a grant');
  return {
    async call() {
      const result = await client.callTool({ name: TOOL, arguments: {} });
      if (result.isError) throw new Error(`guarded call denied: ${JSON.stringify(result)}`);
    },
    async close() {
      await close();
      await client.close();
      engine.dispose();
    },
  };
}

/**
 * A bare client sending a progress token, with `engine.request` (a cache hit, as the guard's)
 * before each call; the request's synchronous part is timed where it runs, into `timings`.
 */
async function decidedSide(connect: Connect, timings: number[]): Promise<Side> {
  const side = await bareSide(connect, { progressToken: true });
  const { engine, call } = await engineWithGrant(side.listed);
  return {
    async call() {
      const start = nowNs();
      const decision = engine.request(call(), { prompt: () => 'deny_once' });
      timings.push((nowNs() - start) / 1000);
      if ((await decision).origin !== 'cache_hit') throw new Error('engine.request missed');
      await side.call();
    },
    async close() {
      await side.close();
      engine.dispose();
    },
  };
}

/** On-CPU µs per call, each measured in batches of sequential calls. */
interface CpuBreakdown {
  bare: number;
  /** Guarded, no elicit renderer (as in the rows). */
  guarded: number;
  /** Guarded with an elicit renderer: every call goes through the timeout wrapper. */
  renderer: number;
  /** `engine.request` on a cache hit (its audit event and argument hash included), then the bare call. */
  engine: number;
  /** `hashArgsSync` of the call's arguments, then the bare call. */
  hash: number;
  /**
   * The bare call with a progress callback and `resetTimeoutOnProgress`, as the guard sends
   * every call (the SDK then sends a progress token and keeps a handler for it).
   */
  progress: number;
  /** The synchronous part of `engine.request` on a cache hit, µs, in a hot loop of its own. */
  engineHot: number;
}

const us = (value: number) => `${value >= 10 ? value.toFixed(0) : value.toFixed(1)} µs`;

/** What each part adds to the bare call, in on-CPU µs per call. */
function added(parts: CpuBreakdown) {
  const guard = parts.guarded - parts.bare;
  const engine = parts.engine - parts.bare;
  const wrapper = parts.renderer - parts.guarded;
  const progress = parts.progress - parts.bare;
  return {
    guard,
    engine,
    hash: parts.hash - parts.bare,
    wrapper,
    progress,
    rest: guard - engine - progress,
  };
}

function describeBreakdown(parts: CpuBreakdown): string {
  const more = added(parts);
  return (
    `On-CPU per call (batches of sequential calls, interleaved): bare SDK call ` +
    `${us(parts.bare)}, guarded ${us(parts.guarded)} (+${us(more.guard)}). Added to a bare ` +
    `call alone: engine.request on a cache hit +${us(more.engine)} (the decision, the audit ` +
    `event and its in-line argument hash; that hash alone +${us(more.hash)}); the SDK's own ` +
    `work for the progress token the guard puts on every call +${us(more.progress)} (bare ` +
    `with it ${us(parts.progress)}); the rest of the guard ${us(more.rest)} (catalog read, ` +
    `the call object, copying the approved arguments, its async steps, the dry-run check of ` +
    `the result, garbage). A host with an elicit renderer also pays the ` +
    `timeout wrapper that keeps the user's answering time out of the call's budget (an ` +
    `AbortController and its signal, a timer, the abort listener the SDK adds): ` +
    `+${us(more.wrapper)} (guarded with a renderer ${us(parts.renderer)}).`
  );
}

/** On-CPU µs per call of the guarded call and its parts, in memory. */
async function cpuBreakdown(ctx: BenchContext, connect: Connect): Promise<CpuBreakdown> {
  const guarded = await guardedSide(connect);
  const withRenderer = await guardedSide(connect, { withRenderer: true });
  const { transport, close } = await connect();
  const client = new Client({ name: 'bench-wrapped', version: '0.0.0' });
  await client.connect(transport);
  const tools = (await client.listTools()).tools;
  const granted = await engineWithGrant(tools.find((candidate) => candidate.name === TOOL)!);
  const { engine } = granted;
  const call = granted.call();
  const variants: Record<Exclude<keyof CpuBreakdown, 'engineHot'>, () => Promise<unknown>> = {
    bare: () => client.callTool({ name: TOOL, arguments: {} }),
    guarded: () => guarded.call(),
    renderer: () => withRenderer.call(),
    engine: async () => {
      const result = await engine.request(call, { prompt: () => 'deny_once' });
      if (result.origin !== 'cache_hit') throw new Error('engine.request did not hit its grant');
      await client.callTool({ name: TOOL, arguments: {} });
    },
    hash: () => {
      hashArgsSync(call.args);
      return client.callTool({ name: TOOL, arguments: {} });
    },
    progress: () => client.callTool({ name: TOOL, arguments: {} }, undefined, PROGRESS_OPTIONS),
  };
  const names = Object.keys(variants) as Exclude<keyof CpuBreakdown, 'engineHot'>[];
  let engineHot: number;
  const calls = ctx.quick ? 300 : 1000;
  const rounds = ctx.quick ? 4 : 8;
  const runs = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    (typeof names)[number],
    number[]
  >;
  try {
    for (let round = -1; round < rounds; round += 1) {
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        const start = process.cpuUsage();
        for (let i = 0; i < calls; i += 1) await variants[name]();
        const used = process.cpuUsage(start);
        if (round >= 0) runs[name].push((used.user + used.system) / calls);
      }
    }
    engineHot = await hotSyncUs(() => engine.request(call, { prompt: () => 'deny_once' }));
  } finally {
    await guarded.close();
    await withRenderer.close();
    await close();
    await client.close();
    engine.dispose();
  }
  return {
    engineHot,
    bare: median(runs.bare),
    guarded: median(runs.guarded),
    renderer: median(runs.renderer),
    engine: median(runs.engine),
    hash: median(runs.hash),
    progress: median(runs.progress),
  };
}
