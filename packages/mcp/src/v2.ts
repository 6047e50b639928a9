/**
 * The binding for the v2 SDK (`@modelcontextprotocol/client`), a separate entry so hosts on
 * SDK 1.x never load it. Everything that is not SDK-specific comes from `@mcp-consent/mcp`.
 */
export { guardClientV2 } from './guard-v2.js';
export type { GuardedClientV2 } from './client-proxy-v2.js';
export type { GuardClientOptions, GuardEvent } from './guard-types.js';
export { MAX_INPUT_ROUNDS } from './input-required.js';
export { appToolCalls } from './app-calls.js';
