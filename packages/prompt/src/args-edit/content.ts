import { TEXT_LIMITS, type TextCleaner } from '../core.js';
import { fieldsOf, isRecord, own, type FieldSpec, type FieldValue } from '../form-fields.js';
import { sanitizeText } from '../sanitize.js';
import { isSecretKey, splitSecrets } from '../secrets.js';
import type { ArgsEditContent } from './types.js';

/** The field kinds the elicitation controls show and an argument can round-trip through. */
const EDITABLE = new Set<FieldSpec['kind']>([
  'text',
  'email',
  'url',
  'date',
  'number',
  'integer',
  'boolean',
  'select',
]);
/** Longer strings are kept as asked: a one-line input is no place to review them. */
const MAX_TEXT = 1000;

/**
 * Which arguments of a call the user may edit, from the tool's input schema: a property whose
 * schema is a string (plain, email, uri, date or enum), a number, an integer or a boolean, and
 * whose current value fits that control exactly. Anything else (nested values, arrays,
 * secret-looking keys or values, multi-line text, text with hidden characters, a value of
 * the wrong type, arguments the schema does not list) is kept as the agent asked and only
 * named. `null`: nothing can be edited, the tool is treated as not editable.
 */
export function describeArgsEdit(
  schema: unknown,
  args: unknown,
  cleaner: TextCleaner,
): ArgsEditContent | null {
  const original = args === undefined || args === null ? {} : args;
  if (!isRecord(schema) || !isRecord(original)) return null;
  const properties = own(schema, 'properties');
  if (!isRecord(properties)) return null;
  const requiredList = own(schema, 'required');
  const required = Array.isArray(requiredList) ? requiredList : [];
  const specs: FieldSpec[] = [];
  const initial = new Map<string, FieldValue>();
  const readOnly: string[] = [];
  for (const name of Object.keys(properties)) {
    // One property at a time, so one the controls cannot show does not lose the others.
    const single = { type: 'object', properties: { [name]: own(properties, name) } };
    const spec = fieldsOf(
      { ...single, required: required.includes(name) ? [name] : [] },
      cleaner,
    )?.[0];
    const present = Object.hasOwn(original, name);
    const value = shownValue(spec, name, present ? original[name] : undefined);
    if (spec && value !== undefined) {
      specs.push({ ...spec, defaultValue: value });
      initial.set(name, value);
    } else if (present) {
      readOnly.push(cleaner.text(name, TEXT_LIMITS.fieldLabel));
    }
  }
  for (const name of Object.keys(original)) {
    if (!Object.hasOwn(properties, name)) readOnly.push(cleaner.text(name, TEXT_LIMITS.fieldLabel));
  }
  return specs.length > 0 ? { specs, initial, readOnly, original } : null;
}

/** The argument as its control shows it, or `undefined` when it cannot be shown exactly. */
function shownValue(
  spec: FieldSpec | undefined,
  name: string,
  value: unknown,
): FieldValue | undefined {
  if (!spec || !EDITABLE.has(spec.kind) || isSecretKey(name)) return undefined;
  if (spec.kind === 'boolean') {
    return value === undefined ? false : typeof value === 'boolean' ? value : undefined;
  }
  if (value === undefined) return '';
  if (spec.kind === 'number' || spec.kind === 'integer') {
    return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  }
  if (typeof value !== 'string' || !plainLine(value)) return undefined;
  if (spec.kind === 'select' && !spec.options.some((option) => option.value === value)) {
    return undefined;
  }
  return value;
}

/** One line of visible text, no credential inside: what the input shows is what is sent. */
function plainLine(value: string): boolean {
  return (
    value.length <= MAX_TEXT &&
    !/[\r\n]/.test(value) &&
    sanitizeText(value, { mode: 'remove', maxLength: MAX_TEXT + 1 }).text === value &&
    !splitSecrets(value).some((part) => part.secret)
  );
}
