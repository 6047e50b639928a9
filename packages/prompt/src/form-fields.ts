import type { Translator } from '@mcp-consent/i18n';
import { TEXT_LIMITS, type TextCleaner } from './core.js';
import { sanitizeText } from './sanitize.js';

/** The requested schema of an MCP form elicitation: flat, primitive properties. */
export interface RequestedSchema {
  type: 'object';
  properties: Record<string, unknown>;
  required?: readonly string[];
}

export type FieldKind =
  | 'text'
  | 'email'
  | 'url'
  | 'date'
  | 'datetime'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'multiselect';

export type FieldValue = string | boolean | readonly string[];

/** One form field, decided from the schema once. `name` is the server's key, for content only. */
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  label: string;
  description: string | null;
  required: boolean;
  defaultValue: FieldValue;
  options: { value: string; label: string }[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export type ContentValue = string | number | boolean | string[];

const FORMAT_KIND: Record<string, FieldKind> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime',
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const own = (record: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(record, key) ? record[key] : undefined;
const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const count = (value: unknown): number | undefined => {
  const n = finite(value);
  return n !== undefined && n >= 0 ? Math.floor(n) : undefined;
};

/**
 * A server's default for a text field is shown in an editable box and sent as shown, so
 * hidden characters (bidi overrides, escapes, zero-width) are dropped rather than escaped:
 * what the user sees is what the server gets back.
 */
function shownDefault(value: string): string {
  return sanitizeText(value, { mode: 'remove', maxLength: value.length + 1 }).text;
}

/** Options of a string enum: `enum` (+ legacy `enumNames`) or `oneOf: [{ const, title }]`. */
function optionsOf(schema: Record<string, unknown>, cleaner: TextCleaner) {
  const label = (value: string, title: unknown) =>
    cleaner.text(typeof title === 'string' && title.trim() ? title : value, TEXT_LIMITS.option);
  const values = own(schema, 'enum');
  if (Array.isArray(values) && values.every((v) => typeof v === 'string')) {
    const names = own(schema, 'enumNames');
    return values.map((value: string, index) => ({
      value,
      label: label(value, Array.isArray(names) ? names[index] : undefined),
    }));
  }
  const variants = own(schema, 'oneOf') ?? own(schema, 'anyOf');
  if (Array.isArray(variants) && variants.length > 0) {
    const out: { value: string; label: string }[] = [];
    for (const variant of variants) {
      const value = isRecord(variant) ? own(variant, 'const') : undefined;
      if (typeof value !== 'string') return undefined;
      out.push({ value, label: label(value, own(variant as Record<string, unknown>, 'title')) });
    }
    return out;
  }
  return undefined;
}

/** The fields of a requested schema, or `null` when a property cannot be shown as a field. */
export function fieldsOf(schema: unknown, cleaner: TextCleaner): FieldSpec[] | null {
  if (!isRecord(schema)) return null;
  const properties = own(schema, 'properties') ?? {};
  if (!isRecord(properties)) return null;
  const requiredList = own(schema, 'required');
  const required = new Set(
    Array.isArray(requiredList) ? requiredList.filter((k) => typeof k === 'string') : [],
  );
  const fields: FieldSpec[] = [];
  for (const name of Object.keys(properties)) {
    const prop = own(properties, name);
    if (!isRecord(prop)) return null;
    const type = own(prop, 'type');
    const title = own(prop, 'title');
    const description = own(prop, 'description');
    const base = {
      name,
      label: cleaner.text(
        typeof title === 'string' && title.trim() ? title : name,
        TEXT_LIMITS.fieldLabel,
      ),
      description:
        typeof description === 'string' && description.trim()
          ? cleaner.text(description, TEXT_LIMITS.fieldDescription, true)
          : null,
      required: required.has(name),
      options: [] as { value: string; label: string }[],
    };
    const fallback = own(prop, 'default');
    if (type === 'string') {
      const options = optionsOf(prop, cleaner);
      if (options) {
        const initial =
          typeof fallback === 'string' && options.some((o) => o.value === fallback) ? fallback : '';
        fields.push({ ...base, kind: 'select', options, defaultValue: initial });
        continue;
      }
      const format = own(prop, 'format');
      fields.push({
        ...base,
        kind:
          (typeof format === 'string' &&
            Object.hasOwn(FORMAT_KIND, format) &&
            FORMAT_KIND[format]) ||
          'text',
        defaultValue: typeof fallback === 'string' ? shownDefault(fallback) : '',
        minLength: count(own(prop, 'minLength')),
        maxLength: count(own(prop, 'maxLength')),
      });
    } else if (type === 'number' || type === 'integer') {
      const initial = finite(fallback);
      fields.push({
        ...base,
        kind: type,
        defaultValue: initial === undefined ? '' : String(initial),
        minimum: finite(own(prop, 'minimum')),
        maximum: finite(own(prop, 'maximum')),
      });
    } else if (type === 'boolean') {
      fields.push({ ...base, kind: 'boolean', defaultValue: fallback === true });
    } else if (type === 'array') {
      const items = own(prop, 'items');
      const options = isRecord(items) ? optionsOf(items, cleaner) : undefined;
      if (!options) return null;
      const initial = Array.isArray(fallback)
        ? fallback.filter(
            (v): v is string => typeof v === 'string' && options.some((o) => o.value === v),
          )
        : [];
      fields.push({
        ...base,
        kind: 'multiselect',
        options,
        defaultValue: initial,
        minItems: count(own(prop, 'minItems')),
        maxItems: count(own(prop, 'maxItems')),
      });
    } else return null;
  }
  return fields;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?$/;

function validDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function isEmpty(value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'boolean') return false;
  return value.length === 0;
}

/** A value as typed into an input, as the content the server asked for; `undefined` when absent. */
export function toContentValue(field: FieldSpec, value: FieldValue): ContentValue | undefined {
  if (isEmpty(value)) return field.kind === 'multiselect' && field.required ? [] : undefined;
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'multiselect') return [...(value as readonly string[])];
  const text = String(value).trim();
  if (field.kind === 'number' || field.kind === 'integer') return Number(text);
  if (field.kind === 'datetime') {
    const match = DATE_TIME.exec(text);
    // A local time from a datetime-local input: send it as RFC 3339 in UTC.
    return match && !match[5]
      ? new Date(text.replace(' ', 'T')).toISOString()
      : text.replace(' ', 'T');
  }
  return field.kind === 'text' || field.kind === 'select' ? String(value) : text;
}

/** The localized error of one field, or `null` when its value is acceptable. */
export function validateField(
  field: FieldSpec,
  value: FieldValue | undefined,
  t: Translator,
): string | null {
  const label = field.label;
  if (isEmpty(value))
    return field.required ? t.t('mcp.elicitation.error.required', { field: label }) : null;
  const v = value!;
  switch (field.kind) {
    case 'boolean':
      return null;
    case 'select':
      return field.options.some((o) => o.value === v)
        ? null
        : t.t('mcp.elicitation.error.option', { field: label });
    case 'multiselect': {
      const list = v as readonly string[];
      if (!list.every((item) => field.options.some((o) => o.value === item))) {
        return t.t('mcp.elicitation.error.option', { field: label });
      }
      if (field.minItems !== undefined && list.length < field.minItems) {
        return t.t('mcp.elicitation.error.min_items', { field: label, min: field.minItems });
      }
      if (field.maxItems !== undefined && list.length > field.maxItems) {
        return t.t('mcp.elicitation.error.max_items', { field: label, max: field.maxItems });
      }
      return null;
    }
    case 'number':
    case 'integer': {
      const n = Number(String(v).trim());
      if (!Number.isFinite(n)) return t.t('mcp.elicitation.error.not_a_number', { field: label });
      if (field.kind === 'integer' && !Number.isInteger(n)) {
        return t.t('mcp.elicitation.error.not_an_integer', { field: label });
      }
      if (field.minimum !== undefined && n < field.minimum) {
        return t.t('mcp.elicitation.error.minimum', { field: label, min: field.minimum });
      }
      if (field.maximum !== undefined && n > field.maximum) {
        return t.t('mcp.elicitation.error.maximum', { field: label, max: field.maximum });
      }
      return null;
    }
    default: {
      const text = String(v);
      const length = [...text].length;
      if (field.minLength !== undefined && length < field.minLength) {
        return t.t('mcp.elicitation.error.min_length', { field: label, min: field.minLength });
      }
      if (field.maxLength !== undefined && length > field.maxLength) {
        return t.t('mcp.elicitation.error.max_length', { field: label, max: field.maxLength });
      }
      const trimmed = text.trim();
      if (field.kind === 'email' && !EMAIL.test(trimmed))
        return t.t('mcp.elicitation.error.email', { field: label });
      if (field.kind === 'url' && !isUri(trimmed))
        return t.t('mcp.elicitation.error.uri', { field: label });
      if (field.kind === 'date' && !validDate(trimmed))
        return t.t('mcp.elicitation.error.date', { field: label });
      if (field.kind === 'datetime') {
        const match = DATE_TIME.exec(trimmed);
        const ok = match && validDate(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60;
        if (!ok || Number.isNaN(new Date(trimmed.replace(' ', 'T')).getTime())) {
          return t.t('mcp.elicitation.error.date_time', { field: label });
        }
      }
      return null;
    }
  }
}

function isUri(text: string): boolean {
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(text) && new URL(text).protocol.length > 1;
  } catch {
    return false;
  }
}

/** Typed content for an `accept` result, or `null` while any field is invalid. */
export function toContent(
  fields: readonly FieldSpec[],
  values: ReadonlyMap<string, FieldValue>,
  t: Translator,
): Record<string, ContentValue> | null {
  const entries: [string, ContentValue][] = [];
  for (const field of fields) {
    const value = values.get(field.name) ?? field.defaultValue;
    if (validateField(field, value, t) !== null) return null;
    const content = toContentValue(field, value);
    if (content !== undefined) entries.push([field.name, content]);
  }
  // fromEntries defines own properties: a `__proto__` field stays a field.
  return Object.fromEntries(entries);
}
