import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  PermissionEngine,
  PromptCallback,
  ServerRef,
  ToolDefinition,
} from '@mcp-consent/engine';
import {
  denialOf,
  dryRunOutcomeOf,
  guardClient,
  type DryRunOutcome,
  type ElicitCallback,
  type GuardedClient,
} from '@mcp-consent/mcp';

export interface ConnectOptions {
  url: URL;
  server: ServerRef;
  engine: PermissionEngine;
  userId: string;
  workspaceId: string;
  prompt: PromptCallback;
  elicit: ElicitCallback;
  openUrl: (url: string) => void;
  locale: string;
  onToolsChanged: (tools: readonly ToolDefinition[]) => void;
}

export interface Connection {
  url: URL;
  server: ServerRef;
  tools(): readonly ToolDefinition[];
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  close(): Promise<void>;
}

/** What a call came to, for the result panel. `text` is the server's (untrusted) text. */
export type CallOutcome =
  | { kind: 'ok' | 'error'; text: string }
  /** Sent for real after a preview, and the server only previewed again or failed: said in words. */
  | { kind: 'dry_run'; outcome: DryRunOutcome; server: ServerRef }
  | { kind: 'denied'; text: string; reason: string; choice?: string; settledBy?: string };

/**
 * One MCP connection over Streamable HTTP, through the real SDK client wrapped
 * by `guardClient`: every `tools/call` is asked about first, elicitations go
 * to the renderer, and a denied call never reaches the server.
 */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const client: GuardedClient = guardClient(
    new Client({ name: 'mcp-consent-playground', version: '0.1.0' }),
    {
      engine: options.engine,
      server: options.server,
      userId: options.userId,
      workspaceId: options.workspaceId,
      prompt: options.prompt,
      elicit: options.elicit,
      openUrl: options.openUrl,
      locale: options.locale,
    },
  );
  await client.connect(new StreamableHTTPClientTransport(options.url));
  const unsubscribe = client.catalog.subscribe(() => options.onToolsChanged(client.catalog.list()));
  try {
    await client.catalog.refresh();
  } catch (error) {
    unsubscribe();
    await client.close();
    throw error;
  }
  options.onToolsChanged(client.catalog.list());

  return {
    url: options.url,
    server: options.server,
    tools: () => client.catalog.list(),
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      const text = contentText(result.content);
      const denial = denialOf(result);
      if (denial) {
        const { reason, choice, settledBy } = denial;
        return {
          kind: 'denied',
          text,
          reason,
          ...(choice ? { choice } : {}),
          ...(settledBy ? { settledBy } : {}),
        };
      }
      const dryRun = dryRunOutcomeOf(result);
      if (dryRun && dryRun.outcome !== 'done')
        return { kind: 'dry_run', outcome: dryRun, server: options.server };
      return { kind: result.isError ? 'error' : 'ok', text };
    },
    async close() {
      unsubscribe();
      await client.close();
    },
  };
}

/** The text of a result's content blocks; anything else as JSON. */
function contentText(content: unknown): string {
  if (!Array.isArray(content)) return JSON.stringify(content ?? null, null, 2);
  return content
    .map((block: unknown) => {
      const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
      return type === 'text' ? String(text) : JSON.stringify(block, null, 2);
    })
    .join('\n\n');
}
