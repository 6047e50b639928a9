/**
 * Where the guard's time goes in one guarded `tools/call` over Streamable HTTP, phase by phase,
 * between network calls (where a host runs it, with caches cold from the SDK's and undici's
 * work). The phases are marked by probes that are not in the kit: apply them first, and take
 * them out after.
 *
 *   git apply bench/profile/guard-phases.patch
 *   npx tsx --conditions=mcp-consent-source bench/profile/guard-phases.ts [rounds=3] [--prewarm]
 *   git apply -R bench/profile/guard-phases.patch
 *
 * A guarded client (allow-always grant, no prompt) and a bare client sending a progress token
 * take turns on the demo server in its own process, on new connections each round. Prints the
 * median and p10 µs of each phase of the guarded call: the time since the previous mark, so
 * `g:result` is the network leg (the SDK's call, the server, the wire). `--prewarm` first runs
 * 20 000 guarded in-memory calls, so the code is optimized before it is timed (what a long
 * session reaches; the bench's guarded-client rows run ~2 000 calls before their HTTP rows).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createDemoServer } from '@mcp-consent/demo-server';
import { createPermissionEngine, memoryAuditSink, memoryStore } from '@mcp-consent/engine';
import { guardClient } from '@mcp-consent/mcp';
import {
  DEMO_SERVER,
  DEMO_TOOL,
  inTurns,
  PROGRESS_OPTIONS,
  startDemoHttpServer,
} from '../lib/demo.js';

const rounds = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 3);
const prewarm = process.argv.includes('--prewarm');
const TURNS = 300;

const phases = new Map<string, number[]>();
let last = 0;
let timing = false;
(globalThis as { __phase?: (label: string) => void }).__phase = (label) => {
  if (!timing) return;
  const now = performance.now();
  const times = phases.get(label) ?? [];
  times.push((now - last) * 1000);
  phases.set(label, times);
  last = now;
};

const engine = createPermissionEngine({ store: memoryStore(), audit: memoryAuditSink() });
const guard = () =>
  guardClient(new Client({ name: 'guard-phases', version: '0.0.0' }), {
    engine,
    server: DEMO_SERVER,
    userId: 'bench-user',
    workspaceId: 'bench',
    prompt: () => 'allow_always',
    onWarning: (message) => {
      throw new Error(message);
    },
  });

if (prewarm) {
  const demo = createDemoServer({ dryRun: false });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await demo.server.connect(serverSide);
  const client = guard();
  await client.connect(clientSide);
  await client.catalog.refresh();
  for (let i = 0; i < 20_000; i += 1) await client.callTool({ name: DEMO_TOOL, arguments: {} });
  await client.close();
  await demo.close();
}

const demo = await startDemoHttpServer();
for (let round = 0; round < rounds; round += 1) {
  const guardedTransport = new StreamableHTTPClientTransport(demo.url);
  const guarded = guard();
  await guarded.connect(guardedTransport);
  await guarded.catalog.refresh();
  await guarded.callTool({ name: DEMO_TOOL, arguments: {} }); // the grant (or its hit)
  const bareTransport = new StreamableHTTPClientTransport(demo.url);
  const bare = new Client({ name: 'guard-phases-bare', version: '0.0.0' });
  await bare.connect(bareTransport);
  await inTurns(
    [
      {
        async call() {
          timing = true;
          last = performance.now();
          const result = await guarded.callTool({ name: DEMO_TOOL, arguments: {} });
          (globalThis as { __phase?: (label: string) => void }).__phase?.('g:return');
          timing = false;
          if (result.isError) throw new Error(`denied: ${JSON.stringify(result)}`);
        },
      },
      {
        call: () => bare.callTool({ name: DEMO_TOOL, arguments: {} }, undefined, PROGRESS_OPTIONS),
      },
    ],
    TURNS,
  );
  await guardedTransport.terminateSession();
  await guarded.close();
  await bareTransport.terminateSession();
  await bare.close();
}
await demo.close();
engine.dispose();

if (!phases.has('start')) {
  console.error('No engine phases were marked: apply bench/profile/guard-phases.patch first.');
  process.exit(1);
}
const fixed = (value: number) => value.toFixed(1).padStart(7);
let guardUs = 0;
console.log(`µs per phase of a guarded call over HTTP${prewarm ? ', prewarmed' : ''}: median, p10`);
for (const [label, times] of phases) {
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1]!;
  if (label !== 'g:result') guardUs += median;
  console.log(
    `${label.padEnd(16)} ${fixed(median)} ${fixed(times[Math.floor(times.length / 10)]!)}`,
  );
}
console.log(`the guard's phases together (all but g:result): ${guardUs.toFixed(1)} µs`);
process.exit(0);
