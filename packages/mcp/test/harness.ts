import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  createPermissionEngine,
  memoryStore,
  type AuditEvent,
  type PermissionEngine,
  type PermissionEngineOptions,
  type PromptAnswer,
  type PromptRequest,
} from '@mcp-consent/engine';
import {
  createDemoServer,
  demoServerCommand,
  startHttpServer,
  type DemoServerOptions,
  type DemoStateSnapshot,
} from '@mcp-consent/demo-server';
import {
  guardClient,
  type GuardClientOptions,
  type GuardedClient,
  type GuardEvent,
} from '../src/index.js';

export type TransportKind = 'memory' | 'stdio' | 'http';
export const TRANSPORTS: TransportKind[] = ['memory', 'stdio', 'http'];

/** The host's configuration of the connection: its id differs from the name the server reports. */
export const SERVER = { id: 'demo', name: 'Demo notes' } as const;
export const USER = 'user-a';
export const WORKSPACE = 'ws-1';

/**
 * A test double for the HUMAN: records every prompt it was shown and answers
 * from a script. An unexpected prompt throws, which the engine turns into a denial.
 */
export class ScriptedHuman {
  readonly requests: PromptRequest[] = [];
  readonly shownAt: number[] = [];
  constructor(
    private readonly answers: Array<
      PromptAnswer | ((request: PromptRequest) => Promise<PromptAnswer>)
    > = [],
  ) {}

  script(
    ...answers: Array<PromptAnswer | ((request: PromptRequest) => Promise<PromptAnswer>)>
  ): this {
    this.answers.push(...answers);
    return this;
  }

  readonly prompt = async (request: PromptRequest): Promise<PromptAnswer> => {
    this.requests.push(request);
    this.shownAt.push(performance.now());
    const next = this.answers.shift();
    if (next === undefined) throw new Error(`unexpected prompt for ${request.call.tool.name}`);
    return typeof next === 'function' ? next(request) : next;
  };
}

export interface HarnessOptions {
  demo?: Pick<DemoServerOptions, 'dryRun' | 'listDelayMs' | 'pageSize' | 'elicitTimeoutMs'>;
  guard?: Partial<GuardClientOptions>;
  engine?: PermissionEngine | Partial<PermissionEngineOptions>;
  /** Wait for the catalog's first listing before returning. @default true */
  catalogReady?: boolean;
}

export interface Harness {
  kind: TransportKind;
  guarded: GuardedClient;
  /** The same SDK client, unwrapped: ungated, used only to read the server's state. */
  raw: Client;
  engine: PermissionEngine;
  human: ScriptedHuman;
  audit: AuditEvent[];
  events: GuardEvent[];
  warnings: string[];
  state(): Promise<DemoStateSnapshot>;
  close(): Promise<void>;
}

export async function setup(kind: TransportKind, options: HarnessOptions = {}): Promise<Harness> {
  const audit: AuditEvent[] = [];
  const events: GuardEvent[] = [];
  const warnings: string[] = [];
  const human = new ScriptedHuman();
  const engine =
    options.engine && 'request' in options.engine
      ? options.engine
      : createPermissionEngine({
          store: memoryStore(),
          audit: (event) => void audit.push(event),
          ...options.engine,
        });
  await engine.ready;

  const raw = new Client({ name: 'consent-test-host', version: '0' });
  const guarded = guardClient(raw, {
    engine,
    server: SERVER,
    userId: USER,
    workspaceId: WORKSPACE,
    prompt: human.prompt,
    onWarning: (message) => void warnings.push(message),
    onEvent: (event) => void events.push(event),
    ...options.guard,
  });

  const { transport, stop } = await openTransport(kind, options.demo ?? {});
  await guarded.connect(transport);
  if (options.catalogReady !== false) await guarded.catalog.refresh();
  return {
    kind,
    guarded,
    raw,
    engine,
    human,
    audit,
    events,
    warnings,
    async state() {
      const result = (await raw.callTool({ name: 'demo_state', arguments: {} })) as CallToolResult;
      const part = result.content[0];
      return JSON.parse(part?.type === 'text' ? part.text : '{}') as DemoStateSnapshot;
    },
    async close() {
      await guarded.close();
      await stop();
    },
  };
}

async function openTransport(
  kind: TransportKind,
  demo: NonNullable<HarnessOptions['demo']>,
): Promise<{ transport: Transport; stop: () => Promise<void> }> {
  if (kind === 'memory') {
    const server = createDemoServer(demo);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.server.connect(serverSide);
    return { transport: clientSide, stop: () => server.close() };
  }
  if (kind === 'http') {
    const server = await startHttpServer({ ...demo, port: 0 });
    return { transport: new StreamableHTTPClientTransport(server.url), stop: () => server.close() };
  }
  const args: string[] = [];
  if (demo.listDelayMs) args.push('--list-delay-ms', String(demo.listDelayMs));
  if (demo.pageSize) args.push('--page-size', String(demo.pageSize));
  if (demo.elicitTimeoutMs) args.push('--elicit-timeout-ms', String(demo.elicitTimeoutMs));
  // The operator's switch is the environment, as in production (seed 001).
  const env = { MCP_DRY_RUN: demo.dryRun === false ? 'false' : undefined };
  const transport = new StdioClientTransport({
    ...demoServerCommand({ args, env }),
    stderr: 'pipe',
  });
  return { transport, stop: async () => {} };
}

export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content ?? [];
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/** Resolves at the next change of the guard's tool catalog (a re-listing after list_changed). */
export function nextCatalogChange(target: Pick<Harness, 'guarded'>): Promise<void> {
  return new Promise((resolve) => {
    const stop = target.guarded.catalog.subscribe(() => {
      stop();
      resolve();
    });
  });
}
