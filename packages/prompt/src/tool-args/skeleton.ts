/**
 * A starting point for a tool's arguments, from its (untrusted) input schema, shared by the
 * playground's arguments box and the terminal's interactive mode.
 */
import { isRecord, own } from '../form-fields.js';

/** Bounds on what a skeleton takes from a schema. */
export const SKELETON_LIMITS = {
  /** Most properties in a skeleton; a schema with more gets the first ones. */
  properties: 200,
  /** A default (or first enum value) longer than this as JSON is not used. */
  valueChars: 1000,
} as const;

/** Set by the kit after a dry-run preview, never typed by hand (seed 001's two keys). */
export const CONFIRM_KEY = '__confirm';

/**
 * Each required property's default, else its first enum value, else an empty value of its
 * type (`''`, `0` or the minimum, `false`, `[]`, `{}`, `null`), and each optional property
 * that has a default. Other optional properties are left out: an empty string the user did
 * not mean (`"elicitationId": ""`) would change what the server gets. A default that cannot
 * be written as JSON, or is longer than {@link SKELETON_LIMITS}, counts as no default. Never
 * throws: anything but a readable object schema gives `{}`.
 */
export function argumentSkeleton(schema: unknown): Record<string, unknown> {
  try {
    return skeletonOf(schema);
  } catch {
    // A schema that throws when read (a proxy, a getter) has no usable skeleton.
    return {};
  }
}

function skeletonOf(schema: unknown): Record<string, unknown> {
  const properties = isRecord(schema) ? own(schema, 'properties') : undefined;
  if (!isRecord(properties)) return {};
  const required = requiredNames(schema as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const name of Object.keys(properties)) {
    if (count >= SKELETON_LIMITS.properties) break;
    if (name === CONFIRM_KEY) continue;
    const property = own(properties, name);
    const fallback = defaultOf(property);
    if (!required.has(name) && fallback === undefined) continue;
    // defineProperty: a `__proto__` key stays a key, it never becomes the object's prototype.
    Object.defineProperty(out, name, {
      value: fallback === undefined ? emptyValue(property) : fallback.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    count++;
  }
  return out;
}

/** The names in a schema's `required` list (strings only). */
export function requiredNames(schema: Record<string, unknown>): Set<string> {
  const list = own(schema, 'required');
  return new Set(Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : []);
}

/** The property's usable default, boxed so that a default of `null` or `false` counts. */
function defaultOf(property: unknown): { value: unknown } | undefined {
  if (!isRecord(property) || !Object.hasOwn(property, 'default')) return undefined;
  const value = own(property, 'default');
  return value !== undefined && fitsJson(value) ? { value } : undefined;
}

/** The value is plain JSON of a bounded size (no cycle, BigInt or runaway nesting). */
function fitsJson(value: unknown): boolean {
  try {
    const text = JSON.stringify(value);
    return typeof text === 'string' && text.length <= SKELETON_LIMITS.valueChars;
  } catch {
    return false;
  }
}

/** The first type that is not `null`, of `type` or of the first `anyOf`/`oneOf` variant. */
function typeOf(property: Record<string, unknown>): unknown {
  const type = own(property, 'type');
  if (Array.isArray(type)) return type.find((t) => t !== 'null') ?? type[0];
  if (type !== undefined) return type;
  const variants = own(property, 'anyOf') ?? own(property, 'oneOf');
  if (!Array.isArray(variants)) return undefined;
  for (const variant of variants.slice(0, 8)) {
    const inner = isRecord(variant) ? own(variant, 'type') : undefined;
    if (typeof inner === 'string' && inner !== 'null') return inner;
  }
  return undefined;
}

function emptyValue(property: unknown): unknown {
  if (!isRecord(property)) return null;
  const values = own(property, 'enum');
  if (Array.isArray(values) && values.length > 0 && fitsJson(values[0])) return values[0];
  if (Object.hasOwn(property, 'const') && fitsJson(own(property, 'const')))
    return own(property, 'const');
  switch (typeOf(property)) {
    case 'string':
      return '';
    case 'number':
    case 'integer': {
      const minimum = own(property, 'minimum');
      return typeof minimum === 'number' && Number.isFinite(minimum) ? minimum : 0;
    }
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}

/**
 * Hidden or reordering characters, written as `\uXXXX` escapes in {@link skeletonJson}. Not
 * LF: `JSON.stringify` escapes it inside strings, so a raw one is indentation.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- control characters are what this finds
  /[\0-\x09\x0B-\x1F\x7F-\x9F\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]|(?<![\p{L}\p{N}])\p{M}/gu;

/**
 * A skeleton (or any JSON value) as JSON text that is safe to show and to put in an input:
 * control, bidi, zero-width, tag and private-use characters, separators and stray combining
 * marks are written as `\uXXXX` escapes. It parses back to the same value, so what the user
 * sees is what the server gets. `indent` as in `JSON.stringify`. Never throws: a value that
 * cannot be written as JSON gives `{}`.
 */
export function skeletonJson(value: unknown, indent?: number): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, null, indent);
  } catch {
    text = undefined;
  }
  if (typeof text !== 'string') return '{}';
  return text.replace(UNSAFE, (found) => {
    let escaped = '';
    for (let i = 0; i < found.length; i++)
      escaped += `\\u${found.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return escaped;
  });
}
