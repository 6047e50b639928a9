import type { PromptRequest } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import { idPrefixFor, TEXT_LIMITS, TextCleaner } from '../core.js';
import { createEmitter } from '@mcp-consent/engine';
import { fieldView } from '../elicitation/fields.js';
import { toContentValue, validateField, type FieldSpec, type FieldValue } from '../form-fields.js';
import { attrs } from './anatomy.js';
import { describeArgsEdit } from './content.js';
import type {
  ArgsEditContent,
  ArgsEditor,
  ArgsEditorApi,
  ArgsEditResult,
  ArgsEditState,
} from './types.js';

export interface ArgsEditorOptions {
  translator: Translator;
  /** How hidden characters in the schema's titles and descriptions are shown. @default 'escape' */
  textMode?: 'escape' | 'remove';
  idPrefix?: string;
}

/**
 * The headless "Edit arguments" panel of a permission prompt: the call's arguments as
 * elicitation form fields (`describeArgsEdit` decides which), validated as the elicitation
 * form validates, and the edited arguments an allow answer carries. `null` when the request
 * is not `editable` or nothing in it can be edited.
 */
export function createArgsEditor(
  request: Pick<PromptRequest, 'id' | 'call' | 'editable'>,
  options: ArgsEditorOptions,
): ArgsEditor | null {
  if (request.editable !== true) return null;
  const t = options.translator;
  const cleaner = new TextCleaner(options.textMode ?? 'escape', t);
  const content = describeArgsEdit(request.call.tool.inputSchema, request.call.args, cleaner);
  if (!content) return null;
  const prefix = `${idPrefixFor(request.id, options.idPrefix)}-args-edit`;
  const closed = (): ArgsEditState => ({
    open: false,
    values: content.initial,
    touched: new Set(),
    submitted: false,
  });
  let state = closed();
  let cache: { state: ArgsEditState; api: ArgsEditorApi } | undefined;
  const emitter = createEmitter<ArgsEditState>();
  const set = (patch: Partial<ArgsEditState>) => {
    state = { ...state, ...patch };
    emitter.emit(state);
  };
  const actions = {
    setOpen: (open = !state.open) => {
      // Closing discards: no edit the user cannot see is ever sent.
      if (open !== state.open) set(open ? { open: true } : closed());
    },
    setValue: (name: string, value: FieldValue) => {
      if (!state.open || !content.initial.has(name)) return;
      set({ values: new Map(state.values).set(name, value) });
    },
    blur: (name: string) => {
      if (state.open && !state.touched.has(name)) {
        set({ touched: new Set(state.touched).add(name) });
      }
    },
    focus: () => {},
  };
  return {
    connect: () => {
      if (cache?.state !== state) {
        cache = { state, api: connectArgsEditor(content, state, [t, cleaner], prefix, actions) };
      }
      return cache.api;
    },
    getState: () => state,
    subscribe: (listener) => emitter.subscribe(() => listener()),
    check: () => {
      const result = resultOf(content, state, t);
      if (result.kind === 'invalid' && !state.submitted) set({ submitted: true });
      return result;
    },
  };
}

/** The fields whose value differs from what the agent asked. */
function changedFields(content: ArgsEditContent, state: ArgsEditState): FieldSpec[] {
  if (!state.open) return [];
  return content.specs.filter((spec) => !sameValue(state.values.get(spec.name), spec.defaultValue));
}

const sameValue = (a: FieldValue | undefined, b: FieldValue) => a === undefined || a === b;

