import {
  Client as ClientV2,
  StreamableHTTPClientTransport as StreamableHTTPClientTransportV2,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  createPermissionEngine,
  memoryStore,
  type DecisionAuditEvent,
  type OutcomeAuditEvent,
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
import { guardClientV2 } from '../src/v2.js';
import { auditInto } from './audit-split.js';

/**
 * The SDK the guard binds in this run: the `mcp` project runs the suite on SDK 1.x
 * (`guardClient`), the `mcp-v2` project runs the same files on the v2 client
 * (`guardClientV2`), through `MCP_CONSENT_SDK` (see `vitest.v2.config.ts`).
 */
export type Sdk = 'v1' | 'v2';
export const SDK: Sdk = process.env.MCP_CONSENT_SDK === 'v2' ? 'v2' : 'v1';
/** The SDK client class of this run. */
export const SdkClient: typeof Client | typeof ClientV2 = SDK === 'v2' ? ClientV2 : Client;
/** The code of the SDK's request-timeout error (v1: JSON-RPC -32001; v2: a local SdkError). */
export const TIMEOUT_CODE: number | string = SDK === 'v2' ? 'REQUEST_TIMEOUT' : -32001;

/**
 * A new SDK client of this run, guarded. Typed as the v1 guarded client: on v2, `callTool`
 * takes the v1 shape `(params, resultSchema, options)` and drops the schema, so one test body
 * serves both.
 */
export function guardNewClient(
  options: GuardClientOptions,
  name = 'consent-test-host',
): { guarded: GuardedClient; raw: Client } {
  if (SDK === 'v1') {
    const raw = new Client({ name, version: '0' });
    return { guarded: guardClient(raw, options), raw };
  }
  const raw = new ClientV2({ name, version: '0' });
  const guarded = guardClientV2(raw, options);
  const callTool = (params: unknown, _schema: unknown, requestOptions: unknown) =>
    guarded.callTool(params as never, requestOptions as never);
  return {
    guarded: new Proxy(guarded, {
      get: (target, property) =>
        property === 'callTool' ? callTool : (Reflect.get(target, property, target) as unknown),
    }) as unknown as GuardedClient,
    // The tests read state and trigger server events through `callTool(params)`, which both take.
    raw: raw as unknown as Client,
  };
}

/** A stdio client transport of this run's SDK. */
export function sdkStdioTransport(command: {
  command: string;
  args: string[];
  env?: Record<string, string>;
}): Transport {
  const params = { ...command, stderr: 'pipe' as const };
  return SDK === 'v2'
    ? (new StdioClientTransportV2(params) as unknown as Transport)
    : new StdioClientTransport(params);
}

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
  /** The engine's tool-call decisions. */
  audit: DecisionAuditEvent[];
  /** The engine's elicitation, sampling and roots audit events. */
  outcomes: OutcomeAuditEvent[];
  events: GuardEvent[];
  warnings: string[];
  state(): Promise<DemoStateSnapshot>;
  close(): Promise<void>;
}

export async function setup(kind: TransportKind, options: HarnessOptions = {}): Promise<Harness> {
  const audit: DecisionAuditEvent[] = [];
  const outcomes: OutcomeAuditEvent[] = [];
  const events: GuardEvent[] = [];
  const warnings: string[] = [];
  const human = new ScriptedHuman();
  const engine =
    options.engine && 'request' in options.engine
      ? options.engine
      : createPermissionEngine({
          store: memoryStore(),
          audit: auditInto(audit, outcomes),
          ...options.engine,
        });
  await engine.ready;

  const guardOptions: GuardClientOptions = {
    engine,
    server: SERVER,
    userId: USER,
    workspaceId: WORKSPACE,
    prompt: human.prompt,
    onWarning: (message) => void warnings.push(message),
    onEvent: (event) => void events.push(event),
    ...options.guard,
  };
  const { guarded, raw } = guardNewClient(guardOptions);

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
    outcomes,
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
    const transport =
      SDK === 'v2'
        ? (new StreamableHTTPClientTransportV2(server.url) as unknown as Transport)
        : new StreamableHTTPClientTransport(server.url);
    return { transport, stop: () => server.close() };
  }
  const args: string[] = [];
  if (demo.listDelayMs) args.push('--list-delay-ms', String(demo.listDelayMs));
  if (demo.pageSize) args.push('--page-size', String(demo.pageSize));
  if (demo.elicitTimeoutMs) args.push('--elicit-timeout-ms', String(demo.elicitTimeoutMs));
  // The operator's switch is the environment, as in production (seed 001).
  const env = { MCP_DRY_RUN: demo.dryRun === false ? 'false' : undefined };
  const transport = sdkStdioTransport(demoServerCommand({ args, env }));
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
