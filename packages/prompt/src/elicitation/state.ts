import {
  cachedView,
  closeOnAbort,
  createState,
  modelLifecycle,
  DEFAULT_GUARD_MS,
  InputGuard,
  resolveTranslator,
  toKeyInput,
  type Store,
} from '../core.js';
import { toContent, validateField } from '../form-fields.js';
import { focusStep, resolveKey } from '../keymap.js';
import { ACTIONS, connectElicitation } from './connect.js';
import { describeElicitation } from './content.js';
import type {
  ElicitAction,
  ElicitationActions,
  ElicitationContent,
  ElicitationOutcome,
  ElicitationModel,
  ElicitationPromptOptions,
  ElicitationState,
  ElicitRequest,
  ElicitResult,
} from './types.js';

/** One-line fields, where Enter submits the form; in checkboxes and selects it is the control's. */
const ENTER_SUBMITS = new Set(['text', 'email', 'url', 'date', 'datetime', 'number', 'integer']);

/**
 * The headless model of one elicitation request (MCP `elicitation/create`), in form mode
 * (fields from the requested schema, validation, typed content) or URL mode (the full URL
 * with its host split out, warnings, opened by the host only after `accept`). Results are
 * accept / decline / cancel; Escape cancels. Default focus: the first field; a form with
 * no fields (a bare confirmation) and URL mode focus Decline, so Enter never consents.
 */
export function createElicitationPrompt(
  request: ElicitRequest,
  options: ElicitationPromptOptions,
): ElicitationModel {
  const content = describeElicitation(request, options, resolveTranslator(options));
  const state = createState<ElicitationState>({
    status: options.signal?.aborted ? 'closed' : 'open',
    result: null,
    values: new Map(content.specs.map((field) => [field.name, field.defaultValue])),
    touched: new Set(),
    submitted: false,
    focused: content.defaultFocus,
  });
  const guard = new InputGuard(options.clock, options.guardMs ?? DEFAULT_GUARD_MS, state.notify);
  const detach = closeOnAbort(state, options.signal);
  const send = elicitationActions(content, state, guard, options);
  return {
    connect: cachedView(state, guard, (current, shown) =>
      connectElicitation(content, current, shown, send),
    ),
    ...modelLifecycle(state, guard, detach),
  };
}

/**
 * The transitions: a result is given once, while open and after the guard; accepting a
 * form needs valid content (a failed submit shows every field's error and focuses the first
 * invalid field).
 */
function elicitationActions(
  content: ElicitationContent,
  state: Store<ElicitationState>,
  guard: InputGuard,
  options: ElicitationPromptOptions,
): ElicitationActions {
  const { t, specs, fieldIds } = content;
  const settle = (result: ElicitResult): ElicitationOutcome => {
    state.set({ status: 'answered', result, focused: { kind: 'action', action: result.action } });
    guard.dispose();
    options.onResult?.(result);
    return { accepted: true };
  };
  /** Each invalid field's error, in the form's order. */
  const validate = () => {
    const out: [string, string][] = [];
    for (const field of specs) {
      const error = validateField(field, state.get().values.get(field.name), t);
      if (error !== null) out.push([field.name, error]);
    }
    return Object.fromEntries(out);
  };
  const choose = (action: ElicitAction): ElicitationOutcome => {
    if (state.get().status !== 'open') return { accepted: false, reason: 'settled' };
    if (guard.active) return { accepted: false, reason: 'guard' };
    if (action !== 'accept') return settle({ action });
    if (content.acceptReason !== null) return { accepted: false, reason: 'disabled' };
    if (content.url) return settle({ action: 'accept' });
    const typed = toContent(specs, state.get().values, t);
    if (typed === null) {
      // The form stays open with every error shown, focus on the first field to fix.
      const [name = ''] = Object.keys(validate());
      state.set({ submitted: true, focused: { kind: 'field', name } });
      return { accepted: false, reason: 'invalid' };
    }
    return settle({ action: 'accept', content: typed });
  };
  return {
    choose,
    handleKey: keyHandler(content, state, choose),
    focus: (target) => state.set({ focused: target }),
    setValue: (name, value) => {
      if (!fieldIds.has(name) || state.get().status !== 'open') return;
      const values = new Map(state.get().values);
      values.set(name, value);
      state.set({ values });
    },
    blur: (name) => {
      if (!fieldIds.has(name) || state.get().touched.has(name)) return;
      state.set({ touched: new Set([...state.get().touched, name]) });
    },
    validate,
    toContent: () => toContent(specs, state.get().values, t),
  };
}

/**
 * Escape cancels anywhere; Enter submits from a one-line field and answers on an action;
 * on an action a digit answers with the action it numbers; arrows move between the actions. Any other key in a field is the field's own.
 */
function keyHandler(
  content: ElicitationContent,
  state: Store<ElicitationState>,
  choose: (action: ElicitAction) => ElicitationOutcome,
): ElicitationActions['handleKey'] {
  return (input) => {
    const key = toKeyInput(input);
    const binding = resolveKey(content.keymap, key);
    const focused = state.get().focused;
    if (!binding) return { handled: false };
    // A digit in a field is typed, so it only answers from an answer.
    const answering =
      binding.intent === 'escape' ||
      binding.intent === 'activate-focused' ||
      (binding.intent === 'choose' && focused.kind === 'action');
    // A held key (auto-repeat) or IME composition is never an answer.
    if (answering && (key.repeat || key.isComposing)) {
      return { handled: true, outcome: { accepted: false, reason: 'guard' } };
    }
    if (binding.intent === 'escape') return { handled: true, outcome: choose('cancel') };
    if (focused.kind === 'field') {
      const field = content.specs.find((f) => f.name === focused.name);
      if (binding.intent !== 'activate-focused' || !field || !ENTER_SUBMITS.has(field.kind)) {
        return { handled: false };
      }
      return { handled: true, outcome: choose('accept') };
    }
    if (binding.intent === 'activate-focused')
      return { handled: true, outcome: choose(focused.action) };
    if (binding.intent === 'choose') return { handled: true, outcome: choose(binding.action!) };
    state.set({
      focused: { kind: 'action', action: focusStep(ACTIONS, focused.action, binding.intent) },
    });
    return { handled: true };
  };
}
