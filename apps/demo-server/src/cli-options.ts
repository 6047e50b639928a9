import { parseArgs } from 'node:util';
import type { DemoHttpServerOptions } from './http-server.js';

/**
 * Options shared by both entry points. `MCP_DRY_RUN` is read from the
 * environment only (the operator's switch is never a flag an agent could pass).
 */
export function readCliOptions(argv: string[], env: NodeJS.ProcessEnv): DemoHttpServerOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'list-delay-ms': { type: 'string' },
      'page-size': { type: 'string' },
      'elicit-timeout-ms': { type: 'string' },
    },
    strict: true,
  });
  const port = values.port ?? env.MCP_DEMO_PORT ?? env.PORT;
  const listDelay = values['list-delay-ms'] ?? env.MCP_DEMO_LIST_DELAY_MS;
  const pageSize = values['page-size'] ?? env.MCP_DEMO_PAGE_SIZE;
  const elicitTimeout = values['elicit-timeout-ms'] ?? env.MCP_DEMO_ELICIT_TIMEOUT_MS;
  return {
    port: port === undefined ? 3333 : nonNegativeInt('--port', port),
    listDelayMs: listDelay === undefined ? 0 : nonNegativeInt('--list-delay-ms', listDelay),
    pageSize:
      pageSize === undefined ? undefined : nonNegativeInt('--page-size', pageSize) || undefined,
    // Left out when not given, so the server's own default (10 min) applies.
    ...(elicitTimeout === undefined
      ? {}
      : { elicitTimeoutMs: positiveInt('--elicit-timeout-ms', elicitTimeout) }),
  };
}

function positiveInt(name: string, raw: string): number {
  const value = nonNegativeInt(name, raw);
  if (value === 0) throw new Error(`${name} must be at least 1, got "${raw}"`);
  return value;
}

function nonNegativeInt(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}
