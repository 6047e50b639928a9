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
  return walk(value, 0, maxDepth, []) ?? 'null';
}

/**
 * One value's canonical text; `path` holds the objects being written around it (a cycle is one
 * of them again). Not a closure over a Set: every decision hashes its arguments, mostly small.
 */
function walk(node: unknown, depth: number, maxDepth: number, path: object[]): string | undefined {
  if (depth > maxDepth) throw new CanonicalJsonError(`nested deeper than ${maxDepth} levels`);
  switch (typeof node) {
    case 'string':
      return quote(node);
    case 'boolean':
      return node ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(node)) throw new CanonicalJsonError(`non-finite number ${node}`);
      // ES number-to-string is the JCS number format; -0 serializes as 0.
      return String(node);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'bigint':
      throw new CanonicalJsonError('BigInt values cannot be represented in JSON');
  }
  if (node === null) return 'null';
  const object = node as object;
  if (path.includes(object)) throw new CanonicalJsonError('the value contains a cycle');
  let out = '';
  if (Array.isArray(object)) {
    path.push(object);
    // Indexed, not mapped: a hole is null, as JSON sends it (map would skip it and write "[1,,3]").
    for (let index = 0; index < object.length; index++) {
      out += `${index > 0 ? ',' : ''}${walk((object as unknown[])[index], depth + 1, maxDepth, path) ?? 'null'}`;
    }
    path.pop();
    return `[${out}]`;
  }
  const withJson = object as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return walk(withJson.toJSON(), depth, maxDepth, path);
  path.push(object);
  // Own enumerable keys only: an own "__proto__" key is data, not a prototype.
  const keys = Object.keys(object);
  if (keys.length > 1) keys.sort(compareText);
  for (const key of keys) {
    const member = walk((object as Record<string, unknown>)[key], depth + 1, maxDepth, path);
    if (member !== undefined) out += `${out === '' ? '' : ','}${quote(key)}:${member}`;
  }
  path.pop();
  return `{${out}}`;
}

/** What JSON.stringify escapes in a string: quote, backslash, controls, lone surrogates. */
// eslint-disable-next-line no-control-regex -- the controls are what JSON escapes
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON text; most need no escaping, and JSON.stringify costs more than the test. */
const quote = (text: string): string => (ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`);

/** Orders two texts by UTF-16 code units (RFC 8785 asks for it; ISO times sort by it). */
export const compareText = (a: string, b: string): number => (a < b ? -1 : +(a > b));
