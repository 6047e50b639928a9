/**
 * A loop of guarded `tools/call`s on an allow-always grant (the demo server in
 * memory), to profile what the guard adds to a call:
 *
 *   node --conditions=mcp-consent-source --import tsx --cpu-prof --cpu-prof-dir=.tmp/prof \
 *     bench/profile/guarded-calls.ts [calls=20000]
 *
 * Open the .cpuprofile in Chrome DevTools (Performance) or VS Code.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createDemoServer } from '@mcp-consent/demo-server';
import { createPermissionEngine, memoryAuditSink, memoryStore } from '@mcp-consent/engine';
import { guardClient } from '@mcp-consent/mcp';

const calls = Number(process.argv[2] ?? 20_000);
const demo = createDemoServer({ dryRun: false });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await demo.server.connect(serverSide);
const engine = createPermissionEngine({ store: memoryStore(), audit: memoryAuditSink() });
const client = guardClient(new Client({ name: 'bench-profile', version: '0.0.0' }), {
  engine,
  server: { id: 'demo', trusted: true },
  userId: 'bench-user',
  workspaceId: 'bench',
  prompt: () => 'allow_always',
});
await client.connect(clientSide);
await client.catalog.refresh();
const cpu = process.cpuUsage();
const start = performance.now();
for (let i = 0; i < calls; i += 1) {
  const result = await client.callTool({ name: 'notes_list', arguments: {} });
  if (result.isError) throw new Error(`call ${i} failed`);
}
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
console.log(
  `${calls} guarded calls: ${((ms * 1000) / calls).toFixed(1)} µs per call (wall), ` +
    `${((used.user + used.system) / calls).toFixed(1)} µs on-CPU`,
);
await client.close();
await demo.close();
engine.dispose();
