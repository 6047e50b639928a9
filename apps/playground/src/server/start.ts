#!/usr/bin/env node
/**
 * `npm start`: serves the built playground and the demo MCP server on
 * 127.0.0.1 and prints the page's URL. Port: `--port`, then `PORT`, then
 * 5173; if it is taken, a free one (printed). `--web-root <dir>` serves pages
 * built elsewhere (the tests build into a temporary folder).
 */
import { fileURLToPath } from 'node:url';
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
let server;
try {
  server = await startPlaygroundServer({ webRoot, port: requested });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
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
    '',
    '  Open the URL in a browser. Press Ctrl+C to stop.',
    '',
    '',
  ].join('\n'),
);

const stop = (): void => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
