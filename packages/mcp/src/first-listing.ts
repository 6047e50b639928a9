import { systemClock, type ToolCall, type ToolDefinition } from '@mcp-consent/engine';
import type { ToolCatalog } from './catalog.js';
import type { GuardContext } from './guard-types.js';
import { MAX_TIMER_MS } from './user-time.js';

/** How long a call made before the first `tools/list` has ended waits for it, by default (ms). */
export const FIRST_LISTING_WAIT_MS = 1000;

/** True when a tool carries more than its name (the engine's own test). */
export const isDescribed = (tool: ToolDefinition) =>
  tool.description !== undefined ||
  tool.inputSchema !== undefined ||
  tool.annotations !== undefined;

/**
 * True while a call of `tool` may wait for the connection's first listing: one is under way,
 * none has ended yet, and the catalog does not describe the tool. Synchronous, so every call
 * after the first listing goes on without a wait or an await.
 */
export const beforeFirstListing = (catalog: ToolCatalog, tool: ToolDefinition): boolean =>
  !catalog.firstListingEnded && catalog.status === 'loading' && !isDescribed(tool);

/**
 * The definition to ask about a call made before the connection's first `tools/list` has ended
 * (a host that calls right after `connect`), for a tool the catalog does not know yet: the listed
 * one when the listing ends within `firstListingWaitMs`, else `call.tool` (the name only, the
 * worst case). It never waits when a remembered grant answers the name-only call at once (a deny
 * grant: T6, R4.1), once a listing has ended (after a `list_changed` a call is asked at once, see
 * `catalog.stale`), or when no listing is under way. The caller's abort ends the wait at once.
 * `current` reads the catalog as the gate does. Never throws: a failure is the name only.
 */
export async function listedDefinition(
  context: GuardContext,
  call: ToolCall,
  signal: AbortSignal | undefined,
  current: (name: string) => ToolDefinition,
): Promise<ToolDefinition> {
  const { catalog, options } = context;
  if (!beforeFirstListing(catalog, call.tool)) return call.tool;
  try {
    // Capped: a timer longer than Node accepts would fire at once.
    const bound = Math.min(options.firstListingWaitMs ?? FIRST_LISTING_WAIT_MS, MAX_TIMER_MS);
    const clock = options.clock ?? systemClock;
    if (!(bound > 0) || !clock.setTimer || signal?.aborted || answeredAtOnce(context, call))
      return call.tool;
    await new Promise<void>((resolve) => {
      // Whichever comes first: the listing, the bound, the caller's abort.
      const done = () => {
        cancel();
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const cancel = clock.setTimer!(done, bound);
      signal?.addEventListener('abort', done, { once: true });
      void catalog.refresh().then(done); // joins the listing under way; never rejects
    });
    return current(call.tool.name);
  } catch (error) {
    context.warn(
      `Waiting for tools/list failed; asking about ${call.tool.name} as unknown: ${String(error)}`,
    );
    return call.tool;
  }
}

/**
 * True when the engine's synchronous lookup decides the name-only call without the definition
 * (a remembered grant), so nothing is worth waiting for. A call it cannot look up is refused by
 * `engine.request` at once, without a wait either.
 */
function answeredAtOnce(context: GuardContext, call: ToolCall): boolean {
  try {
    return context.options.engine.lookup(call).status !== 'prompt';
  } catch {
    return true;
  }
}
