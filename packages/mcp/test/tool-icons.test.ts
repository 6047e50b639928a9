import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  createPermissionEngine,
  memoryStore,
  pinTool,
  type PromptRequest,
} from '@mcp-consent/engine';
import { toolIconFor } from '@mcp-consent/prompt';
import { guardClient } from '../src/index.js';

/**
 * The tool's own icon (MCP `Tool.icons`, spec R1 "tool icon + name") reaches the prompt with
 * the definition, with the host's origin for the server, and never changes what is pinned.
 */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ORIGIN = 'https://notes.example';

async function askedAbout(icons: { src: string }[]): Promise<PromptRequest> {
  const server = new McpServer({ name: 'icons', version: '1' }, { capabilities: { tools: {} } });
  const tool = { name: 'notes_list', inputSchema: { type: 'object' }, icons };
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [tool] }) as never);
  server.server.setRequestHandler(CallToolRequestSchema, () => ({ content: [] }));
  const asked: PromptRequest[] = [];
  const client = guardClient(new Client({ name: 'host', version: '1' }), {
    engine: createPermissionEngine({ store: memoryStore() }),
    server: { id: 'notes', origin: ORIGIN },
    userId: 'alice',
    workspaceId: 'ws',
    prompt: (request) => (asked.push(request), 'deny_once'),
    onWarning: () => {},
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  await client.catalog.refresh();
  await client.callTool({ name: 'notes_list', arguments: {} });
  await client.close();
  expect(asked).toHaveLength(1);
  return asked[0]!;
}

describe('tool icons through guardClient', () => {
  it('the prompt gets the tool’s icons and the host’s origin, so the sheet can show the icon', async () => {
    const request = await askedAbout([{ src: 'https://tracker.example/p.png' }, { src: PNG }]);
    expect(request.call.tool.icons).toEqual([
      { src: 'https://tracker.example/p.png' },
      { src: PNG },
    ]);
    expect(request.call.server.origin).toBe(ORIGIN);
    expect(toolIconFor(request.call.tool, request.call.server.origin)).toEqual({ src: PNG });
  });

  it('an icon on the server’s own origin is shown; the icons are never part of the pin', async () => {
    const request = await askedAbout([{ src: `${ORIGIN}/notes.png` }]);
    expect(toolIconFor(request.call.tool, request.call.server.origin)).toEqual({
      src: `${ORIGIN}/notes.png`,
    });
    const { icons: _, ...withoutIcons } = request.call.tool;
    expect(pinTool(request.call.tool)?.hash).toBe(pinTool(withoutIcons)?.hash);
  });
});
