import {
  Client,
  InMemoryTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  createPermissionEngine,
  memoryStore,
  type DecisionAuditEvent,
  type OutcomeAuditEvent,
  type PermissionEngine,
} from '@mcp-consent/engine';
import {
  demoServerCommand,
  serveModern,
  startModernHttpServer,
  type DemoStateSnapshot,
} from '@mcp-consent/demo-server';
import type { ServerRequestHandler } from '../src/binding.js';
import { bindV2 } from '../src/binding-v2.js';
import { proxyClientV2, type GuardedClientV2 } from '../src/client-proxy-v2.js';
import { createGuardCore } from '../src/core.js';
import type {
  ElicitationRequest,
  ElicitAnswer,
  GuardClientOptions,
  GuardEvent,
} from '../src/index.js';
import { guardClientV2 } from '../src/v2.js';
import { ScriptedHuman, SERVER, textOf, USER, WORKSPACE, type TransportKind } from './harness.js';
import { auditInto } from './audit-split.js';

/**
 * The demo server's 2026-07-28 mode (v2 server SDK) behind `guardClientV2`, for the
 * multi-round-trip tests. The v2 client negotiates the era (`versionNegotiation: auto`).
 */
export interface ModernHarness {
  guarded: GuardedClientV2;
  raw: Client;
  engine: PermissionEngine;
  human: ScriptedHuman;
  /** Every elicitation the renderer was shown. */
  shown: ElicitationRequest[];
  /** Every sampling request the host's handler received. */
  sampled: unknown[];
  /** The engine's tool-call decisions. */
  audit: DecisionAuditEvent[];
  /** The engine's elicitation, sampling and roots audit events. */
  outcomes: OutcomeAuditEvent[];
  events: GuardEvent[];
  warnings: string[];
  state(): Promise<DemoStateSnapshot>;
  close(): Promise<void>;
}

export interface ModernHarnessOptions {
  /** Answers elicitations; without it the noRenderer policy answers. */
  elicit?: (request: ElicitationRequest) => ElicitAnswer | Promise<ElicitAnswer>;
  /**
   * A `sampling/createMessage` handler plugged into the core the way a sampling surface
   * plugs in (`context.serve` after declaring the capability). Without it the client does not
   * declare sampling.
   */
  sampling?: ServerRequestHandler;
  guard?: Partial<GuardClientOptions>;
}

export async function setupModern(
  kind: TransportKind,
  options: ModernHarnessOptions = {},
): Promise<ModernHarness> {
  const audit: DecisionAuditEvent[] = [];
  const outcomes: OutcomeAuditEvent[] = [];
  const events: GuardEvent[] = [];
  const warnings: string[] = [];
  const shown: ElicitationRequest[] = [];
  const sampled: unknown[] = [];
  const human = new ScriptedHuman();
  const engine = createPermissionEngine({
    store: memoryStore(),
    audit: auditInto(audit, outcomes),
  });
  await engine.ready;
  const { elicit, sampling } = options;
  const guardOptions: GuardClientOptions = {
    engine,
    server: SERVER,
    userId: USER,
    workspaceId: WORKSPACE,
    prompt: human.prompt,
    onWarning: (message) => void warnings.push(message),
    onEvent: (event) => void events.push(event),
    ...(elicit
      ? {
          elicit: (request: ElicitationRequest) => {
            shown.push(request);
            return elicit(request);
          },
        }
      : {}),
    ...options.guard,
  };
  const raw = new Client(
    { name: 'consent-test-host', version: '0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  let guarded: GuardedClientV2;
  if (sampling) {
    const core = createGuardCore(bindV2(raw), guardOptions);
    core.context.binding.declareCapabilities({ sampling: {} });
    core.context.serve('sampling/createMessage', (params, extra) => {
      sampled.push(params);
      return sampling(params, extra);
    });
    guarded = proxyClientV2(raw, core);
  } else {
    guarded = guardClientV2(raw, guardOptions);
  }

  let stop: () => Promise<void>;
  let readState: (() => DemoStateSnapshot) | undefined;
  if (kind === 'memory') {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const demo = serveModern({ transport: serverSide });
    readState = () => demo.state.snapshot();
    stop = () => demo.close();
    await guarded.connect(clientSide);
  } else if (kind === 'http') {
    const server = await startModernHttpServer({ port: 0 });
    readState = () => server.state.snapshot();
    stop = () => server.close();
    await guarded.connect(new StreamableHTTPClientTransport(server.url));
  } else {
    stop = async () => {};
    const command = demoServerCommand({ args: ['--protocol', '2026-07-28'] });
    await guarded.connect(new StdioClientTransport({ ...command, stderr: 'pipe' }));
  }
  await guarded.catalog.refresh();
  return {
    guarded,
    raw,
    engine,
    human,
    shown,
    sampled,
    audit,
    outcomes,
    events,
    warnings,
    async state() {
      if (readState) return readState();
      // Over stdio the state lives in the child: read it with the unwrapped (ungated) client.
      const result = await raw.callTool({ name: 'demo_state', arguments: {} });
      return JSON.parse(textOf(result)) as DemoStateSnapshot;
    },
    async close() {
      await guarded.close();
      await stop();
    },
  };
}
