import type { PartProps } from '@mcp-consent/prompt';

/** DOM attribute names whose React prop name differs. */
const RENAME: Readonly<Record<string, string>> = {
  tabindex: 'tabIndex',
  for: 'htmlFor',
  class: 'className',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  inputmode: 'inputMode',
  novalidate: 'noValidate',
  autocomplete: 'autoComplete',
  autofocus: 'autoFocus',
  spellcheck: 'spellCheck',
  contenteditable: 'contentEditable',
  enterkeyhint: 'enterKeyHint',
};

/** Attributes React takes as booleans (present or absent). */
const BOOLEAN = new Set([
  'hidden',
  'required',
  'disabled',
  'readOnly',
  'noValidate',
  'multiple',
  'checked',
  'autoFocus',
]);

/** Attributes that must stay strings even when the model says `true`/`false`. */
const STRINGISH = /^(aria-|data-)/;

export type ReactAttrs = Record<string, string | boolean | number | undefined>;

/**
 * Converts the model's attribute records (DOM names, string/boolean values) into
 * React props: `tabindex` → `tabIndex`, `for` → `htmlFor`, booleans kept for
 * boolean attributes, `"true"`/`"false"` strings for ARIA and data attributes,
 * `false`/`undefined` dropped. `translate` becomes `"yes"`/`"no"`.
 */
export function toReactProps(props: PartProps | undefined): ReactAttrs {
  const out: ReactAttrs = {};
  if (!props) return out;
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined) continue;
    const key = RENAME[name] ?? name;
    if (BOOLEAN.has(key)) {
      if (value !== false && value !== 'false') out[key] = true;
      continue;
    }
    if (typeof value === 'boolean') {
      if (STRINGISH.test(key)) out[key] = String(value);
      else if (value) out[key] = key === 'translate' ? 'yes' : '';
      continue;
    }
    out[key] = value;
  }
  return out;
}

/** `toReactProps` and a class name in one call. */
export function partProps(props: PartProps | undefined, className?: string): ReactAttrs {
  const out = toReactProps(props);
  if (className) out.className = className;
  return out;
}
