/**
 * `--url` targets: the host's HTTP transports give each request its own abort signal
 * (`requestSignalFetch`), so a long session does not pile listeners on the transport's one
 * signal (Node warns past 1 500, over the screen). Real demo server on 127.0.0.1, both SDKs.
 */
import { getEventListeners } from 'node:events';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createPermissionEngine, memoryStore } from '@mcp-consent/engine';
import { startHttpServer, type DemoHttpServer } from '@mcp-consent/demo-server';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { closeGuarded, guardClient, type GuardClientOptions } from '@mcp-consent/mcp';
import { guardClientV2 } from '@mcp-consent/mcp/v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Protocol } from '../src/args.js';
import { connectTarget, type HostClient } from '../src/connect.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const REQUESTS = 200;
let http: DemoHttpServer;
beforeAll(async () => {
  http = await startHttpServer({ port: 0 });
});
afterAll(() => http.close());

async function hostClient(protocol: Protocol): Promise<HostClient> {
  const engine = createPermissionEngine({ store: memoryStore() });
  await engine.ready;
  const options: GuardClientOptions = {
    engine,
    server: { id: 'demo', name: 'Demo' },
    userId: 'u',
    workspaceId: 'w',
    prompt: () => 'deny_once',
  };
  const info = { name: 'mcp-consent', version: '0' };
  return protocol === 'auto'
    ? guardClientV2(new ClientV2(info), options)
    : guardClient(new Client(info), options);
}

describe('connectTarget over Streamable HTTP', () => {
  it.each<Protocol>(['2025-11-25', 'auto'])(
    `--protocol %s: ${REQUESTS} requests leave a few listeners on the transport's signal`,
    async (protocol) => {
      const client = await hostClient(protocol);
      await connectTarget(client, { kind: 'http', url: http.url }, en, protocol);
      try {
        const signal = (client.transport as unknown as { _abortController: AbortController })
          ._abortController.signal;
        for (let request = 0; request < REQUESTS; request += 1) await client.ping();
        expect(getEventListeners(signal, 'abort').length).toBeLessThanOrEqual(5);
        expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      } finally {
        await closeGuarded(client);
      }
    },
  );
});
