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
import { ANSWERS, connectDryRun } from './connect.js';
import { describeDryRun } from './content.js';
import type {
  DryRunActions,
  DryRunAnswer,
  DryRunContent,
  DryRunModel,
  DryRunPromptOptions,
  DryRunRequest,
  DryRunState,
} from './types.js';

/**
 * The model of a dry-run preview (two-key confirmation, seed 001): what the tool would
 * have done, redacted and sanitized, with Approve (re-issue with confirmation) and Deny.
 * Deny is focused and Escape denies: the call already proved to be destructive.
 */
export function createDryRunPrompt(
  request: DryRunRequest,
  options: DryRunPromptOptions,
): DryRunModel {
  const content = describeDryRun(request, options, resolveTranslator(options));
  const state = createState<DryRunState>({
    status: options.signal?.aborted ? 'closed' : 'open',
    answer: null,
    focused: 'deny',
    expanded: false,
  });
  const guard = new InputGuard(options.clock, options.guardMs ?? DEFAULT_GUARD_MS, state.notify);
  const detach = closeOnAbort(state, options.signal);
  const send = dryRunActions(content, state, guard, options);
  return {
    connect: cachedView(state, guard, (current, shown) =>
      connectDryRun(content, current, shown, send),
    ),
    ...modelLifecycle(state, guard, detach),
  };
}

/** The transitions: one answer, while open and after the guard; arrows move focus. */
function dryRunActions(
  content: DryRunContent,
  state: Store<DryRunState>,
  guard: InputGuard,
  options: DryRunPromptOptions,
): DryRunActions {
  const choose = (answer: DryRunAnswer): AnswerOutcome => {
    if (state.get().status !== 'open') return { accepted: false, reason: 'settled' };
    if (guard.active) return { accepted: false, reason: 'guard' };
    state.set({ status: 'answered', answer, focused: answer });
    guard.dispose();
    options.onAnswer?.(answer);
    return { accepted: true };
  };
  const focus = (answer: DryRunAnswer) => {
    if (state.get().focused !== answer) state.set({ focused: answer });
  };
  const handleKey: DryRunActions['handleKey'] = (input) => {
    const key = toKeyInput(input);
    const binding = resolveKey(content.keymap, key);
    if (!binding) return { handled: false };
    if (binding.intent.startsWith('focus-')) {
      focus(focusStep(ANSWERS, state.get().focused, binding.intent));
      return { handled: true };
    }
    // A held key (auto-repeat) or IME composition is never an answer.
    if (key.repeat || key.isComposing)
      return { handled: true, outcome: { accepted: false, reason: 'guard' } };
    const answer = binding.intent === 'escape' ? 'deny' : state.get().focused;
    return { handled: true, outcome: choose(answer) };
  };
  const togglePreview = (expanded?: boolean) => {
    const next = expanded ?? !state.get().expanded;
    if (content.preview.truncated && next !== state.get().expanded) state.set({ expanded: next });
  };
  return { choose, handleKey, togglePreview, focus };
}
