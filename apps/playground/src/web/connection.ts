import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type {
  PermissionEngine,
  PromptCallback,
  ServerRef,
  ToolDefinition,
} from '@mcp-consent/engine';
import {
  denialOf,
  dryRunOutcomeOf,
  type DryRunOutcome,
  type ElicitCallback,
  type LogEvent,
  type PickRootsCallback,
  type ProgressEvent,
  type ReviewResultCallback,
  type Root,
  type RootsMemory,
  type SampleCallback,
} from '@mcp-consent/mcp';
import { guardClientV2, type GuardedClientV2 } from '@mcp-consent/mcp/v2';
import { resultBlocks, type ResultBlock } from './content.js';
import { echoModel } from './echo-model.js';

export interface ConnectOptions {
  url: URL;
  server: ServerRef;
  engine: PermissionEngine;
  userId: string;
  workspaceId: string;
  prompt: PromptCallback;
  elicit: ElicitCallback;
  /** Both steps of a sampling request; the replies come from the demo echo model. */
  sample: SampleCallback;
  /**
   * Shows every allowed call's result for review before the model gets it (`reviewResults`
   * for all tiers); undefined: results are not reviewed.
   */
  reviewResult?: ReviewResultCallback;
  /** The roots a server may be shown, and the sheet where the user picks them. */
  roots: { list: readonly Root[]; pickRoots: PickRootsCallback; memory: RootsMemory };
  /** Progress of the running call (sanitized by the kit). */
  onProgress: (event: ProgressEvent) => void;
  /** The server's log lines (sanitized by the kit). */
  onLog: (event: LogEvent) => void;
  openUrl: (url: string) => void;
  locale: string;
  onToolsChanged: (tools: readonly ToolDefinition[]) => void;
}

export interface Connection {
  url: URL;
  server: ServerRef;
  /** The protocol revision the client and the server agreed on, e.g. `2026-07-28`. */
  protocol: string | undefined;
  tools(): readonly ToolDefinition[];
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  close(): Promise<void>;
}

/**
 * What a call came to, for the result panel. `text` is the server's (untrusted) text; `blocks`
 * the same content read for display (media, links).
 */
export type CallOutcome =
  | { kind: 'ok' | 'error'; text: string; blocks: ResultBlock[] }
  /** Sent for real after a preview, and the server only previewed again or failed: said in words. */
  | { kind: 'dry_run'; outcome: DryRunOutcome; server: ServerRef }
  | { kind: 'denied'; text: string; reason: string; choice?: string; settledBy?: string };

/**
 * One MCP connection over Streamable HTTP, through the real v2 SDK client wrapped
 * by `guardClientV2`: every `tools/call` is asked about first, elicitations, sampling
 * and roots go to the renderer, and a denied call never reaches the server. The client
 * negotiates the era: 2026-07-28 with a server that speaks it (an approved call's
 * `input_required` rounds go to the same sheets), the 2025 protocol with any other.
 * Sampling replies come from `echoModel`, a demo generator (the kit never calls a model).
 */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const client: GuardedClientV2 = guardClientV2(
    new Client(
      { name: 'mcp-consent-playground', version: '0.1.0' },
      { versionNegotiation: { mode: 'auto' } },
    ),
    {
      engine: options.engine,
      server: options.server,
      userId: options.userId,
      workspaceId: options.workspaceId,
      prompt: options.prompt,
      elicit: options.elicit,
      sample: options.sample,
      generate: echoModel,
      ...(options.reviewResult
        ? {
            reviewResults: { tiers: ['low', 'medium', 'high'] },
            reviewResult: options.reviewResult,
          }
        : {}),
      roots: {
        list: () => options.roots.list,
        pickRoots: options.roots.pickRoots,
        memory: options.roots.memory,
      },
      onProgress: options.onProgress,
      onLog: options.onLog,
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
    protocol: client.getNegotiatedProtocolVersion(),
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
      return { kind: result.isError ? 'error' : 'ok', text, blocks: resultBlocks(result.content) };
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
