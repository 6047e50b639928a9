import type { Translator } from '@mcp-consent/i18n';
import { validateField, type FieldSpec, type FieldValue } from '../form-fields.js';
import { attrs } from './anatomy.js';
import type {
  ElicitationContent,
  ElicitationFormApi,
  ElicitationState,
  FieldView,
} from './types.js';

/** The input type and keyboard per field kind (selects and multiselects need none). */
const INPUT_TYPE: Record<FieldSpec['kind'], Record<string, string>> = {
  text: { type: 'text' },
  email: { type: 'email', inputmode: 'email' },
  url: { type: 'url', inputmode: 'url' },
  date: { type: 'date' },
  datetime: { type: 'datetime-local' },
  number: { type: 'number', inputmode: 'decimal', step: 'any' },
  integer: { type: 'number', inputmode: 'numeric', step: '1' },
  boolean: { type: 'checkbox' },
  select: {},
  multiselect: {},
};

/** One field as shown: its value, its error once visited or submitted, and its attributes. */
export function fieldView(
  field: FieldSpec,
  current: Pick<ElicitationState, 'values' | 'touched' | 'submitted'>,
  t: Translator,
  id: string,
): FieldView {
  const value: FieldValue = current.values.get(field.name) ?? field.defaultValue;
  const shown = current.submitted || current.touched.has(field.name);
  const error = shown ? validateField(field, value, t) : null;
  const described = [
    field.description ? `${id}-description` : '',
    error ? `${id}-error` : '',
  ].filter(Boolean);
  const str = (n: number | undefined) => (n === undefined ? undefined : String(n));
  return {
    ...field,
    id,
    value,
    requiredText: t.t(
      field.required ? 'mcp.elicitation.field.required' : 'mcp.elicitation.field.optional',
    ),
    error,
    inputProps: {
      ...attrs('field-input'),
      ...INPUT_TYPE[field.kind],
      id,
      name: id,
      'data-kind': field.kind,
      required: field.required,
      'aria-required': field.required ? 'true' : undefined,
      'aria-invalid': error ? 'true' : undefined,
      'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
      dir: 'auto',
      minlength: str(field.minLength),
      maxlength: str(field.maxLength),
      min: str(field.minimum),
      max: str(field.maximum),
    },
    props: {
      field: {
        ...attrs('field'),
        'data-kind': field.kind,
        'data-invalid': error ? 'true' : undefined,
      },
      'field-label': {
        ...attrs('field-label'),
        for: id,
        id: `${id}-label`,
        dir: 'auto',
      },
      'field-description': {
        ...attrs('field-description'),
        id: `${id}-description`,
        dir: 'auto',
        hidden: !field.description,
      },
      'field-error': {
        ...attrs('field-error'),
        id: `${id}-error`,
        role: 'alert',
        hidden: !error,
      },
    },
  };
}

/** The form in one state: its fields, and the error summary once a submit failed. */
export function formView(
  content: ElicitationContent,
  current: ElicitationState,
): ElicitationFormApi['form'] {
  const { t, specs, fieldIds } = content;
  const views = specs.map((field) => fieldView(field, current, t, fieldIds.get(field.name)!));
  const errors = views.filter((view) => validateField(view, view.value, t) !== null).length;
  return {
    fields: views,
    unsupported: content.unsupported,
    errorSummary:
      current.submitted && errors > 0
        ? t.t('mcp.elicitation.error.summary', { count: errors })
        : null,
    yesLabel: t.t('mcp.elicitation.field.yes'),
    noLabel: t.t('mcp.elicitation.field.no'),
    choosePlaceholder: t.t('mcp.elicitation.field.choose'),
    moreAbove: (count) => t.t('mcp.elicitation.form.more_above', { count }),
    moreBelow: (count) => t.t('mcp.elicitation.form.more_below', { count }),
    moreOptionsAbove: (count) => t.t('mcp.elicitation.form.more_options_above', { count }),
    moreOptionsBelow: (count) => t.t('mcp.elicitation.form.more_options_below', { count }),
  };
}
