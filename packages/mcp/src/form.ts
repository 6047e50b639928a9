import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { visibleText } from './sanitize.js';

/** The value of one answered form field (what `elicitation/create` results may carry). */
export type FieldValue = string | number | boolean | string[];

export interface FieldOption {
  value: string;
  /** Sanitized display label (the value itself when the server gave none). */
  label: string;
}

/** One flat, primitive form field, normalized from the requested JSON schema. Text is sanitized. */
export interface FormField {
  name: string;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi_enum';
  title: string;
  description?: string;
  required: boolean;
  default?: FieldValue;
  format?: 'email' | 'uri' | 'date' | 'date-time';
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  options?: FieldOption[];
}

export interface FieldError {
  field: string;
  code:
    | 'required'
    | 'type'
    | 'format'
    | 'too_short'
    | 'too_long'
    | 'too_small'
    | 'too_large'
    | 'not_integer'
    | 'not_an_option'
    | 'too_few'
    | 'too_many';
}

type RequestedSchema = ElicitRequestFormParams['requestedSchema'];
type Property = RequestedSchema['properties'][string];

/** Turns the server's requested schema into fields a renderer can draw without reading JSON schema. */
export function formFields(schema: RequestedSchema): FormField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) =>
    toField(name, property, required.has(name)),
  );
}

/** The values a form starts with: each field's default, when it has one. */
export function initialValues(fields: readonly FormField[]): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) if (field.default !== undefined) values[field.name] = field.default;
  return values;
}

function toField(name: string, property: Property, required: boolean): FormField {
  const p = property as Record<string, unknown>;
  const field: FormField = {
    name,
    kind: 'string',
    title: visibleText(typeof p.title === 'string' ? p.title : name),
    required,
  };
  if (typeof p.description === 'string') field.description = visibleText(p.description);
  copyNumber(p, field, ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems']);
  if (p.default !== undefined) field.default = p.default as FieldValue;

  if (p.type === 'array') {
    field.kind = 'multi_enum';
    const items = (p.items ?? {}) as Record<string, unknown>;
    field.options = Array.isArray(items.anyOf)
      ? titled(items.anyOf)
      : plain(Array.isArray(items.enum) ? items.enum : []);
  } else if (Array.isArray(p.oneOf)) {
    field.kind = 'enum';
    field.options = titled(p.oneOf);
  } else if (Array.isArray(p.enum)) {
    field.kind = 'enum';
    const names = Array.isArray(p.enumNames) ? p.enumNames : [];
    field.options = plain(p.enum).map((option, index) =>
      typeof names[index] === 'string' ? { ...option, label: visibleText(names[index]) } : option,
    );
  } else if (p.type === 'boolean' || p.type === 'number' || p.type === 'integer') {
    field.kind = p.type;
  } else if (typeof p.format === 'string') {
    field.format = p.format as FormField['format'];
  }
  return field;
}

function copyNumber(
  from: Record<string, unknown>,
  to: FormField,
  keys: Array<keyof FormField>,
): void {
  for (const key of keys) {
    const value = from[key];
    if (typeof value === 'number') (to as unknown as Record<string, number>)[key] = value;
  }
}

function titled(list: unknown[]): FieldOption[] {
  return list.flatMap((entry) => {
    const { const: value, title } = (entry ?? {}) as { const?: unknown; title?: unknown };
    return typeof value === 'string'
      ? [{ value, label: visibleText(typeof title === 'string' ? title : value) }]
      : [];
  });
}

function plain(list: unknown[]): FieldOption[] {
  return list
    .filter((value): value is string => typeof value === 'string')
    .map((value) => ({ value, label: visibleText(value) }));
}

/**
 * Checks an answer against the fields before anything is sent to the server.
 * Keys the form did not ask for are dropped, so a renderer cannot leak extra data.
 */
export function validateForm(
  fields: readonly FormField[],
  content: Record<string, unknown> | undefined,
): { ok: true; content: Record<string, FieldValue> } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const clean: Record<string, FieldValue> = {};
  for (const field of fields) {
    const value = content?.[field.name];
    if (value === undefined || value === null) {
      if (field.required) errors.push({ field: field.name, code: 'required' });
      continue;
    }
    const code = checkField(field, value);
    if (code) errors.push({ field: field.name, code });
    else clean[field.name] = value as FieldValue;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, content: clean };
}

function checkField(field: FormField, value: unknown): FieldError['code'] | undefined {
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'type';
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'type';
      if (field.kind === 'integer' && !Number.isInteger(value)) return 'not_integer';
      if (field.minimum !== undefined && value < field.minimum) return 'too_small';
      if (field.maximum !== undefined && value > field.maximum) return 'too_large';
      return undefined;
    case 'enum':
      if (typeof value !== 'string') return 'type';
      return field.options?.some((option) => option.value === value) ? undefined : 'not_an_option';
    case 'multi_enum': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return 'type';
      if (!value.every((item) => field.options?.some((option) => option.value === item)))
        return 'not_an_option';
      if (field.minItems !== undefined && value.length < field.minItems) return 'too_few';
      if (field.maxItems !== undefined && value.length > field.maxItems) return 'too_many';
      return undefined;
    }
    case 'string': {
      if (typeof value !== 'string') return 'type';
      const length = [...value].length; // JSON schema counts code points
      if (field.minLength !== undefined && length < field.minLength) return 'too_short';
      if (field.maxLength !== undefined && length > field.maxLength) return 'too_long';
      return field.format && !FORMATS[field.format](value) ? 'format' : undefined;
    }
  }
}

const FORMATS: Record<NonNullable<FormField['format']>, (value: string) => boolean> = {
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => {
    try {
      return /^[a-z][a-z0-9+.-]*:/i.test(value) && Boolean(new URL(value));
    } catch {
      return false;
    }
  },
  date: (value) => isCalendarDate(value),
  'date-time': (value) => {
    const match =
      /^(\d{4}-\d{2}-\d{2})[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/.exec(value);
    return Boolean(match && isCalendarDate(match[1]!) && !Number.isNaN(Date.parse(value)));
  },
};

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}
