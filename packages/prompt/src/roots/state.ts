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
import { connectRoots, focusOrder } from './connect.js';
import { describeRoots } from './content.js';
import type {
  RootsActions,
  RootsAnswer,
  RootsContent,
  RootsFocus,
  RootsGrain,
  RootsModel,
  RootsPromptOptions,
  RootsRequest,
  RootsResult,
  RootsState,
} from './types.js';

/**
 * The model of a server's `roots/list`: who asks, the host's roots as checkboxes (none checked),
 * how long the choice holds (remembered for this server, or only this time), and Share selected
 * or Share none. Share none is focused and Escape shares none, only this time.
 */
export function createRootsPrompt(request: RootsRequest, options: RootsPromptOptions): RootsModel {
  const content = describeRoots(request, options, resolveTranslator(options));
  const state = createState<RootsState>({
    status: options.signal?.aborted ? 'closed' : 'open',
    result: null,
    checked: content.roots.map(() => false),
    grain: 'server',
    focused: 'share_none',
  });
  const guard = new InputGuard(options.clock, options.guardMs ?? DEFAULT_GUARD_MS, state.notify);
  const detach = closeOnAbort(state, options.signal);
  const send = rootsActions(content, state, guard, options);
  return {
    connect: cachedView(state, guard, (current, shown) =>
      connectRoots(content, current, shown, send),
    ),
    ...modelLifecycle(state, guard, detach),
  };
}

/** The transitions: toggles and grains while open, one answer after the guard, focus moves. */
function rootsActions(
  content: RootsContent,
  state: Store<RootsState>,
  guard: InputGuard,
  options: RootsPromptOptions,
): RootsActions {
  const order = focusOrder(content.roots.length);
  const refused = (): AnswerOutcome | null => {
    if (state.get().status !== 'open') return { accepted: false, reason: 'settled' };
    // A key typed for something else must not even tick a box.
    if (guard.active) return { accepted: false, reason: 'guard' };
    return null;
  };
  const toggle = (index: number, checked?: boolean): AnswerOutcome => {
    const no = refused();
    if (no) return no;
    const current = state.get().checked;
    if (!Number.isInteger(index) || index < 0 || index >= current.length)
      return { accepted: false, reason: 'disabled' };
    const next = checked ?? !current[index];
    if (next !== current[index])
      state.set({ checked: current.map((value, i) => (i === index ? next : value)) });
    return { accepted: true };
  };
  const setGrain = (grain: RootsGrain): AnswerOutcome => {
    const no = refused();
    if (no) return no;
    if (state.get().grain !== grain) state.set({ grain });
    return { accepted: true };
  };
  const settle = (answer: RootsAnswer, grain: RootsGrain): AnswerOutcome => {
    const no = refused();
    if (no) return no;
    const { checked } = state.get();
    const uris =
      answer === 'share' ? content.roots.filter((_, i) => checked[i]).map((root) => root.raw) : [];
    // Share selected with nothing ticked shares nothing: it is recorded as such.
    const result: RootsResult = { answer: uris.length > 0 ? answer : 'share_none', uris, grain };
    state.set({ status: 'answered', result, focused: answer });
    guard.dispose();
    options.onResult?.(result);
    return { accepted: true };
  };
  const choose = (answer: RootsAnswer) => settle(answer, state.get().grain);
  const focus = (target: RootsFocus) => {
    if (order.includes(target) && state.get().focused !== target) state.set({ focused: target });
  };
  /** Space, Enter or a click on the focused control. */
  const activate = (target: RootsFocus): AnswerOutcome => {
    if (target.startsWith('root-')) return toggle(Number(target.slice('root-'.length)));
    if (target.startsWith('grain-')) return setGrain(target.slice('grain-'.length) as RootsGrain);
    return choose(target as RootsAnswer);
  };
  const handleKey: RootsActions['handleKey'] = (input) => {
    const key = toKeyInput(input);
    if (key.ctrlKey || key.metaKey || key.altKey) return { handled: false };
    // A held key (auto-repeat) or IME composition neither ticks a box nor answers.
    const held = key.repeat || key.isComposing;
    const number = /^[1-9]$/.test(key.key) ? Number(key.key) - 1 : -1;
    if (number >= 0 && number < content.roots.length) {
      focus(`root-${number}`);
      return { handled: true, outcome: held ? guardOutcome : toggle(number) };
    }
    if (key.key === ' ' || key.key === 'Spacebar')
      return { handled: true, outcome: held ? guardOutcome : activate(state.get().focused) };
    const binding = resolveKey(content.keymap, key);
    if (!binding) return { handled: false };
    if (binding.intent.startsWith('focus-')) {
      focus(focusStep(order, state.get().focused, binding.intent));
      return { handled: true };
    }
    if (held) return { handled: true, outcome: guardOutcome };
    // Escape shares nothing and remembers nothing: the server may ask again.
    if (binding.intent === 'escape')
      return { handled: true, outcome: settle('share_none', 'once') };
    return { handled: true, outcome: activate(state.get().focused) };
  };
  return { toggle, setGrain, choose, handleKey, focus };
}

const guardOutcome: AnswerOutcome = { accepted: false, reason: 'guard' };
