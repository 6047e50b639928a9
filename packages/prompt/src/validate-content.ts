import type { Translator } from '@mcp-consent/i18n';
import { resolveTranslator, TextCleaner } from './core.js';
import {
  fieldsOf,
  isRecord,
  own,
  toContentValue,
  validateField,
  type ContentValue,
  type FieldKind,
  type FieldSpec,
  type FieldValue,
} from './form-fields.js';

export interface ValidateContentOptions {
  /** A translator for the messages; wins over `locale`. */
  translator?: Translator;
  /** Locale or preferred locales of the messages, negotiated. @default 'en-US' */
  locale?: string | readonly string[];
}

/** One problem with the content. `field` is the server's key; `''` for the form as a whole. */
export interface ContentError {
  field: string;
  message: string;
}

export type ContentCheck =
  { ok: true; content: Record<string, ContentValue> } | { ok: false; errors: ContentError[] };

/** The message for a value of the wrong JSON type (no copy says "must be text": it counts as no answer). */
const WRONG_TYPE = {
  text: 'mcp.elicitation.error.required',
  email: 'mcp.elicitation.error.email',
  url: 'mcp.elicitation.error.uri',
  date: 'mcp.elicitation.error.date',
  datetime: 'mcp.elicitation.error.date_time',
  number: 'mcp.elicitation.error.not_a_number',
  integer: 'mcp.elicitation.error.not_a_number',
  boolean: 'mcp.elicitation.error.option',
  select: 'mcp.elicitation.error.option',
  multiselect: 'mcp.elicitation.error.option',
} as const satisfies Record<FieldKind, string>;

/** A typed value as the input value `validateField` reads, or `null` when its JSON type is wrong. */
function asInput(field: FieldSpec, value: unknown): FieldValue | null {
  switch (field.kind) {
    case 'number':
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'multiselect':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? (value as string[])
        : null;
    default:
      return typeof value === 'string' ? value : null;
  }
}

/**
 * Checks TYPED content (as a renderer returns it: numbers as numbers, booleans, string
 * arrays) against an elicitation's requested schema, with the rules of the form model
 * (`validateField`), before anything is sent to the server. A value of the wrong JSON
 * type is an error ("5" for a number); keys the schema did not ask for are dropped;
 * empty optional values are left out; a schema the form model cannot show is invalid,
 * so nothing is sent. Messages are localized and name the sanitized field label.
 */
export function validateContent(
  requestedSchema: unknown,
  content: unknown,
  options: ValidateContentOptions = {},
): ContentCheck {
  const t = resolveTranslator(options);
  const fields = fieldsOf(requestedSchema, new TextCleaner('escape', t));
  if (!fields) {
    return {
      ok: false,
      errors: [{ field: '', message: t.t('mcp.elicitation.error.unsupported') }],
    };
  }
  const given = isRecord(content) ? content : {};
  const errors: ContentError[] = [];
  const entries: [string, ContentValue][] = [];
  for (const field of fields) {
    // Own keys only: a missing `__proto__` or `constructor` is missing, not Object.prototype's.
    const raw = own(given, field.name);
    const input = raw === undefined || raw === null ? undefined : asInput(field, raw);
    if (input === null) {
      errors.push({
        field: field.name,
        message: t.t(WRONG_TYPE[field.kind], { field: field.label }),
      });
      continue;
    }
    const message = validateField(field, input, t);
    if (message !== null) errors.push({ field: field.name, message });
    else if (input !== undefined) {
      const value = toContentValue(field, input);
      if (value !== undefined) entries.push([field.name, value]);
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  // fromEntries defines own properties: a `__proto__` field stays a field.
  return { ok: true, content: Object.fromEntries(entries) };
}

/**
 * The schema's defaults as content, for hosts that answer without asking (seed 000's
 * opt-in warn-and-proceed): `null` when a required field has no default, when a
 * default is invalid, or when the schema cannot be shown. Nothing is ever invented.
 */
export function defaultContent(requestedSchema: unknown): Record<string, ContentValue> | null {
  const fields = fieldsOf(requestedSchema, new TextCleaner('escape'));
  if (!fields) return null;
  // fieldsOf accepted the schema, so its properties are records.
  const properties = (own(requestedSchema as Record<string, unknown>, 'properties') ??
    {}) as Record<string, Record<string, unknown>>;
  const defaults: [string, unknown][] = [];
  for (const field of fields) {
    const fallback = own(own(properties, field.name) as Record<string, unknown>, 'default');
    if (fallback !== undefined) defaults.push([field.name, fallback]);
    else if (field.required) return null;
  }
  const checked = validateContent(requestedSchema, Object.fromEntries(defaults));
  return checked.ok ? checked.content : null;
}
