/**
 * A guarded client in front of the REAL `@modelcontextprotocol/server-everything` (the MCP
 * reference server, written by nobody here), over stdio or Streamable HTTP on 127.0.0.1, with
 * a scripted human (see harness.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  createPermissionEngine,
  memoryStore,
  type DecisionAuditEvent,
  type OutcomeAuditEvent,
} from '@mcp-consent/engine';
import {
  guardClient,
  type GuardClientOptions,
  type GuardedClient,
  type GuardEvent,
} from '../src/index.js';
import { ScriptedHuman, USER, WORKSPACE } from './harness.js';
import { auditInto } from './audit-split.js';

const require = createRequire(import.meta.url);
/** The server's launcher: `node index.js stdio|streamableHttp` (port from `PORT`). */
export const EVERYTHING_ENTRY = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
export const EVERYTHING = { id: 'everything', name: 'Everything' } as const;
/** A preload that makes the server's timers 20 times shorter (see support/fast-clock.mjs). */
export const FAST_CLOCK = [
  '--import',
  fileURLToPath(new URL('support/fast-clock.mjs', import.meta.url)),
];
/** How many times shorter the server's timers run under `FAST_CLOCK`. */
export const FAST_CLOCK_SCALE = 20;

export type EverythingTransport = 'stdio' | 'http';

export interface Everything {
  guarded: GuardedClient;
  raw: Client;
  human: ScriptedHuman;
  /** The engine's tool-call decisions. */
  audit: DecisionAuditEvent[];
  /** The engine's elicitation, sampling and roots audit events. */
  outcomes: OutcomeAuditEvent[];
  events: GuardEvent[];
  warnings: string[];
  /** Streamable HTTP only: the server process's stdout so far (it logs each request). */
  serverLog(): string;
  url?: URL;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the server takes its port from the environment only). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `server-everything streamableHttp` and resolves once it listens (on 127.0.0.1's port). */
export async function startEverythingHttp(nodeArgs: readonly string[] = []): Promise<{
  url: URL;
  child: ChildProcess;
  log: () => string;
}> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, EVERYTHING_ENTRY, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      if (err.includes('listening on port')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${err}`)));
  });
  return { url: new URL(`http://127.0.0.1:${port}/mcp`), child, log: () => out };
}

/** What both bindings' helpers share: the engine, the scripted human and what they record. */
export interface EverythingGuard {
  options: GuardClientOptions;
  human: ScriptedHuman;
  audit: DecisionAuditEvent[];
  outcomes: OutcomeAuditEvent[];
  events: GuardEvent[];
  warnings: string[];
}

/** Guard options for server-everything with a scripted human (`guard` overrides). */
export async function everythingGuard(
  guard: Partial<GuardClientOptions> = {},
): Promise<EverythingGuard> {
  const audit: DecisionAuditEvent[] = [];
  const outcomes: OutcomeAuditEvent[] = [];
  const events: GuardEvent[] = [];
  const warnings: string[] = [];
  const human = new ScriptedHuman();
  const engine = createPermissionEngine({
    store: memoryStore(),
    audit: auditInto(audit, outcomes),
  });
  await engine.ready;
  const options: GuardClientOptions = {
    engine,
    server: EVERYTHING,
    userId: USER,
    workspaceId: WORKSPACE,
    prompt: human.prompt,
    onWarning: (message) => void warnings.push(message),
    onEvent: (event) => void events.push(event),
    ...guard,
  };
  return { options, human, audit, outcomes, events, warnings };
}

/** Where a client reaches server-everything: a stdio command, or a URL of a running process. */
export type EverythingEndpoint =
  | { kind: 'stdio'; command: string; args: string[] }
  | { kind: 'http'; url: URL; log: () => string; stop: () => Promise<void> };

/** Starts server-everything over HTTP, or describes its stdio command (the client spawns it). */
export async function everythingEndpoint(
  kind: EverythingTransport,
  nodeArgs: readonly string[] = [],
): Promise<EverythingEndpoint> {
  if (kind === 'stdio')
    return { kind, command: process.execPath, args: [...nodeArgs, EVERYTHING_ENTRY, 'stdio'] };
  const http = await startEverythingHttp(nodeArgs);
  return {
    kind,
    url: http.url,
    log: http.log,
    async stop() {
      if (http.child.exitCode !== null) return;
      const exited = new Promise((resolve) => http.child.once('exit', resolve));
      http.child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function everything(
  kind: EverythingTransport,
  guard: Partial<GuardClientOptions> = {},
  clientOptions: ClientOptions = {},
  /** Node options for the server process, such as `FAST_CLOCK`. @default [] */
  nodeArgs: readonly string[] = [],
): Promise<Everything> {
  const setup = await everythingGuard(guard);
  const raw = new Client({ name: 'consent-test-host', version: '0' }, clientOptions);
  const guarded = guardClient(raw, setup.options);
  const endpoint = await everythingEndpoint(kind, nodeArgs);
  await guarded.connect(
    endpoint.kind === 'http'
      ? new StreamableHTTPClientTransport(endpoint.url)
      : new StdioClientTransport({
          command: endpoint.command,
          args: endpoint.args,
          stderr: 'pipe',
        }),
  );
  // The tools that depend on the client's capabilities are registered after `initialize`,
  // announced with list_changed: list once they are there.
  await guarded.catalog.refresh();
  const { options: _options, ...recorded } = setup;
  return {
    guarded,
    raw,
    ...recorded,
    serverLog: () => (endpoint.kind === 'http' ? endpoint.log() : ''),
    ...(endpoint.kind === 'http' ? { url: endpoint.url } : {}),
    async close() {
      await guarded.close().catch(() => undefined);
      if (endpoint.kind === 'http') await endpoint.stop();
    },
  };
}
