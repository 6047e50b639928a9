import { parseArgs } from 'node:util';
import type { DemoHttpServerOptions } from './http-server.js';

/** The protocol revisions the demo serves: the 2025 server (SDK 1.x) or the v2 SDK's 2026 mode. */
export type DemoProtocol = '2025-11-25' | '2026-07-28';

export interface DemoCliOptions extends DemoHttpServerOptions {
  /** `--protocol` / `MCP_DEMO_PROTOCOL`; left out for the 2025 server (the default). */
  protocol?: DemoProtocol;
}

/**
 * Options shared by both entry points. `MCP_DRY_RUN` is read from the
 * environment only (the operator's switch is never a flag an agent could pass).
 */
export function readCliOptions(argv: string[], env: NodeJS.ProcessEnv): DemoCliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'list-delay-ms': { type: 'string' },
      'page-size': { type: 'string' },
      'elicit-timeout-ms': { type: 'string' },
      protocol: { type: 'string' },
    },
    strict: true,
  });
  const port = values.port ?? env.MCP_DEMO_PORT ?? env.PORT;
  const listDelay = values['list-delay-ms'] ?? env.MCP_DEMO_LIST_DELAY_MS;
  const pageSize = values['page-size'] ?? env.MCP_DEMO_PAGE_SIZE;
  const elicitTimeout = values['elicit-timeout-ms'] ?? env.MCP_DEMO_ELICIT_TIMEOUT_MS;
  const protocol = values.protocol ?? env.MCP_DEMO_PROTOCOL;
  if (protocol !== undefined && protocol !== '2025-11-25' && protocol !== '2026-07-28')
    throw new Error(`--protocol must be 2025-11-25 or 2026-07-28, got "${protocol}"`);
  return {
    port: port === undefined ? 3333 : nonNegativeInt('--port', port),
    listDelayMs: listDelay === undefined ? 0 : nonNegativeInt('--list-delay-ms', listDelay),
    pageSize:
      pageSize === undefined ? undefined : nonNegativeInt('--page-size', pageSize) || undefined,
    // Left out when not given, so the server's own default (10 min) applies.
    ...(elicitTimeout === undefined
      ? {}
      : { elicitTimeoutMs: positiveInt('--elicit-timeout-ms', elicitTimeout) }),
    ...(protocol === '2026-07-28' ? { protocol } : {}),
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
