import type { Client } from '@modelcontextprotocol/client';
import { bindV2 } from './binding-v2.js';
import { proxyClientV2, type GuardedClientV2 } from './client-proxy-v2.js';
import { createGuardCore } from './core.js';
import type { GuardClientOptions } from './guard-types.js';

/**
 * `guardClient` for the v2 `Client` of `@modelcontextprotocol/client`: same options, same
 * results, the same core. Wrap before `connect`. The client negotiates the era: with a
 * 2025-era server the server's requests are answered as with SDK 1.x; with a 2026-07-28
 * server an approved call that comes back `input_required` has each input request answered
 * through the same surfaces, and is retried with exactly the approved arguments (see
 * `input-required.ts`); the SDK's own auto-fulfilment is never used for a gated call.
 */
export function guardClientV2(client: Client, options: GuardClientOptions): GuardedClientV2 {
  if (client.transport) throw new Error('guardClientV2() must wrap the client before connect()');
  return proxyClientV2(client, createGuardCore(bindV2(client), options));
}
