/**
 * `npm run demo:engine`: a terminal walk through the
 * engine with a real file store and audit log. Answer the prompts with 1–4;
 * run it again and the "always" answers are remembered (cache hits).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import {
  createPermissionEngine,
  isDecisionEvent,
  type Choice,
  type PromptRequest,
  type ToolCall,
} from '@mcp-consent/engine';
import { fileStore, jsonlAuditSink } from '@mcp-consent/engine/file';

const dir = process.env.MCP_CONSENT_DEMO_DIR ?? join(homedir(), '.config', 'mcp-consent-demo');
const store = fileStore(join(dir, 'grants.json'));
const auditLog = jsonlAuditSink(join(dir, 'audit.jsonl'));

if (process.argv.includes('--reset')) {
  await store.clear();
  console.log(`Cleared the grants in ${dir}.`);
}

const engine = createPermissionEngine({ store, audit: auditLog });
await engine.ready;

const server = { id: 'demo-notes', name: 'Demo notes server', trusted: false };
const calls: ToolCall[] = [
  {
    tool: {
      name: 'notes_list',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    args: { folder: 'inbox' },
  },
  {
    tool: {
      name: 'notes_put',
      inputSchema: { type: 'object' },
      annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    args: { id: 'groceries', text: 'milk, eggs' },
  },
  {
    tool: {
      name: 'notes_delete',
      inputSchema: { type: 'object' },
      annotations: { destructiveHint: true, openWorldHint: false },
    },
    args: { id: 'groceries' },
  },
  {
    tool: {
      name: 'web_fetch',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    },
    args: { url: 'https://example.com' },
  },
].map((partial) => ({
  userId: process.env.USER ?? 'demo-user',
  workspaceId: 'demo',
  server,
  ...partial,
}));

const rl = createInterface({ input: process.stdin, terminal: false });
// Read lines through the iterator: `rl.question` loses lines that were piped in early.
const lines = rl[Symbol.asyncIterator]();
const choices: Choice[] = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];
const labels = ['Allow once', 'Allow always', 'Deny once', 'Deny always'];

async function ask(request: PromptRequest): Promise<Choice> {
  const { call, risk } = request;
  console.log(
    `\n${call.tool.name} from ${call.server.name} (${call.server.trusted ? 'trusted' : 'untrusted'})`,
  );
  console.log(
    `  risk: ${risk.tier} (${risk.reasons.join(', ')})  asked because: ${request.lookup.reason}`,
  );
  console.log(`  arguments: ${JSON.stringify(call.args)}`);
  labels.forEach((label, index) => {
    const disabled = index === 1 && !request.allowAlwaysEnabled;
    console.log(
      `  ${index + 1}. ${label}${disabled ? ' (not available: this tool may be destructive)' : ''}`,
    );
  });
  for (;;) {
    process.stdout.write('  your answer [1-4, Enter = Deny once]: ');
    const next = await lines.next();
    if (next.done) return 'deny_once'; // No more input: the cautious answer.
    const index = next.value.trim() === '' ? 2 : Number(next.value) - 1;
    if (index === 1 && !request.allowAlwaysEnabled) {
      console.log('  Allow always is not available for this tool; pick another answer.');
      continue;
    }
    if (choices[index]) return choices[index];
  }
}

for (const call of calls) {
  const result = await engine.request(call, { prompt: ask });
  console.log(
    `→ ${call.tool.name}: ${result.allowed ? 'ALLOWED' : 'DENIED'} (${result.choice}, ${result.origin})`,
  );
}
rl.close();

console.log(`\nGrants remembered in ${store.path}:`);
for (const grant of engine.grants()) {
  console.log(
    `  ${grant.decision.padEnd(5)} ${grant.toolName.padEnd(12)} expires ${grant.expiresAt ?? 'never'}`,
  );
}
const events = await auditLog.read();
console.log(`\nLast audit events (${join(dir, 'audit.jsonl')}):`);
for (const event of events.filter(isDecisionEvent).slice(-calls.length)) {
  console.log(
    `  ${event.timestamp} ${event.decision.padEnd(12)} ${event.origin.padEnd(12)} ${event.tool_name}`,
  );
}
console.log(
  '\nRun `npm run demo:engine` again to see remembered answers, or `npm run demo:engine -- --reset` to forget them.',
);
