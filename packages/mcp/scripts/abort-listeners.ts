/**
 * Abort listeners on a Streamable HTTP transport's connection-wide signal after many calls on
 * one connection to the demo server (127.0.0.1), with and without `requestSignalFetch`, and
 * Node's `MaxListenersExceededWarning`s meanwhile (Node also prints each on stderr; redirect it).
 *
 *   npx tsx --conditions=mcp-consent-source packages/mcp/scripts/abort-listeners.ts \
 *     [calls=4000] [plain|wrapped] [v1|v2] 2>/dev/null
 */
import { getEventListeners } from 'node:events';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as StreamableHTTPClientTransportV2,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHttpServer } from '@mcp-consent/demo-server';
import { requestSignalFetch } from '../src/node.js';

const calls = Number(process.argv[2] ?? 4000);
const wrapped = process.argv[3] === 'wrapped';
const sdk = process.argv[4] === 'v2' ? 'v2' : 'v1';

let warnings = 0;
process.on('warning', (warning) => {
  if (warning.name === 'MaxListenersExceededWarning') warnings += 1;
});
const server = await startHttpServer({ port: 0 });
const options = wrapped ? { fetch: requestSignalFetch() } : {};
const info = { name: 'abort-listeners', version: '0' };
const [client, transport] =
  sdk === 'v2'
    ? [new ClientV2(info), new StreamableHTTPClientTransportV2(server.url, options)]
    : [new Client(info), new StreamableHTTPClientTransport(server.url, options)];
await (client.connect as (transport: unknown) => Promise<void>)(transport);
// Private in both SDKs: the one signal every request of the connection is given.
const signal = (transport as unknown as { _abortController: AbortController })._abortController
  .signal;
const listeners = () => getEventListeners(signal, 'abort').length;

let most = 0;
const started = performance.now();
for (let call = 0; call < calls; call += 1) {
  await client.callTool({ name: 'demo_state', arguments: {} });
  most = Math.max(most, listeners());
}
const msPerCall = (performance.now() - started) / Math.max(calls, 1);
console.log(
  `SDK ${sdk}, ${wrapped ? 'requestSignalFetch' : 'the global fetch'}, ${calls} calls: ` +
    `${listeners()} abort listeners at the end, at most ${most}; ` +
    `${warnings} MaxListenersExceededWarning; ${msPerCall.toFixed(2)} ms per call`,
);
await client.close();
await server.close();
