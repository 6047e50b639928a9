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
    },
    strict: true,
  });
  const port = values.port ?? env.MCP_DEMO_PORT ?? env.PORT;
  const listDelay = values['list-delay-ms'] ?? env.MCP_DEMO_LIST_DELAY_MS;
  const pageSize = values['page-size'] ?? env.MCP_DEMO_PAGE_SIZE;
  return {
    port: port === undefined ? 3333 : nonNegativeInt('--port', port),
    listDelayMs: listDelay === undefined ? 0 : nonNegativeInt('--list-delay-ms', listDelay),
    pageSize:
      pageSize === undefined ? undefined : nonNegativeInt('--page-size', pageSize) || undefined,
  };
}

function nonNegativeInt(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}
