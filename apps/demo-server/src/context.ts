import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { DemoState } from './state.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What every tool module needs: the server to register on, the shared state, resolved options. */
export interface ToolContext {
  server: McpServer;
  state: DemoState;
  dryRun: boolean;
  elicitTimeoutMs: number;
  /** Every registration by name, so `tools/list` can page over them and the rug pull can swap one. */
  registered: Map<string, RegisteredTool>;
  /** Run when the connection closes (state subscriptions). */
  disposers: Array<() => void>;
}

export function text(value: string, isError = false): CallToolResult {
  return isError
    ? { content: [{ type: 'text', text: value }], isError }
    : { content: [{ type: 'text', text: value }] };
}

export function json(value: unknown): CallToolResult {
  return text(JSON.stringify(value, null, 2));
}

/**
 * Asks the client through elicitation, tied to the tool call that asked (so it
 * travels on that call's HTTP stream) and with a long timeout: the SDK's 60 s
 * default would cancel a question the user is still reading.
 */
export async function elicit(
  ctx: ToolContext,
  extra: ToolExtra,
  params: ElicitRequestFormParams | ElicitRequestURLParams,
): Promise<ElicitResult> {
  return ctx.server.server.elicitInput(params, {
    relatedRequestId: extra.requestId,
    signal: extra.signal,
    timeout: ctx.elicitTimeoutMs,
  });
}
