import type { Transport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { modernDemoFactory, type ModernDemoOptions } from './modern.js';
import type { DemoState } from './state.js';

export interface ModernDemoConnection {
  state: DemoState;
  close(): Promise<void>;
}

/**
 * Serves the 2026-07-28 mode over one transport (in-memory in tests, or the process's stdio
 * when none is given). The SDK's stdio entry owns the era: a 2026-07-28 client gets the modern
 * protocol, a 2025-era client the same tools through the SDK's legacy shim.
 */
export function serveModern(
  options: ModernDemoOptions & { transport?: Transport } = {},
): ModernDemoConnection {
  const { state, factory } = modernDemoFactory(options);
  const handle = serveStdio(factory, options.transport ? { transport: options.transport } : {});
  return { state, close: () => handle.close() };
}
