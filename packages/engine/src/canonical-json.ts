import { CanonicalJsonError } from './errors.js';

/** Deeper than this is refused rather than risking a stack overflow. @default 1000 */
export const MAX_CANONICAL_DEPTH = 1000;

/**
 * RFC 8785 (JSON Canonicalization Scheme): object keys sorted by UTF-16 code
 * units, no whitespace, numbers in ECMAScript shortest form. `undefined`
 * members are dropped as JSON does. Cycles, BigInt, functions, symbols and
 * non-finite numbers are refused, since JSON cannot carry them.
 */
export function canonicalJson(value: unknown, maxDepth = MAX_CANONICAL_DEPTH): string {
  const seen = new Set<object>();
  const walk = (node: unknown, depth: number): string | undefined => {
    if (depth > maxDepth) throw new CanonicalJsonError(`nested deeper than ${maxDepth} levels`);
    switch (typeof node) {
      case 'string':
        return JSON.stringify(node);
      case 'boolean':
        return node ? 'true' : 'false';
      case 'number':
        if (!Number.isFinite(node)) throw new CanonicalJsonError(`non-finite number ${node}`);
        // ES number-to-string is the JCS number format; -0 serializes as 0.
        return JSON.stringify(node);
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
      case 'bigint':
        throw new CanonicalJsonError('BigInt values cannot be represented in JSON');
    }
    if (node === null) return 'null';
    const object = node as object;
    if (seen.has(object)) throw new CanonicalJsonError('the value contains a cycle');
    seen.add(object);
    let out: string;
    if (Array.isArray(object)) {
      // Indexed, not mapped: a hole is null, as JSON sends it (map would skip it and write "[1,,3]").
      const items: string[] = [];
      for (let index = 0; index < object.length; index++) {
        items.push(walk((object as unknown[])[index], depth + 1) ?? 'null');
      }
      out = `[${items.join(',')}]`;
    } else {
      const withJson = object as { toJSON?: () => unknown };
      if (typeof withJson.toJSON === 'function') {
        seen.delete(object);
        return walk(withJson.toJSON(), depth);
      }
      const members: string[] = [];
      // Own enumerable keys only: an own "__proto__" key is data, not a prototype.
      for (const key of Object.keys(object).sort(compareUtf16)) {
        const member = walk((object as Record<string, unknown>)[key], depth + 1);
        if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
      }
      out = `{${members.join(',')}}`;
    }
    seen.delete(object);
    return out;
  };
  return walk(value, 0) ?? 'null';
}

function compareUtf16(a: string, b: string): number {
  // The default sort compares UTF-16 code units, which is what RFC 8785 asks for.
  return a < b ? -1 : a > b ? 1 : 0;
}
