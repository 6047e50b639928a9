import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from './context.js';
import { dryRunActive } from './dry-run.js';
import { registerElicitationTools } from './elicitation-tools.js';
import { registerMessagesTools } from './messages-tools.js';
import { registerMiscTools } from './misc-tools.js';
import { registerNotesTools } from './notes-tools.js';
import { registerSamplingTools } from './sampling-tools.js';
import { DemoState } from './state.js';
import { installToolsList } from './tools-list.js';

/** The name the demo server reports. Hosts must not key grants on it (it is self-reported). */
export const DEMO_SERVER_NAME = 'mcp-consent-demo-server';

export interface DemoServerOptions {
  /** Shared state; pass the same one to every connection of one server. @default a fresh `DemoState` */
  state?: DemoState;
  /**
   * The operator's half of the two-key dry run (seed 001).
   * @default process.env.MCP_DRY_RUN !== 'false' (only the literal 'false' turns it off)
   */
  dryRun?: boolean;
  /** Delay before answering each `tools/list` page, in ms. @default 0 */
  listDelayMs?: number;
  /** Tools per `tools/list` page; undefined lists every tool in one page. @default undefined */
  pageSize?: number;
  /**
   * Timeout of the server's own elicitation requests, in ms. Long on purpose:
   * the SDK's 60 s default would cancel a confirmation the user is still reading.
   * @default 600000 (10 minutes)
   */
  elicitTimeoutMs?: number;
  /** Reported server name. @default DEMO_SERVER_NAME */
  name?: string;
}

export interface DemoServer {
  server: McpServer;
  state: DemoState;
  /** Closes the connection and drops the state subscriptions of this server. */
  close(): Promise<void>;
}

/**
 * One MCP server instance over shared, observable state. An McpServer serves
 * one connection: create one per stdio process or HTTP session.
 */
export function createDemoServer(options: DemoServerOptions = {}): DemoServer {
  const state = options.state ?? new DemoState();
  const server = new McpServer(
    { name: options.name ?? DEMO_SERVER_NAME, version: '0.1.0' },
    // `logging`: notes_summarize logs what it asks the client for (hosts show server logs).
    { capabilities: { tools: { listChanged: true }, logging: {} } },
  );
  const ctx: ToolContext = {
    server,
    state,
    dryRun: options.dryRun ?? dryRunActive(process.env),
    elicitTimeoutMs: options.elicitTimeoutMs ?? 600_000,
    registered: new Map(),
    disposers: [],
  };
  registerNotesTools(ctx);
  registerMiscTools(ctx);
  registerMessagesTools(ctx);
  registerElicitationTools(ctx);
  registerSamplingTools(ctx);
  installToolsList(ctx, { pageSize: options.pageSize, listDelayMs: options.listDelayMs ?? 0 });

  const dispose = (): void => {
    for (const dispose of ctx.disposers.splice(0)) dispose();
  };
  server.server.onclose = dispose;
  return {
    server,
    state,
    async close() {
      dispose();
      await server.close();
    },
  };
}
