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
import { ANSWERS, connectResultReview } from './connect.js';
import { describeResultReview } from './content.js';
import type {
  ResultReviewActions,
  ResultReviewAnswer,
  ResultReviewModel,
  ResultReviewPromptOptions,
  ResultReviewRequest,
  ResultReviewState,
} from './types.js';

/**
 * The model of a result review: an allowed tool call's result, held back until the user says
 * whether the model may see it. Send to the model is focused; Escape withholds it.
 */
export function createResultReviewPrompt(
  request: ResultReviewRequest,
  options: ResultReviewPromptOptions,
): ResultReviewModel {
  const content = describeResultReview(request, options, resolveTranslator(options));
  const state = createState<ResultReviewState>({
    status: options.signal?.aborted ? 'closed' : 'open',
    result: null,
    focused: 'send',
  });
  const guard = new InputGuard(options.clock, options.guardMs ?? DEFAULT_GUARD_MS, state.notify);
  const detach = closeOnAbort(state, options.signal);
  const send = resultReviewActions(content.keymap, state, guard, options);
  return {
    connect: cachedView(state, guard, (current, shown) =>
      connectResultReview(content, current, shown, send),
    ),
    ...modelLifecycle(state, guard, detach),
  };
}

/** The transitions: one answer after the guard, focus moves. */
function resultReviewActions(
  keymap: ReturnType<typeof describeResultReview>['keymap'],
  state: Store<ResultReviewState>,
  guard: InputGuard,
  options: ResultReviewPromptOptions,
): ResultReviewActions {
  const choose = (answer: ResultReviewAnswer): AnswerOutcome => {
    if (state.get().status !== 'open') return { accepted: false, reason: 'settled' };
    if (guard.active) return { accepted: false, reason: 'guard' };
    if (!ANSWERS.includes(answer)) return { accepted: false, reason: 'disabled' };
    const result = { answer };
    state.set({ status: 'answered', result, focused: answer });
    guard.dispose();
    options.onResult?.(result);
    return { accepted: true };
  };
  const focus = (target: ResultReviewAnswer) => {
    if (ANSWERS.includes(target) && state.get().focused !== target) state.set({ focused: target });
  };
  const handleKey: ResultReviewActions['handleKey'] = (input) => {
    const key = toKeyInput(input);
    if (key.ctrlKey || key.metaKey || key.altKey) return { handled: false };
    const binding = resolveKey(keymap, key);
    if (!binding) return { handled: false };
    if (binding.intent.startsWith('focus-')) {
      focus(focusStep(ANSWERS, state.get().focused, binding.intent));
      return { handled: true };
    }
    // A held key (auto-repeat) or IME composition never answers.
    if (key.repeat || key.isComposing)
      return { handled: true, outcome: { accepted: false, reason: 'guard' } };
    if (binding.intent === 'activate-focused')
      return { handled: true, outcome: choose(state.get().focused) };
    return { handled: true, outcome: choose(binding.action ?? 'withhold') };
  };
  return { choose, handleKey, focus };
}
