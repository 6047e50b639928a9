/**
 * 2026-07-28 caching hints (SEP-2549): a `tools/list` result may say how long it stays fresh,
 * `ttlMs` at the top level of the result (a 2025-era server may put it in `_meta`). After that
 * the catalog is expired: it is listed again, and a decision taken on the old definitions is
 * checked against the new ones before the call is sent (pinned grants are re-checked).
 */

/** Longest freshness honoured (a day): a server cannot pin its definitions for weeks. */
export const MAX_TTL_MS = 86_400_000;

/** A non-negative finite number of milliseconds, capped; undefined when absent or not a number. */
function ttlValue(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  return Math.min(value, MAX_TTL_MS);
}

/** The result's `ttlMs` (top level first, then `_meta.ttlMs`), or undefined when it gives none. */
export function ttlOf(result: unknown): number | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { ttlMs, _meta: meta } = result as { ttlMs?: unknown; _meta?: { ttlMs?: unknown } };
  return ttlValue(ttlMs) ?? ttlValue(typeof meta === 'object' && meta ? meta.ttlMs : undefined);
}

/** The shortest of the pages' hints: the listing is as fresh as its stalest page. */
export function shortestTtl(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}
