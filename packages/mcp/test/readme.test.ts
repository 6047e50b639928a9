import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, expect, test } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { memoryAuditSink, type PermissionEngine } from '@mcp-consent/engine';
import { createDemoServer, startModernHttpServer } from '@mcp-consent/demo-server';
import { denialOf } from '../src/index.js';
import type { GuardedClientV2 } from '../src/v2.js';
import { textOf } from './harness.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const block =
  /## Wrapping a client in ten lines[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const root = new URL('../../../', import.meta.url);
const dir = new URL('./.tmp/', import.meta.url);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a module next to the tests, so it resolves the workspace packages like they do. */
function write(name: string, source: string): URL {
  mkdirSync(dir, { recursive: true });
  const file = new URL(name, dir);
  writeFileSync(file, source);
  return file;
}

test('the README block is ten lines, imports included', () => {
  const lines = block.split('\n').filter((line) => line.trim() !== '');
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.length).toBeLessThanOrEqual(10);
});

test('it type-checks as written, with the repository’s strict compiler options', () => {
  const file = fileURLToPath(write('readme-wrap.ts', block));
  const config = ts.readConfigFile(fileURLToPath(new URL('tsconfig.json', root)), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, fileURLToPath(root));
  const program = ts.createProgram([file], { ...options, noEmit: true });
  // The block's own diagnostics: the packages it imports are checked by their own typecheck.
  const snippet = program.getSourceFile(file)!;
  const problems = [
    ...program.getSyntacticDiagnostics(snippet),
    ...program.getSemanticDiagnostics(snippet),
  ].map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  expect(problems).toEqual([]);
}, 60_000);

test('run against the in-memory demo server: the call is asked first, about the tool as listed; with nobody at a terminal it is denied and never reaches the server', async () => {
  const demo = createDemoServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await demo.server.connect(serverSide);
  const host = globalThis as {
    readmeTransport?: unknown;
    readmeStdin?: unknown;
    readmeAudit?: unknown;
  };
  host.readmeTransport = clientSide;
  const audit = memoryAuditSink();
  host.readmeAudit = audit;
  // This process's own stdin may be a developer's terminal: give Ink one that is not a TTY.
  host.readmeStdin = new PassThrough();
  const swaps: Array<[string, string]> = [
    [
      "new StdioClientTransport({ command: 'mcp-consent-demo-server' })",
      'globalThis.readmeTransport',
    ],
    ['inkPrompter({ engine })', 'inkPrompter({ engine, stdin: globalThis.readmeStdin })'],
    // Only to read what the call was asked as: the block itself is run as written.
    ['{ store: memoryStore() }', '{ store: memoryStore(), audit: globalThis.readmeAudit }'],
  ];
  let source = block;
  for (const [from, to] of swaps) {
    expect(source).toContain(from);
    source = source.replace(from, to);
  }
  const file = write('readme-wrap-run.ts', `${source}export { client, engine, ink, result };\n`);
  const snippet = (await import(/* @vite-ignore */ file.href)) as {
    client: Client;
    engine: PermissionEngine;
    ink: { unmount(): void };
    result: unknown;
  };
  try {
    // Nobody can answer at a terminal without a TTY: the agent reads that no prompt could be shown.
    expect(denialOf(snippet.result)).toMatchObject({
      reason: 'not_approved',
      origin: 'no_renderer',
    });
    expect(textOf(snippet.result)).toMatch(
      /permission prompt for this tool call \(notes_list\) could not be shown.*Do not retry/s,
    );
    expect(demo.state.snapshot().calls).toEqual({});
    // Called right after connect, it was asked about notes_list as listed (read-only, on a
    // server the host does not trust), not as an unknown tool (high).
    expect(audit.events()).toMatchObject([
      { tool_name: 'notes_list', risk_tier: 'medium', origin: 'no_renderer' },
    ]);
  } finally {
    snippet.ink.unmount();
    await snippet.client.close();
    snippet.engine.dispose();
    await demo.close();
  }
});

const blockV2 = /## SDK v2 \(2026-07-28\)[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';

test('the SDK v2 block type-checks as written', () => {
  expect(blockV2).toContain("from '@mcp-consent/mcp/v2'");
  const file = fileURLToPath(write('readme-v2.ts', blockV2));
  const config = ts.readConfigFile(fileURLToPath(new URL('tsconfig.json', root)), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, fileURLToPath(root));
  const program = ts.createProgram([file], { ...options, noEmit: true });
  const snippet = program.getSourceFile(file)!;
  const problems = [
    ...program.getSyntacticDiagnostics(snippet),
    ...program.getSemanticDiagnostics(snippet),
  ].map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  expect(problems).toEqual([]);
}, 60_000);

test('the SDK v2 block runs against the demo server in 2026-07-28 mode: denied, never sent', async () => {
  const server = await startModernHttpServer({ port: 0 });
  const source = blockV2.replace("'http://127.0.0.1:3333/mcp'", JSON.stringify(server.url.href));
  const file = write('readme-v2-run.ts', `${source}export { client, engine, result };\n`);
  const snippet = (await import(/* @vite-ignore */ file.href)) as {
    client: GuardedClientV2;
    engine: PermissionEngine;
    result: unknown;
  };
  try {
    expect(snippet.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(denialOf(snippet.result)).toMatchObject({ reason: 'declined' });
    expect(server.state.snapshot().rounds).toEqual([]);
  } finally {
    await snippet.client.catalog.refresh(); // the listing started at connect, before closing
    await snippet.client.close();
    snippet.engine.dispose();
    await server.close();
  }
});
