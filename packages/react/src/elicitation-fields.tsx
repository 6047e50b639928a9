import type { ChangeEvent, FocusEvent } from 'react';
import type { ElicitationFormApi, FieldView } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';

const part = (name: string) => ({ 'data-scope': 'elicitation', 'data-part': name });

/** What a field needs from its form; the elicitation form and the args editor (issue 17) fit. */
export interface FieldHost {
  setValue: ElicitationFormApi['setValue'];
  blur: ElicitationFormApi['blur'];
  focus(target: { kind: 'field'; name: string }): void;
  form: Pick<ElicitationFormApi['form'], 'choosePlaceholder'>;
}

/**
 * Whether a blur leaves the field the way a user does, as Lit's `focusout` rule counts it: to
 * another control of the sheet, or out of the window. A move inside the field (the next checkbox
 * of a group) is not one, nor is focus the sheet's focus trap hands back to the page outside it:
 * the sheet closing, or its layout effects run twice as it opens (StrictMode, a hidden
 * `<Activity>` shown again), which marked the first field visited and showed its error at once.
 */
function leavesField(event: FocusEvent<HTMLElement>): boolean {
  const next = event.relatedTarget;
  if (!(next instanceof Element)) return true;
  const here = event.currentTarget;
  const field = here.closest('[data-part="field"]');
  if (field && field === next.closest('[data-part="field"]')) return false;
  const layer = here.closest('[data-mcp-layer]');
  return !layer || layer.contains(next);
}

/** One form field of an elicitation, from the model's `FieldView`. Values are controlled by the model. */
export function ElicitationField({ api, field }: { api: FieldHost; field: FieldView }) {
  const focus = () => api.focus({ kind: 'field', name: field.name });
  const blur = (event: FocusEvent<HTMLElement>) => {
    if (leavesField(event)) api.blur(field.name);
  };
  const label = (
    <>
      {field.label} <span {...part('field-required')}>{field.requiredText}</span>
    </>
  );
  const description = <p {...p(field.props['field-description'])}>{field.description}</p>;
  const error = <p {...p(field.props['field-error'])}>{field.error}</p>;

  if (field.kind === 'multiselect') {
    const chosen = Array.isArray(field.value) ? (field.value as readonly string[]) : [];
    const { for: _for, ...legend } = p(field.props['field-label']);
    const input = p(field.inputProps);
    return (
      <fieldset
        {...p(field.props.field)}
        id={field.id}
        aria-describedby={input['aria-describedby'] as string | undefined}
      >
        <legend {...legend}>{label}</legend>
        {description}
        {field.options.map((option, index) => (
          <label {...part('field-option')} key={option.value}>
            <input
              type="checkbox"
              id={`${field.id}-${index}`}
              name={field.id}
              value={option.value}
              checked={chosen.includes(option.value)}
              aria-invalid={input['aria-invalid'] === 'true' ? true : undefined}
              onChange={(event) =>
                api.setValue(
                  field.name,
                  event.target.checked
                    ? [...chosen, option.value]
                    : chosen.filter((value) => value !== option.value),
                )
              }
              onFocus={focus}
              onBlur={blur}
            />
            <span dir="auto">{option.label}</span>
          </label>
        ))}
        {error}
      </fieldset>
    );
  }

  const common = { ...p(field.inputProps), onFocus: focus, onBlur: blur };
  if (field.kind === 'boolean') {
    return (
      <div {...p(field.props.field)}>
        {/* The whole row is the label: a 48 px target, not only the 24 px box (as in Lit). */}
        <label {...p(field.props['field-label'])} className="mcp-consent-check-row">
          <input
            {...common}
            type="checkbox"
            checked={field.value === true}
            onChange={(event) => api.setValue(field.name, event.target.checked)}
          />
          <span>{label}</span>
        </label>
        {description}
        {error}
      </div>
    );
  }

  const onText = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    api.setValue(field.name, event.target.value);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <div {...p(field.props.field)}>
      <label {...p(field.props['field-label'])}>{label}</label>
      {description}
      {field.kind === 'select' ? (
        <select {...common} value={value} onChange={onText}>
          <option value="">{api.form.choosePlaceholder}</option>
          {field.options.map((option) => (
            <option {...part('field-option')} key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} value={value} onChange={onText} />
      )}
      {error}
    </div>
  );
}
