/**
 * `everything()` on the v2 client (`@modelcontextprotocol/client`, `guardClientV2`): the same
 * REAL server-everything, engine and scripted human; the client negotiates the era
 * (server-everything speaks 2025-11-25).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { GuardClientOptions } from '../src/index.js';
import { guardClientV2, type GuardedClientV2 } from '../src/v2.js';
import {
  everythingEndpoint,
  everythingGuard,
  type Everything,
  type EverythingTransport,
} from './everything.js';

export interface EverythingV2 extends Omit<Everything, 'guarded' | 'raw'> {
  guarded: GuardedClientV2;
  raw: Client;
}

export async function everythingV2(
  kind: EverythingTransport,
  guard: Partial<GuardClientOptions> = {},
  /** Node options for the server process, such as `FAST_CLOCK`. @default [] */
  nodeArgs: readonly string[] = [],
): Promise<EverythingV2> {
  const setup = await everythingGuard(guard);
  const raw = new Client(
    { name: 'consent-test-host', version: '0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  const guarded = guardClientV2(raw, setup.options);
  const endpoint = await everythingEndpoint(kind, nodeArgs);
  await guarded.connect(
    endpoint.kind === 'http'
      ? new StreamableHTTPClientTransport(endpoint.url)
      : new StdioClientTransport({
          command: endpoint.command,
          args: endpoint.args,
          stderr: 'pipe',
        }),
  );
  // As on SDK 1.x: list once the capability-dependent tools are registered.
  await guarded.catalog.refresh();
  const { options: _options, ...recorded } = setup;
  return {
    guarded,
    raw,
    ...recorded,
    serverLog: () => (endpoint.kind === 'http' ? endpoint.log() : ''),
    ...(endpoint.kind === 'http' ? { url: endpoint.url } : {}),
    async close() {
      await guarded.close().catch(() => undefined);
      if (endpoint.kind === 'http') await endpoint.stop();
    },
  };
}
