#!/usr/bin/env node
import { readCliOptions } from './cli-options.js';
import { startHttpServer } from './http-server.js';
import { startModernHttpServer } from './modern-http.js';

const { protocol, ...options } = readCliOptions(process.argv.slice(2), process.env);
const server =
  protocol === '2026-07-28'
    ? await startModernHttpServer({ port: options.port })
    : await startHttpServer(options);
process.stdout.write(
  `MCP demo server (Streamable HTTP${protocol ? `, ${protocol}` : ''}) listening on ${server.url.href}\n`,
);
const stop = (): void => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
