import type { GuardCore } from './core.js';

/**
 * A client whose listed members are replaced and whose other members are the wrapped client's,
 * bound to it (so the SDK's own internals keep calling the ungated originals).
 */
export function overlay<T extends object>(
  target: T,
  overrides: Partial<Record<PropertyKey, unknown>>,
  computed: (property: PropertyKey, self: T) => unknown = () => undefined,
): T {
  const self: T = new Proxy(target, {
    get(object, property) {
      const special = computed(property, self);
      if (special !== undefined) return special;
      if (Object.hasOwn(overrides, property)) return overrides[property];
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(object)
        : value;
    },
  });
  return self;
}

/** True for a raw request that would send `tools/call` around the gate. */
export const isRawToolCall = (request: unknown): boolean =>
  (request as { method?: unknown } | null)?.method === 'tools/call';

export const RAW_CALL_REFUSED = 'tools/call must go through callTool() on a guarded client';

/** Each guarded client's core, for helpers that call through the gate on a host's behalf. */
const cores = new WeakMap<object, GuardCore>();

/** Remembers the core behind a guarded client (both proxies call this). */
export function rememberCore<T extends object>(guarded: T, core: GuardCore): T {
  cores.set(guarded, core);
  return guarded;
}

/** The core behind a guarded client, or undefined for any other object. */
export const coreOf = (guarded: object): GuardCore | undefined => cores.get(guarded);
