import type { Choice, PromptRequest } from '@mcp-consent/engine';
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
import { connectPermission } from './connect.js';
import { describePermission, enabled } from './content.js';
import { answerFor, initialGrainState, NOTE_MAX_LENGTH } from './grains.js';
import {
  createArgsEditor,
  editBlocks,
  mountArgsEditor,
  withEditedArgs,
} from '../args-edit/index.js';
import type { ArgsEditor } from '../args-edit/index.js';
import type {
  KeyOutcome,
  PermissionActions,
  PermissionContent,
  PermissionModel,
  PermissionPromptOptions,
  PermissionState,
} from './types.js';

/**
 * The headless model of one permission prompt. Everything a renderer shows is computed
 * here, once, from the engine's `PromptRequest`: localized copy, the risk badge (the tier
 * comes from the engine, never re-derived), effect lines, the arguments preview, the four
 * actions with their enabled state, focus, keymap, ids and ARIA attributes. The only state
 * is the focused action, the show-more toggles, whether the change was opened and the answer.
 */
export function createPermissionPrompt(
  request: PromptRequest,
  options: PermissionPromptOptions,
): PermissionModel {
  const content = describePermission(request, options, resolveTranslator(options));
  const state = createState<PermissionState>({
    status: request.signal.aborted ? 'closed' : 'open',
    answer: null,
    focused: content.defaultFocus,
    argsExpanded: false,
    descriptionExpanded: false,
    changeOpen: false,
    changeSeen: false,
    queue: { position: request.position, total: request.queueLength },
    answerDetail: null,
    grain: initialGrainState(content),
    note: '',
    optionsOpen: false,
  });
  const guard = new InputGuard(options.clock, options.guardMs ?? DEFAULT_GUARD_MS, state.notify);
  const detach = closeOnAbort(state, request.signal);
  // "Edit arguments" (issue 17): its changes redraw the sheet; it gates and fills allow answers.
  const editor = createArgsEditor(request, { ...options, translator: content.t });
  // Once edits are what Allow will run, the sheet describes that call: the arguments preview
  // and the summary that quotes one show the edited values, never the ones replaced.
  let described = content;
  editor?.subscribe(() => {
    const result = editor.connect().result;
    const call = result.kind === 'edited' ? { ...request.call, args: result.args } : null;
    described = call ? describePermission({ ...request, call }, options, content.t) : content;
    state.set({});
  });
  const send = permissionActions(content, state, guard, options, editor, () => described);
  return {
    requestId: request.id,
    connect: cachedView(state, guard, (current, shown) =>
      mountArgsEditor(connectPermission(described, current, shown, send), editor),
    ),
    setQueue: (queue) => {
      const { position, total } = state.get().queue;
      if (queue.position !== position || queue.total !== total) state.set({ queue: { ...queue } });
    },
    ...modelLifecycle(state, guard, detach),
  };
}

/**
 * The transitions: an answer is taken once, while open, after the guard and only for an
 * enabled action; keys map through the keymap to focus moves or answers.
 */
function permissionActions(
  content: PermissionContent,
  state: Store<PermissionState>,
  guard: InputGuard,
  options: PermissionPromptOptions,
  editor: ArgsEditor | null,
  shownContent: () => PermissionContent,
): PermissionActions {
  const choose = (choice: Choice): AnswerOutcome => {
    if (state.get().status !== 'open') return { accepted: false, reason: 'settled' };
    if (guard.active) return { accepted: false, reason: 'guard' };
    if (!enabled(content, choice, state.get()) || editBlocks(editor, choice) !== null) {
      return { accepted: false, reason: 'disabled' };
    }
    const answer = withEditedArgs(editor, answerFor(content, state.get(), choice));
    state.set({ status: 'answered', answer: choice, answerDetail: answer, focused: choice });
    guard.dispose();
    // The second argument only when the answer says more than the choice (grain, note).
    if (answer === choice) options.onAnswer?.(choice);
    else options.onAnswer?.(choice, answer);
    return { accepted: true };
  };
  const focus = (choice: Choice) => {
    if (state.get().focused !== choice) state.set({ focused: choice });
  };
  const handleKey: PermissionActions['handleKey'] = (input): KeyOutcome => {
    const key = toKeyInput(input);
    const binding = resolveKey(content.keymap, key);
    if (!binding) return { handled: false };
    if (binding.intent.startsWith('focus-')) {
      const next = focusStep(content.focusOrder, state.get().focused, binding.intent);
      focus(next);
      return { handled: true, intent: 'focus', focused: next };
    }
    const choice =
      binding.intent === 'activate-focused' ? state.get().focused : (binding.action ?? 'deny_once');
    // A held key (auto-repeat) or IME composition is never an answer.
    if (key.repeat || key.isComposing)
      return { handled: true, intent: 'answer', choice, accepted: false, reason: 'guard' };
    return { handled: true, intent: 'answer', choice, ...choose(choice) };
  };
  const toggleArgs = (expanded?: boolean) => {
    const next = expanded ?? !state.get().argsExpanded;
    if (shownContent().args.truncated && next !== state.get().argsExpanded) {
      state.set({ argsExpanded: next });
    }
  };
  const toggleDescription = (expanded?: boolean) => {
    const next = expanded ?? !state.get().descriptionExpanded;
    const { collapsed, full } = content.fromServer;
    if (collapsed !== full && next !== state.get().descriptionExpanded) {
      state.set({ descriptionExpanded: next });
    }
  };
  const openChange = (open = true) => {
    const current = state.get();
    if (!content.change || current.status !== 'open') return;
    // Having seen the change once is what unlocks Allow always; closing it again keeps that.
    if (open !== current.changeOpen || (open && !current.changeSeen)) {
      state.set({ changeOpen: open, changeSeen: current.changeSeen || open });
    }
  };
  return {
    choose,
    handleKey,
    toggleArgs,
    toggleDescription,
    openChange,
    focus,
    ...grainActions(content, state),
  };
}

/**
 * The secondary controls: how long Allow always / Deny always hold, "only these exact
 * arguments", the deny note and the panel that holds them. Only while open; a value the
 * request did not offer is ignored, so an answer never carries a grain nobody was shown.
 */
function grainActions(
  content: PermissionContent,
  state: Store<PermissionState>,
): Pick<PermissionActions, 'setGrain' | 'setArgsOnly' | 'setNote' | 'toggleOptions'> {
  const open = () => content.grains !== null && state.get().status === 'open';
  return {
    setGrain: (decision, value) => {
      if (!open() || !content.grains![decision].some((option) => option.value === value)) return;
      const current = state.get().grain;
      if (current[decision].value === value) return;
      state.set({
        grain: { ...current, [decision]: { ...current[decision], value } },
      });
    },
    setArgsOnly: (decision, checked) => {
      const current = state.get().grain;
      if (!open() || current[decision].argsOnly === checked) return;
      state.set({ grain: { ...current, [decision]: { ...current[decision], argsOnly: checked } } });
    },
    setNote: (text) => {
      const note = String(text).slice(0, NOTE_MAX_LENGTH);
      if (open() && note !== state.get().note) state.set({ note });
    },
    toggleOptions: (next) => {
      const value = next ?? !state.get().optionsOpen;
      if (open() && value !== state.get().optionsOpen) state.set({ optionsOpen: value });
    },
  };
}
