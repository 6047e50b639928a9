#!/usr/bin/env node
import { readCliOptions } from './cli-options.js';
import { startHttpServer } from './http-server.js';

const server = await startHttpServer(readCliOptions(process.argv.slice(2), process.env));
process.stdout.write(`MCP demo server (Streamable HTTP) listening on ${server.url.href}\n`);
const stop = (): void => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
