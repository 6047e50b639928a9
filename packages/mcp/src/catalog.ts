import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { canonicalJson, freezeDefinition, pinTool, type ToolDefinition } from '@mcp-consent/engine';
import type { SdkBinding } from './binding.js';
import { shortestTtl, ttlOf } from './cache-hints.js';

export type CatalogStatus = 'empty' | 'loading' | 'ready' | 'failed';

export interface ToolCatalogOptions {
  /** Stop following `nextCursor` after this many pages (a server that never ends its list). @default 100 */
  maxPages?: number;
  /** Older definitions kept per tool, so a prompt can show what changed since a grant. @default 8 */
  historyPerTool?: number;
  /** Called when a listing fails; the catalog keeps what it knew. */
  onError?: (error: Error) => void;
  /** The clock that `ttlMs` hints are measured with (ms). @default Date.now */
  now?: () => number;
}

export interface ToolCatalog {
  /** The definition the catalog knows now. Synchronous: a permission lookup never waits for `tools/list`. */
  get(name: string): ToolDefinition | undefined;
  /** A definition the catalog once saw, by its engine pin hash (what an allow-always grant was pinned to). */
  byPin(hash: string): ToolDefinition | undefined;
  list(): ToolDefinition[];
  readonly status: CatalogStatus;
  /**
   * True from a `notifications/tools/list_changed` until a listing started after it ends: the
   * server said its definitions changed and the new ones are not known yet. The guard then treats
   * every tool as unknown (worst case; no allow-always grant matches) rather than wait (T6).
   */
  readonly stale: boolean;
  /**
   * True once the last listing's `ttlMs` hint (2026-07-28) has run out: the definitions may be
   * out of date. Unlike `stale`, lookups still use them (T6); the guard lists again and checks
   * the decision against the new definitions before sending. False without a hint.
   */
  readonly expired: boolean;
  /**
   * True once a listing has ended, listed or failed. Before that, a call of a tool the catalog
   * does not know may wait for it, within the guard's `firstListingWaitMs`.
   */
  readonly firstListingEnded: boolean;
  /** Grows by one each time the set of definitions changes. */
  readonly version: number;
  /** Lists every page. Joins a listing under way; a `list_changed` announced meanwhile triggers one more. */
  refresh(): Promise<void>;
  /** Merges definitions listed by someone else (a host's own `listTools()` page). */
  observe(tools: readonly Tool[]): void;
  /** Listens to `notifications/tools/list_changed`. Idempotent; call again after `connect` (the SDK may replace it). */
  listen(): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Keeps the server's tool definitions apart from the permission lookup
 * (spec R4.1): it follows pagination and `list_changed` in the background, and
 * the guard reads it synchronously. A definition is a new frozen object only
 * when its pinned parts changed, so engine pins stay comparable.
 */
export function createCatalog(
  binding: Pick<SdkBinding, 'listTools' | 'onNotification'>,
  options: ToolCatalogOptions = {},
): ToolCatalog {
  const maxPages = options.maxPages ?? 100;
  const historyPerTool = options.historyPerTool ?? 8;
  let current = new Map<string, ToolDefinition>();
  const history = new Map<string, ToolDefinition>(); // pin hash -> definition
  const historyOrder = new Map<string, string[]>(); // tool name -> pin hashes, oldest first
  const listeners = new Set<() => void>();
  let status: CatalogStatus = 'empty';
  let announced = 0; // list_changed notifications received
  let stale = false;
  let version = 0;
  let firstListingEnded = false;
  let running: Promise<void> | undefined;
  let again = false;
  const now = options.now ?? Date.now;
  let freshUntil: number | undefined; // from the last listing's ttlMs hint

  const remember = (definition: ToolDefinition) => {
    const hash = pinTool(definition)?.hash;
    if (!hash) return;
    const known = history.has(hash);
    history.set(hash, definition); // the latest definition with this pin (its _meta may differ)
    if (known) return;
    const order = historyOrder.get(definition.name) ?? [];
    order.push(hash);
    while (order.length > historyPerTool) history.delete(order.shift()!);
    historyOrder.set(definition.name, order);
  };

  /**
   * Returns the known object when nothing the engine reads changed (the pinned parts and
   * `_meta`, where a server states its own risk), else a new frozen definition.
   */
  const intern = (tool: Tool): ToolDefinition => {
    const next = toDefinition(tool);
    const known = current.get(tool.name);
    if (known && sameDefinition(known, next)) return known;
    const hash = pinTool(next)?.hash;
    const seen = hash ? history.get(hash) : undefined;
    if (seen && sameDefinition(seen, next)) return seen;
    remember(next);
    return next;
  };

  const commit = (next: Map<string, ToolDefinition>) => {
    const changed =
      next.size !== current.size || [...next].some(([name, def]) => current.get(name) !== def);
    current = next;
    if (changed) {
      version += 1;
      for (const listener of [...listeners]) listener();
    }
  };

  const listAll = async () => {
    const seen = announced;
    const next = new Map<string, ToolDefinition>();
    const cursors = new Set<string>();
    let cursor: string | undefined;
    let ttl: number | undefined;
    for (let page = 0; ; page += 1) {
      if (page >= maxPages) throw new Error(`tools/list did not end within ${maxPages} pages`);
      const result = await binding.listTools(cursor);
      ttl = shortestTtl(ttl, ttlOf(result));
      for (const tool of result.tools) next.set(tool.name, intern(tool));
      cursor = result.nextCursor;
      if (cursor === undefined) break;
      if (cursors.has(cursor)) throw new Error('tools/list repeated a cursor');
      cursors.add(cursor);
    }
    // Before the listeners run: one that calls right away must see the new definitions as known.
    if (announced === seen) stale = false;
    freshUntil = ttl === undefined ? undefined : now() + ttl;
    commit(next);
  };

  /** `stale`: the server announced a change, so a listing already under way may be out of date. */
  const refresh = (stale = false): Promise<void> => {
    if (running) {
      again ||= stale;
      return running;
    }
    if (status !== 'ready') status = 'loading';
    running = (async () => {
      try {
        do {
          again = false;
          await listAll();
        } while (again);
        status = 'ready';
      } catch (error) {
        status = 'failed';
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
      } finally {
        running = undefined;
        firstListingEnded = true;
      }
    })();
    return running;
  };

  return {
    get: (name) => current.get(name),
    byPin: (hash) => history.get(hash),
    list: () => [...current.values()],
    get status() {
      return status;
    },
    get stale() {
      return stale;
    },
    get expired() {
      return freshUntil !== undefined && now() >= freshUntil;
    },
    get firstListingEnded() {
      return firstListingEnded;
    },
    get version() {
      return version;
    },
    refresh: () => refresh(),
    observe(tools) {
      const next = new Map(current);
      for (const tool of tools) next.set(tool.name, intern(tool));
      commit(next);
    },
    listen() {
      binding.onNotification('notifications/tools/list_changed', () => {
        announced += 1;
        stale = true;
        void refresh(true);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Only the parts the engine reads, and the tool's icons (shown, never pinned); the SDK's other
 * extra fields (outputSchema, …) stay out.
 * Deep-frozen through the engine, which then decides on the catalog's object without copying it.
 */
function toDefinition(tool: Tool): ToolDefinition {
  const definition: ToolDefinition = { name: tool.name, inputSchema: tool.inputSchema };
  if (tool.title !== undefined) definition.title = tool.title;
  if (tool.description !== undefined) definition.description = tool.description;
  if (tool.annotations !== undefined) definition.annotations = { ...tool.annotations };
  if (tool._meta !== undefined) definition._meta = tool._meta;
  // Shown beside the name only (never pinned): a change of icon alone keeps the old definition.
  if (Array.isArray(tool.icons)) definition.icons = tool.icons;
  return freezeDefinition(definition);
}

/** `_meta` as comparable text; one that cannot be read never equals another. */
function metaText(meta: unknown): string {
  try {
    return canonicalJson(meta ?? null);
  } catch {
    return `unreadable:${Math.random()}`;
  }
}

/** Same pinned parts and same `_meta`: nothing the engine decides on differs. */
export function sameDefinition(a: ToolDefinition, b: ToolDefinition): boolean {
  if (a === b) return true;
  const [x, y] = [pinTool(a), pinTool(b)];
  return x !== null && y !== null && x.hash === y.hash && metaText(a._meta) === metaText(b._meta);
}
