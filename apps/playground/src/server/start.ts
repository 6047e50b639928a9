#!/usr/bin/env node
/**
 * `npm start`: serves the built playground and the demo MCP server on
 * 127.0.0.1 and prints the page's URL. Port: `--port`, then `PORT`, then
 * 5173; if it is taken, a free one (printed). `--web-root <dir>` serves pages
 * built elsewhere (the tests build into a temporary folder). Database of the
 * approval queue: `DATABASE_URL` (a PostgreSQL server), else PGlite in
 * `--data-dir <dir>`, else PGlite in memory.
 */
import { fileURLToPath } from 'node:url';
import { openDatabase, type PlaygroundDatabase } from './database.js';
import { DEFAULT_PORT, startPlaygroundServer } from './playground-server.js';

function flag(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

function readPort(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const raw = flag(argv, '--port') ?? env.PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`Not a port number: ${raw}`);
  return port;
}

const argv = process.argv.slice(2);
const webRoot = flag(argv, '--web-root') ?? fileURLToPath(new URL('../web/', import.meta.url));
const requested = readPort(argv, process.env);
const dataDir = flag(argv, '--data-dir');
let server;
let database: PlaygroundDatabase | undefined;
try {
  database = await openDatabase({
    ...(process.env.DATABASE_URL && { url: process.env.DATABASE_URL }),
    ...(dataDir && { dataDir }),
  });
  server = await startPlaygroundServer({ webRoot, port: requested, database: database.db });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  await database?.close().catch(() => undefined);
  process.exit(1);
}
const taken = requested !== 0 && Number(server.url.port) !== requested;

process.stdout.write(
  [
    '',
    `  MCP Consent Kit playground: ${server.url.href}`,
    ...(taken ? [`  (port ${requested} was taken, so a free one was picked)`] : []),
    `  demo MCP server (Streamable HTTP): ${server.mcpUrl.href}`,
    `  demo MCP server, 2026-07-28 mode: ${server.modernMcpUrl.href}`,
    `  approvals from another device: ${new URL('/approvals', server.url).href}`,
    `  database: ${database.description}`,
    '',
    '  Open the URL in a browser. Press Ctrl+C to stop.',
    '',
    '',
  ].join('\n'),
);

const stop = (): void =>
  void server
    .close()
    .then(() => database?.close())
    .then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
