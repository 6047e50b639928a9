import { useRef, useState } from 'react';
import type { Key } from 'ink';
import type { ArgsEditorApi, PermissionModel } from '@mcp-consent/prompt';
import { editField } from './ElicitationPrompt.js';
import { fieldLines } from './elicitation-layout.js';
import { splitChunk, terminalKey, useTerminalInput, type TerminalKey } from './keys.js';
import type { Line } from './lines.js';

/** The key that starts editing the arguments (a key, not copy). */
export const EDIT_KEY = 'e';

/** Where the terminal's editing is: the model holds the values, this only the cursor. */
export interface ArgsEditFocus {
  /** Keys go to the fields (a digit is text, not an answer). */
  editing: boolean;
  field: string | null;
  optionCursor: number;
}

const IDLE: ArgsEditFocus = { editing: false, field: null, optionCursor: 0 };

/**
 * "Edit arguments" as terminal lines, placed after the arguments preview (issue 17): while not
 * editing, `[e] Edit arguments` and the status (what Allow will run, or why it is off); while
 * editing, the hint, the elicitation form's own field lines, what is kept as asked and the keys
 * (`keysHint`; `null` when they are shown elsewhere: the prompt pins {@link argsEditKeys}
 * under its actions).
 */
export function argsEditLines(
  api: ArgsEditorApi | null | undefined,
  focus: ArgsEditFocus,
  plain: boolean,
  keysHint: string | null,
): Line[] {
  if (!api) return [];
  const status: Line[] =
    api.status === null
      ? []
      : [
          {
            key: 'edit-status',
            spans: [{ text: api.status, tone: api.blockedReason ? 'error' : 'notice' }],
            indent: 2,
          },
        ];
  if (!focus.editing || !api.open) {
    return [
      { key: 'edit-toggle', spans: [{ text: `[${EDIT_KEY}] ${api.heading}`, tone: 'strong' }] },
      ...status,
    ];
  }
  const labels = {
    yes: api.form.yesLabel,
    no: api.form.noLabel,
    choose: api.form.choosePlaceholder,
  };
  const options = { plain, optionCursor: focus.optionCursor };
  return [
    { key: 'edit-heading', spans: [{ text: api.heading, tone: 'strong' }] },
    { key: 'edit-hint', spans: [{ text: api.hint, tone: 'dim' }], indent: 2 },
    ...api.form.fields.flatMap((field) =>
      fieldLines(field, field.name === focus.field, options, labels),
    ),
    ...(api.readOnly === null
      ? []
      : [
          {
            key: 'edit-readonly',
            spans: [{ text: api.readOnly, tone: 'dim' as const }],
            indent: 2,
          },
        ]),
    ...status,
    ...(keysHint === null
      ? []
      : [{ key: 'edit-keys', spans: [{ text: keysHint, tone: 'dim' as const }], indent: 2 }]),
  ];
}

/** The editor's keys as the line under the actions, while the editor has the keys. */
export const argsEditKeys = (keysHint: string): Line => ({
  key: 'edit-keys',
  spans: [{ text: keysHint, tone: 'dim' }],
});

/**
 * One pointer at a time: while keys go to the fields, the field has it and no action shows
 * one; Enter or Esc gives it back to the action the model has focused.
 */
export function withEditFocus<V extends { actions: readonly { focused: boolean }[] }>(
  api: V,
  focus: ArgsEditFocus,
): V {
  if (!focus.editing) return api;
  return { ...api, actions: api.actions.map((action) => ({ ...action, focused: false })) };
}

/**
 * The keys of "Edit arguments" in the terminal: `start()` opens the editor on its first field;
 * then Tab/↓ and Shift+Tab/↑ move between fields, typing edits (as in the elicitation prompt),
 * Enter keeps the edits and gives the keys back to the prompt, Esc discards them. `accept`
 * drops keys typed before the prompt appeared. Reads the model fresh for every key of a burst.
 */
export function useArgsEditor(
  model: PermissionModel,
  options: { isActive: boolean; accept: () => boolean; onInterrupt?: () => void },
) {
  const [focus, setFocusState] = useState<ArgsEditFocus>(IDLE);
  // Several keys can arrive in one read: each sees the focus the one before left.
  const latest = useRef(focus);
  const setFocus = (next: ArgsEditFocus) => {
    latest.current = next;
    setFocusState(next);
  };
  const current = () => model.connect().editor ?? null;

  const start = () => {
    const api = current();
    if (!api) return;
    api.setOpen(true);
    setFocus({ editing: true, field: api.form.fields[0]?.name ?? null, optionCursor: 0 });
  };

  const move = (api: ArgsEditorApi, step: 1 | -1) => {
    const now = latest.current;
    if (now.field !== null) api.blur(now.field);
    const fields = api.form.fields;
    const index = fields.findIndex((field) => field.name === now.field);
    const next = fields[(index + step + fields.length) % fields.length]?.name ?? null;
    setFocus({ ...now, field: next, optionCursor: 0 });
  };

  const handle = (pressed: TerminalKey, shift: boolean) => {
    const api = current();
    if (!api) return setFocus(IDLE);
    const name = pressed.kind === 'key' ? pressed.input.key : '';
    if (name === 'Escape') {
      api.setOpen(false);
      return setFocus(IDLE);
    }
    if (name === 'Enter') {
      for (const each of api.form.fields) api.blur(each.name);
      return setFocus(IDLE);
    }
    if (name === 'Tab') return move(api, shift ? -1 : 1);
    if (name === 'ArrowDown') return move(api, 1);
    if (name === 'ArrowUp') return move(api, -1);
    const now = latest.current;
    if (now.field === null) return;
    editField(api, { kind: 'field', name: now.field }, pressed, now.optionCursor, (optionCursor) =>
      setFocus({ ...latest.current, optionCursor }),
    );
  };

  const onKey = (input: string, key: Key) => {
    const pressed = terminalKey(input, key);
    if (!pressed) return;
    if (pressed.kind === 'interrupt') return options.onInterrupt?.();
    if (!options.accept()) return;
    const keys = pressed.kind === 'text' && pressed.pasted ? splitChunk(pressed.text) : [pressed];
    for (const each of keys) handle(each, keys.length === 1 && key.shift);
  };
  useTerminalInput(onKey, { isActive: options.isActive && focus.editing });

  return { focus, start };
}
