/**
 * What a tool takes, for a person about to type its arguments: each top-level property of
 * its input schema with a type, required or optional, allowed values and default, and the
 * description; plus a skeleton to edit. Everything in a schema is untrusted server text:
 * it is cleaned like every other server string, and every list and string is bounded, so
 * a hostile schema gives a short, safe description instead of a crash or a wall of text.
 */
import type { Translator } from '@mcp-consent/i18n';
import { resolveTranslator, TextCleaner } from '../core.js';
import { isRecord, own } from '../form-fields.js';
import type { HiddenKind } from '../sanitize.js';
import { argumentSkeleton, CONFIRM_KEY, requiredNames, skeletonJson } from './skeleton.js';

export interface ToolArgumentsOptions {
  /** A translator; wins over `locale`. */
  translator?: Translator;
  /** Locale or preferred locales, negotiated. @default 'en-US' */
  locale?: string | readonly string[];
  /** How hidden characters in server text are shown. @default 'escape' */
  textMode?: 'escape' | 'remove';
  /** Most arguments described; the rest are counted in `more`. @default 40 */
  maxArguments?: number;
  /** Most allowed values listed per argument; the rest are counted. @default 8 */
  maxValues?: number;
  /** Longest description, in UTF-16 code units, "…" included. @default 200 */
  maxDescription?: number;
}

/** One top-level property of a tool's input schema, ready to show as text. */
export interface ToolArgumentView {
  /** The property's name, cleaned (a hidden character shows as its code). */
  name: string;
  /** "string", "integer", "array of string", "string | null", "any value"… (localized words). */
  type: string;
  required: boolean;
  /** "required" or "optional", localized. */
  presence: string;
  /** The allowed values (`enum`, `const` or `oneOf` constants), each as cleaned, shortened JSON. */
  values: string[];
  /** How many allowed values are not in `values`. */
  moreValues: number;
  /** The default as cleaned, shortened JSON, or `null` when there is none. */
  defaultValue: string | null;
  /** The description on one line, cleaned and shortened, or `null`. */
  description: string | null;
  /**
   * What to show after the name, localized, in order: the type, required or optional, the
   * allowed values ("one of "a", "b" or 3 more"), the default ("default 10").
   */
  details: string[];
}

export interface ToolArgumentsView {
  /**
   * `listed`: at least one argument; `none`: the tool takes no arguments; `unreadable`: the
   * schema is not an object with object `properties`, so nothing can be said.
   */
  status: 'listed' | 'none' | 'unreadable';
  arguments: ToolArgumentView[];
  /** Arguments not described (over `maxArguments`). */
  more: number;
  /**
   * A sentence to show under the list, or instead of it: "This tool takes no arguments.",
   * "3 more arguments are not shown", "The server's description … cannot be read"; else `null`.
   */
  note: string | null;
  /** The starting arguments to edit (see `argumentSkeleton`). */
  skeleton: Record<string, unknown>;
  /** `skeleton` as one line of JSON, hidden characters escaped (see `skeletonJson`). */
  skeletonJson: string;
  /** Hidden characters found in the schema's text. */
  found: HiddenKind[];
}

/** Longest name and shown JSON value, in UTF-16 code units. */
const NAME_CHARS = 100;
const VALUE_CHARS = 40;
/** How deep a type text looks (`array of array of string`), and how many union members. */
const TYPE_DEPTH = 2;
const UNION_MEMBERS = 6;
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

/**
 * Describes a tool's input schema (`tool.inputSchema`) for a person typing its arguments.
 * Pure and bounded: it never throws, looks at no more than `maxArguments` properties in
 * detail, never follows `$ref`, and cleans every server string.
 */
export function describeToolArguments(
  schema: unknown,
  options: ToolArgumentsOptions = {},
): ToolArgumentsView {
  const t = resolveTranslator(options);
  const cleaner = new TextCleaner(options.textMode ?? 'escape', t);
  let found: Listing;
  try {
    found = listing(schema, options, t, cleaner);
  } catch {
    // A schema that throws when read (a proxy, a getter): nothing can be said about it.
    found = { status: 'unreadable', list: [], more: 0 };
  }
  const { status, list, more } = found;
  const skeleton = status === 'listed' ? argumentSkeleton(schema) : {};
  return {
    status,
    arguments: list,
    more,
    note:
      status === 'unreadable'
        ? t.t('mcp.tool_args.unreadable')
        : status === 'none'
          ? t.t('mcp.tool_args.none')
          : more > 0
            ? t.t('mcp.tool_args.more', { count: more })
            : null,
    skeleton,
    skeletonJson: skeletonJson(skeleton),
    found: [...cleaner.found],
  };
}

interface Listing {
  status: ToolArgumentsView['status'];
  list: ToolArgumentView[];
  more: number;
}

