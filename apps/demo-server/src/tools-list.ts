import { setTimeout as sleep } from 'node:timers/promises';
import type { RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import {
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from './context.js';

export interface ToolsListOptions {
  /** Tools per `tools/list` page; undefined lists everything in one page. */
  pageSize?: number;
  /** Delay before answering each `tools/list` page (a slow schema load, spec T6). */
  listDelayMs: number;
}

/**
 * Replaces McpServer's `tools/list` handler (which has no pagination and no
 * delay) with one that pages over the same registrations, so a rug pull via
 * `RegisteredTool.update()` shows up here too.
 */
export function installToolsList(ctx: ToolContext, options: ToolsListOptions): void {
  ctx.server.server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
    ctx.state.toolsListRequests += 1;
    if (options.listDelayMs > 0)
      await sleep(options.listDelayMs, undefined, { signal: extra.signal });
    const tools = [...ctx.registered]
      .filter(([, tool]) => tool.enabled)
      .map(([name, tool]) => describe(name, tool));
    const start = decodeCursor(request.params?.cursor, tools.length);
    const end = options.pageSize ? start + options.pageSize : tools.length;
    const page = tools.slice(start, end);
    return end < tools.length ? { tools: page, nextCursor: encodeCursor(end) } : { tools: page };
  });
}

function describe(name: string, registered: RegisteredTool): Tool {
  const input = normalizeObjectSchema(registered.inputSchema);
  const definition: Tool = {
    name,
    inputSchema: input
      ? (toJsonSchemaCompat(input, {
          strictUnions: true,
          pipeStrategy: 'input',
        }) as Tool['inputSchema'])
      : { type: 'object', properties: {} },
  };
  if (registered.title !== undefined) definition.title = registered.title;
  if (registered.description !== undefined) definition.description = registered.description;
  if (registered.annotations !== undefined) definition.annotations = registered.annotations;
  if (registered._meta !== undefined) definition._meta = registered._meta;
  return definition;
}

function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined, length: number): number {
  if (cursor === undefined) return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  const offset = match ? Number(match[1]) : NaN;
  if (!Number.isInteger(offset) || offset < 0 || offset > length) {
    throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor');
  }
  return offset;
}
