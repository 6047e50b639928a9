/**
 * A terminal host built from the packed tarballs: an engine with a memory store and the Ink
 * prompter of @mcp-consent/ink, asking about one destructive tool call. It prints the decision
 * and exits 0 when the call may run, 1 when it was denied.
 */
import process from 'node:process';
import { createPermissionEngine, memoryStore, type ToolCall } from '@mcp-consent/engine';
import { inkPrompter } from '@mcp-consent/ink';

const call: ToolCall = {
  userId: 'linus',
  workspaceId: 'consumer-node-ink',
  server: { id: 'git', name: 'Git server', trusted: true },
  tool: {
    name: 'force_push',
    description: 'Overwrites the remote branch with the local one.',
    inputSchema: { type: 'object', properties: { branch: { type: 'string' } } },
    annotations: { destructiveHint: true, openWorldHint: true },
  },
  args: { branch: 'main' },
};

const engine = createPermissionEngine({ store: memoryStore() });
await engine.ready;
console.log('host: asking before tools/call');
const prompter = inkPrompter({ engine });
const result = await engine.request(call, { prompt: prompter.prompt });
prompter.unmount();
engine.dispose();
console.log(`decision: ${result.choice}`);
process.exitCode = result.allowed ? 0 : 1;
