#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { readCliOptions } from './cli-options.js';
import { dryRunActive } from './dry-run.js';
import { serveModern } from './modern-serve.js';
import { createDemoServer } from './server.js';

// stdout carries JSON-RPC: every human-readable line goes to stderr.
const { port: _port, protocol, ...options } = readCliOptions(process.argv.slice(2), process.env);
if (protocol === '2026-07-28') {
  serveModern();
  process.stderr.write('mcp-consent demo server on stdio (protocol 2026-07-28, v2 SDK)\n');
} else {
  const dryRun = dryRunActive(process.env);
  const demo = createDemoServer({ ...options, dryRun });
  await demo.server.connect(new StdioServerTransport());
  process.stderr.write(`mcp-consent demo server on stdio (dry run ${dryRun ? 'on' : 'off'})\n`);
}
