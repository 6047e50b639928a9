import { parseMaxTokens } from './edits.js';
import type { SamplingContent, SamplingEdits, SamplingField, SamplingState } from './types.js';

/** The edit form's errors (only the reply length can be wrong), localized. */
export function editErrors(
  content: SamplingContent,
  current: SamplingState,
): ReadonlyMap<SamplingField, string> {
  const errors = new Map<SamplingField, string>();
  if (current.editing && parseMaxTokens(current.values.maxTokens) === null)
    errors.set('maxTokens', content.t.t('mcp.sampling.edit.max_tokens_invalid'));
  return errors;
}

/** The fields the user changed, typed; `undefined` when nothing changed. */
export function editsOf(
  content: SamplingContent,
  current: SamplingState,
): SamplingEdits | undefined {
  const edits: SamplingEdits = {};
  for (const { name, initial } of content.editable) {
    const value = current.values[name];
    if (value === initial) continue;
    if (name === 'maxTokens') edits.maxTokens = parseMaxTokens(value)!;
    else edits[name] = value;
  }
  return Object.keys(edits).length > 0 ? edits : undefined;
}
