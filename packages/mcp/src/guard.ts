import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bindV1 } from './binding-v1.js';
import { proxyClient } from './client-proxy.js';
import { createGuardCore } from './core.js';
import type { GuardClientOptions, GuardedClient } from './guard-types.js';

export type { GuardClientOptions, GuardedClient, GuardEvent } from './guard-types.js';

/**
 * Wraps an SDK 1.x `Client` (before `connect`) so that `callTool` asks the engine first. A denied
 * call never reaches the server and returns an `isError` result telling the model not to retry.
 * Connect through the returned client and stop using the original one: it stays ungated.
 * For the v2 `Client` of `@modelcontextprotocol/client`, use `guardClientV2` of
 * `@mcp-consent/mcp/v2`: same options, same results, the same core.
 *
 * The parts, one job each: `core.ts` (what both SDKs share), `call-gate.ts` (ask, re-ask on a
 * changed tool, send what was approved), `input-required.ts` (2026-07-28 input rounds),
 * `dry-run-flow.ts` (seed 001's two keys), `elicitation-handler.ts` (the server's own
 * questions), `client-proxy.ts` (the client a host uses), `catalog.ts` (tool definitions).
 */
export function guardClient(client: Client, options: GuardClientOptions): GuardedClient {
  if (client.transport) throw new Error('guardClient() must wrap the client before connect()');
  return proxyClient(client, createGuardCore(bindV1(client), options));
}