function listing(
  schema: unknown,
  options: ToolArgumentsOptions,
  t: Translator,
  cleaner: TextCleaner,
): Listing {
  const properties = isRecord(schema) ? (own(schema, 'properties') ?? {}) : undefined;
  if (!isRecord(properties)) return { status: 'unreadable', list: [], more: 0 };
  const names = Object.keys(properties).filter((name) => name !== CONFIRM_KEY);
  if (names.length === 0) return { status: 'none', list: [], more: 0 };
  const max = Math.max(0, Math.floor(options.maxArguments ?? 40));
  const required = requiredNames(schema as Record<string, unknown>);
  const list = names
    .slice(0, max)
    .map((name) =>
      describeOne(name, own(properties, name), required.has(name), t, cleaner, options),
    );
  return { status: 'listed', list, more: names.length - list.length };
}

function describeOne(
  rawName: string,
  property: unknown,
  required: boolean,
  t: Translator,
  cleaner: TextCleaner,
  options: ToolArgumentsOptions,
): ToolArgumentView {
  const prop = isRecord(property) ? property : {};
  const json = (value: unknown) => cleaner.text(jsonText(value), VALUE_CHARS);
  const items = own(prop, 'items');
  const ownValues = allowedValues(prop);
  // An array of fixed values (a multi-select) lists its items' values.
  const allowed =
    ownValues.length === 0 && own(prop, 'type') === 'array' && isRecord(items)
      ? allowedValues(items)
      : ownValues;
  const maxValues = Math.max(1, Math.floor(options.maxValues ?? 8));
  const values = allowed.slice(0, maxValues).map(json);
  const moreValues = allowed.length - values.length;
  const defaultValue = Object.hasOwn(prop, 'default') ? json(own(prop, 'default')) : null;
  const description = own(prop, 'description');
  const maxDescription = Math.max(1, Math.floor(options.maxDescription ?? 200));
  const type = typeText(prop, t, 0);
  const presence = t.t(required ? 'mcp.tool_args.required' : 'mcp.tool_args.optional');
  const details = [type, presence];
  if (values.length > 0) {
    const listed =
      moreValues > 0
        ? [...values, t.t('mcp.tool_args.more_values', { count: moreValues })]
        : values;
    details.push(t.t('mcp.tool_args.values', { values: t.formatList(listed, 'disjunction') }));
  }
  if (defaultValue !== null) details.push(t.t('mcp.tool_args.default', { value: defaultValue }));
  return {
    name: cleaner.text(rawName, NAME_CHARS) || '""',
    type,
    required,
    presence,
    values,
    moreValues,
    defaultValue,
    description:
      typeof description === 'string' && description.trim()
        ? // One line: a description's own line breaks and tabs read as spaces.
          cleaner.text(
            description
              .slice(0, 8 * maxDescription)
              .replace(/[\t\r\n]+/g, ' ')
              .trim(),
            maxDescription,
          )
        : null,
    details,
  };
}

/** JSON text of a server value; a value that is not plain JSON shows as its type's name. */
function jsonText(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (typeof text === 'string') return text;
  } catch {
    // A cycle, a BigInt or runaway nesting: fall through.
  }
  return typeof value;
}

/** `enum`, else `const`, else the constants of `oneOf`/`anyOf` when every variant has one. */
function allowedValues(prop: Record<string, unknown>): unknown[] {
  const values = own(prop, 'enum');
  if (Array.isArray(values)) return values;
  if (Object.hasOwn(prop, 'const')) return [own(prop, 'const')];
  const variants = own(prop, 'oneOf') ?? own(prop, 'anyOf');
  if (!Array.isArray(variants) || variants.length === 0) return [];
  const out: unknown[] = [];
  for (const variant of variants) {
    if (!isRecord(variant) || !Object.hasOwn(variant, 'const')) return [];
    out.push(own(variant, 'const'));
  }
  return out;
}

/**
 * The type in words: a JSON type name, "array of X", a union "string | null", or, when the
 * schema says nothing a person could use, "any value". Unknown type names are not echoed.
 */
function typeText(prop: Record<string, unknown>, t: Translator, depth: number): string {
  const any = t.t('mcp.tool_args.any');
  const type = own(prop, 'type');
  if (typeof type === 'string' && JSON_TYPES.has(type)) {
    const items = own(prop, 'items');
    if (type === 'array' && depth < TYPE_DEPTH && isRecord(items)) {
      const inner = typeText(items, t, depth + 1);
      if (inner !== any) return t.t('mcp.tool_args.array_of', { type: inner });
    }
    return type;
  }
  const union = (members: string[]) => {
    const unique = [...new Set(members)];
    return unique.length > 0 && !unique.includes(any) ? unique.join(' | ') : undefined;
  };
  if (Array.isArray(type)) {
    const named = type
      .slice(0, UNION_MEMBERS)
      .filter((n) => typeof n === 'string' && JSON_TYPES.has(n));
    const text = union(named as string[]);
    if (text) return text;
  }
  const variants = own(prop, 'anyOf') ?? own(prop, 'oneOf');
  if (Array.isArray(variants) && depth < TYPE_DEPTH) {
    const text = union(
      variants
        .slice(0, UNION_MEMBERS)
        .map((variant) => (isRecord(variant) ? typeText(variant, t, depth + 1) : any)),
    );
    if (text) return text;
  }
  const values = allowedValues(prop);
  if (values.length > 0) {
    const text = union(values.slice(0, 50).map(valueType));
    if (text) return text;
  }
  return any;
}

function valueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'object'
    ? type
    : 'null';
}
