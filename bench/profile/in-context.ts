/**
 * What the guard's steps cost where a host runs them: between Streamable HTTP calls, with the
 * caches cold from the SDK's and undici's work, instead of in a hot loop.
 *
 *   npx tsx --conditions=mcp-consent-source bench/profile/in-context.ts [rounds=4]
 *
 * The demo server runs in its own process. Each client sends `notes_list` (with a progress
 * token, as the guard does) and, right before each call, runs one step of the guard's decision
 * synchronously; the step's time is taken alone (`performance.now()` around it). Clients take
 * turns whose order rotates, on new connections each round. The same steps' synchronous parts
 * are then timed in a hot loop of 20 000 runs. Prints µs per step: p10, p50, p90 in context; the
 * hot-loop mean.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  assessCall,
  hashArgsSync,
  type PermissionEngine,
  type ToolCall,
} from '@mcp-consent/engine';
import {
  DEMO_TOOL,
  engineWithGrant,
  hotSyncUs,
  inTurns,
  PROGRESS_OPTIONS,
  startDemoHttpServer,
} from '../lib/demo.js';

const rounds = Number(process.argv[2] ?? 4);
const TURNS = 250;

/**
 * A sketch of the floor, not the engine: what a cache hit touching a few objects in one place
 * costs here. One WeakMap read by the server object, one Map read by tool name, the entry's
 * checks (expiry, decision, tier, pin hash against the definition's), and an audit record
 * pushed to an array. It checks far less than the engine does; it only shows how low a
 * compact path could go.
 */
interface SketchEntry {
  expires: number;
  allow: boolean;
  tier: string;
  pinHash: string;
}
const sketchMemo = new WeakMap<object, Map<string, SketchEntry>>();
const sketchPins = new WeakMap<object, string>();
const sketchLog: unknown[] = [];
function sketchHit(call: ToolCall): boolean {
  const entry = sketchMemo.get(call.server)?.get(call.tool.name);
  const now = Date.now();
  const ok =
    entry !== undefined &&
    entry.allow &&
    entry.expires > now &&
    entry.tier === 'low' &&
    entry.pinHash === sketchPins.get(call.tool);
  if (sketchLog.length >= 1000) sketchLog.length = 0;
  sketchLog.push([call.userId, call.server.id, call.tool.name, ok, now]);
  return ok;
}
function sketchGrant(call: ToolCall): void {
  sketchPins.set(call.tool, 'pin');
  sketchMemo.set(
    call.server,
    new Map([[call.tool.name, { expires: Infinity, allow: true, tier: 'low', pinHash: 'pin' }]]),
  );
}

type Step = (engine: PermissionEngine, call: ToolCall) => unknown;
const steps: Record<string, Step> = {
  'nothing (the timer alone)': () => undefined,
  'engine.lookup': (engine, call) => engine.lookup(call),
  'engine.request, cache hit (its synchronous part)': (engine, call) =>
    engine.request(call, { prompt: () => 'deny_once' }),
  'hashArgsSync({})': (_, call) => hashArgsSync(call.args),
  assessCall: (_, call) => assessCall(call),
  'a compact hit (sketch of the floor, above)': (_, call) => {
    if (!sketchHit(call)) throw new Error('the sketch missed its grant');
  },
};

const demo = await startDemoHttpServer();
const { url } = demo;

/** One engine per step, kept across rounds (warm, with its grant), and its call. */
const engines = new Map<string, { engine: PermissionEngine; call: () => ToolCall }>();
async function engineFor(name: string, listed: Parameters<typeof engineWithGrant>[0]) {
  let held = engines.get(name);
  if (!held) {
    held = await engineWithGrant(listed);
    sketchGrant(held.call());
    engines.set(name, held);
  }
  return held;
}

const samples = new Map<string, number[]>();
const names = Object.keys(steps);
for (let round = 0; round < rounds; round += 1) {
  const sides: { name: string; call: () => Promise<unknown>; close: () => Promise<void> }[] = [];
  for (const name of names) {
    const transport = new StreamableHTTPClientTransport(url);
    const client = new Client({ name: 'in-context', version: '0.0.0' });
    await client.connect(transport);
    const definition = (await client.listTools()).tools.find((tool) => tool.name === DEMO_TOOL)!;
    const { engine, call } = await engineFor(name, definition);
    const step = steps[name]!;
    const times = samples.get(name) ?? [];
    samples.set(name, times);
    sides.push({
      name,
      async call() {
        const made = call();
        const start = performance.now();
        const value = step(engine, made);
        times.push((performance.now() - start) * 1000);
        await value;
        return client.callTool({ name: DEMO_TOOL, arguments: {} }, undefined, PROGRESS_OPTIONS);
      },
      async close() {
        await transport.terminateSession();
        await client.close();
      },
    });
  }
  await inTurns(sides, TURNS);
  for (const side of sides) await side.close();
}
await demo.close();

const quantile = (sorted: number[], q: number) => sorted[Math.floor(sorted.length * q)]!;
console.log('µs per step: in context (between HTTP calls) p10 / p50 / p90; hot loop mean');
for (const name of names) {
  const sorted = [...samples.get(name)!].sort((a, b) => a - b);
  const { engine, call } = engines.get(name)!;
  const made = call();
  const step = steps[name]!;
  const hot = await hotSyncUs(() => step(engine, made));
  const fixed = (value: number) => value.toFixed(1).padStart(6);
  console.log(
    `${name.padEnd(50)} ${fixed(quantile(sorted, 0.1))} ${fixed(quantile(sorted, 0.5))} ` +
      `${fixed(quantile(sorted, 0.9))}   hot ${fixed(hot)}`,
  );
}
process.exit(0);