/** What the editor makes of the call now: unchanged, invalid, or the edited arguments. */
export function resultOf(
  content: ArgsEditContent,
  state: ArgsEditState,
  t: Translator,
): ArgsEditResult {
  const changed = changedFields(content, state);
  if (changed.length === 0) return { kind: 'unchanged' };
  // Once edited, the arguments must fit the schema as a whole, as the elicitation form does.
  const invalid = content.specs.filter(
    (spec) => validateField(spec, state.values.get(spec.name) ?? spec.defaultValue, t) !== null,
  ).length;
  if (invalid > 0) {
    return {
      kind: 'invalid',
      count: invalid,
      reason: t.t('mcp.args_edit.blocked', { count: invalid }),
    };
  }
  const edits = new Map(changed.map((spec) => [spec.name, spec]));
  const entries: [string, unknown][] = [];
  const add = (name: string, fallback: () => unknown, present: boolean) => {
    const spec = edits.get(name);
    const value = spec ? toContentValue(spec, state.values.get(name)!) : fallback();
    if (spec ? value !== undefined : present) entries.push([name, value]);
  };
  // The agent's key order, then arguments the user added; an emptied optional one is dropped.
  for (const name of Object.keys(content.original)) add(name, () => content.original[name], true);
  for (const spec of changed)
    if (!Object.hasOwn(content.original, spec.name)) add(spec.name, () => undefined, false);
  // fromEntries defines own properties: a `__proto__` argument stays an argument.
  return { kind: 'edited', args: Object.fromEntries(entries), count: changed.length };
}

function connectArgsEditor(
  content: ArgsEditContent,
  state: ArgsEditState,
  [t, cleaner]: [Translator, TextCleaner],
  prefix: string,
  actions: Pick<ArgsEditorApi, 'setOpen' | 'setValue' | 'blur' | 'focus'>,
): ArgsEditorApi {
  const result = resultOf(content, state, t);
  const ids = { editor: prefix, heading: `${prefix}-heading`, status: `${prefix}-status` };
  const shown = { ...state, submitted: state.submitted || result.kind !== 'unchanged' };
  return {
    open: state.open,
    ids,
    toggle: {
      label: t.t(state.open ? 'mcp.args_edit.discard' : 'mcp.args_edit.open'),
      expanded: state.open,
    },
    heading: t.t('mcp.args_edit.heading'),
    hint: t.t('mcp.args_edit.hint'),
    form: {
      fields: content.specs.map((spec, index) =>
        fieldView(spec, shown, t, `${prefix}-field-${index}`),
      ),
      yesLabel: t.t('mcp.elicitation.field.yes'),
      noLabel: t.t('mcp.elicitation.field.no'),
      choosePlaceholder: t.t('mcp.elicitation.field.choose'),
    },
    readOnly:
      content.readOnly.length > 0
        ? t.t('mcp.args_edit.readonly', { names: content.readOnly.join(', ') })
        : null,
    result,
    status:
      result.kind === 'invalid'
        ? result.reason
        : result.kind === 'edited'
          ? t.t('mcp.args_edit.edited', {
              // Which ones, named as the preview names them (server text, cleaned).
              names: changedFields(content, state)
                .map((spec) => cleaner.text(spec.name, TEXT_LIMITS.fieldLabel))
                .join(', '),
            })
          : null,
    blockedReason: result.kind === 'invalid' ? result.reason : null,
    props: {
      'edit-toggle': {
        ...attrs('edit-toggle'),
        type: 'button',
        'aria-expanded': state.open ? 'true' : 'false',
        'aria-controls': ids.editor,
      },
      'edit-editor': {
        ...attrs('edit-editor'),
        id: ids.editor,
        role: 'group',
        'aria-labelledby': ids.heading,
        hidden: !state.open,
      },
      'edit-heading': { ...attrs('edit-heading'), id: ids.heading },
      'edit-hint': attrs('edit-hint'),
      'edit-form': { ...attrs('edit-form'), 'aria-labelledby': ids.heading, novalidate: true },
      'edit-readonly': { ...attrs('edit-readonly'), dir: 'auto' },
      'edit-status': {
        ...attrs('edit-status'),
        id: ids.status,
        role: 'status',
        'aria-live': 'polite',
        'data-blocked': result.kind === 'invalid' ? 'true' : undefined,
      },
    },
    ...actions,
  };
}
