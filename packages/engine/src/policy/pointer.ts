/** JSON Pointer (RFC 6901): checking one, and reading the value it points at. */

/** Why a pointer is not a JSON Pointer, or undefined when it is one. */
export function pointerProblem(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  if (!pointer.startsWith('/')) return 'a JSON Pointer is "" or starts with "/"';
  if (/~(?![01])/.test(pointer)) return 'in a JSON Pointer "~" must be followed by 0 or 1';
  return undefined;
}

/** The reference tokens of a valid pointer, unescaped (`~1` → `/`, then `~0` → `~`). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Sentinel for "the pointer points at nothing". */
export const MISSING: unique symbol = Symbol('missing');

/**
 * Reads the value the tokens point at, or {@link MISSING}. Only own properties count; an array
 * index is decimal digits without leading zeros (RFC 6901), never `-`.
 */
export function resolvePointer(value: unknown, tokens: readonly string[]): unknown {
  let here: unknown = value;
  for (const token of tokens) {
    if (Array.isArray(here)) {
      if (!/^(?:0|[1-9][0-9]*)$/.test(token)) return MISSING;
      const index = Number(token);
      if (index >= here.length) return MISSING;
      here = here[index];
    } else if (here !== null && typeof here === 'object') {
      if (!Object.hasOwn(here, token)) return MISSING;
      here = (here as Record<string, unknown>)[token];
    } else return MISSING;
  }
  return here;
}
