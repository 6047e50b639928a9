/**
 * A web host built from the packed tarballs: an engine with a memory store, the
 * <mcp-permission-sheet> web component, and one destructive tool call asked about as soon as
 * the page loads. The decision is written to <output id="decision">.
 */
import '@mcp-consent/elements/define';
import { createPermissionEngine, memoryStore, type ToolCall } from '@mcp-consent/engine';

const call: ToolCall = {
  userId: 'ada',
  workspaceId: 'consumer-vite-lit',
  server: { id: 'files', name: 'Files server', trusted: true },
  tool: {
    name: 'delete_file',
    description: 'Deletes a file for good.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    annotations: { destructiveHint: true, readOnlyHint: false },
  },
  args: { path: 'notes/draft.md' },
};

const output = document.querySelector<HTMLOutputElement>('#decision')!;

async function main(): Promise<void> {
  const engine = createPermissionEngine({ store: memoryStore() });
  await engine.ready;
  const sheet = document.createElement('mcp-permission-sheet');
  sheet.engine = engine;
  document.body.append(sheet);
  const result = await engine.request(call, { prompt: sheet.prompt });
  output.dataset.choice = result.choice;
  output.textContent = `${result.allowed ? 'allowed' : 'denied'} (${result.choice})`;
}

main().catch((error: unknown) => {
  output.dataset.choice = 'error';
  output.textContent = `error: ${String(error)}`;
});
