import {
  cachedView,
  closeOnAbort,
  createState,
  modelLifecycle,
  DEFAULT_GUARD_MS,
  InputGuard,
  resolveTranslator,
  toKeyInput,
  type AnswerOutcome,
  type Store,
} from '../core.js';
import { focusStep, resolveKey } from '../keymap.js';
import { actionsOf, connectSampling, DEFAULT_FOCUS } from './connect.js';
import { describeSampling } from './content.js';
import { editErrors, editsOf } from './state-rules.js';
import type {
  SamplingAction,
  SamplingActions,
  SamplingAnswer,
  SamplingCall,
  SamplingContent,
  SamplingField,
  SamplingModel,
  SamplingPromptOptions,
  SamplingState,
} from './types.js';

/**
 * The model of one step of an MCP `sampling/createMessage` request. Step `request`: who asks,
 * the risk and why, the messages and parameters; Approve, Edit (the last user message, the
 * system prompt, the reply length) or Deny, once or for this server for the session. Step
 * `response`: the host model's reply; Send or Deny. Deny is focused and Escape denies.
 */
export function createSamplingPrompt(
  call: SamplingCall,
  options: SamplingPromptOptions,
): SamplingModel {
  const content = describeSampling(call, options, resolveTranslator(options));
  const initial = Object.fromEntries(
    (['lastUserText', 'systemPrompt', 'maxTokens'] as const).map((name) => [
      name,
      content.editable.find((field) => field.name === name)?.initial ?? '',
    ]),
  ) as Record<SamplingField, string>;
  // The call's own signal when the host passed none: a server that gives up closes the sheet.
  const signal = options.signal ?? call.signal;
  const state = createState<SamplingState>({
    status: signal?.aborted ? 'closed' : 'open',
    answer: null,
    focused: DEFAULT_FOCUS,
    grain: 'once',
    editing: false,
    values: initial,
    expanded: new Set(),
  });
  const guard = new InputGuard(options.clock, options.guardMs ?? DEFAULT_GUARD_MS, state.notify);
  const detach = closeOnAbort(state, signal);
  const send = samplingActions(content, state, guard, options);
  return {
    connect: cachedView(state, guard, (current, shown) =>
      connectSampling(content, current, shown, send),
    ),
    ...modelLifecycle(state, guard, detach),
  };
}

/** The transitions: one answer, while open and after the guard; Edit only opens the form. */
function samplingActions(
  content: SamplingContent,
  state: Store<SamplingState>,
  guard: InputGuard,
  options: SamplingPromptOptions,
): SamplingActions {
  const order = actionsOf(content.step);
  const settle = (answer: SamplingAnswer, action: SamplingAction): AnswerOutcome => {
    state.set({ status: 'answered', answer, focused: { kind: 'action', action } });
    guard.dispose();
    options.onAnswer?.(answer);
    return { accepted: true };
  };
  const choose = (action: SamplingAction): AnswerOutcome => {
    const current = state.get();
    if (current.status !== 'open') return { accepted: false, reason: 'settled' };
    if (guard.active) return { accepted: false, reason: 'guard' };
    if (!order.includes(action)) return { accepted: false, reason: 'disabled' };
    if (action === 'edit') {
      const first = content.editable[0]?.name;
      state.set({
        editing: !current.editing,
        focused:
          !current.editing && first ? { kind: 'field', name: first } : { kind: 'action', action },
      });
      return { accepted: true };
    }
    if (content.step === 'response')
      return settle(action === 'send' ? { action: 'send' } : { action: 'deny' }, action);
    if (action === 'deny') return settle({ action: 'deny', grain: current.grain }, action);
    if (!current.editing) return settle({ action: 'approve', grain: current.grain }, action);
    if (editErrors(content, current).size > 0) return { accepted: false, reason: 'disabled' };
    const edits = editsOf(content, current);
    return settle({ action: 'approve', grain: current.grain, ...(edits ? { edits } : {}) }, action);
  };
  const handleKey: SamplingActions['handleKey'] = (input) => {
    const key = toKeyInput(input);
    const binding = resolveKey(content.keymap, key);
    if (!binding) return { handled: false };
    const focused = state.get().focused;
    // Typing in an edit field is the field's own, except Escape, which denies everywhere.
    if (focused.kind === 'field' && binding.intent !== 'escape') return { handled: false };
    if (binding.intent.startsWith('focus-') && focused.kind === 'action') {
      state.set({
        focused: { kind: 'action', action: focusStep(order, focused.action, binding.intent) },
      });
      return { handled: true };
    }
    // A held key (auto-repeat) or IME composition is never an answer.
    if (key.repeat || key.isComposing)
      return { handled: true, outcome: { accepted: false, reason: 'guard' } };
    if (binding.intent === 'escape') return { handled: true, outcome: choose('deny') };
    if (binding.intent === 'choose') return { handled: true, outcome: choose(binding.action!) };
    if (binding.intent === 'activate-focused' && focused.kind === 'action')
      return { handled: true, outcome: choose(focused.action) };
    return { handled: false };
  };
  return {
    choose,
    handleKey,
    focus: (target) => {
      if (target.kind === 'field' && !state.get().editing) return;
      state.set({ focused: target });
    },
    setGrain: (grain) => {
      if (content.step === 'request' && state.get().status === 'open') state.set({ grain });
    },
    setValue: (name, value) => {
      const current = state.get();
      if (!current.editing || current.status !== 'open') return;
      if (!content.editable.some((field) => field.name === name)) return;
      state.set({ values: { ...current.values, [name]: value } });
    },
    toggleBlock: (id, expanded) => {
      const current = state.get().expanded;
      const next = expanded ?? !current.has(id);
      if (next === current.has(id)) return;
      const set = new Set(current);
      if (next) set.add(id);
      else set.delete(id);
      state.set({ expanded: set });
    },
  };
}
