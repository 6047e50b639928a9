/**
 * For hosts in Node, a separate entry so browser hosts never load it: a `fetch` for the SDKs'
 * Streamable HTTP client transports that keeps a long session from piling abort listeners on
 * the transport's connection-wide signal (see `request-signal-fetch.ts`).
 */
export { requestSignalFetch, type FetchLike } from './request-signal-fetch.js';
