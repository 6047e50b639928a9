import { useState } from 'react';
import { Box, useIsScreenReaderEnabled, type Key } from 'ink';
import type { Clock } from '@mcp-consent/engine';
import {
  sanitizeText,
  type ElicitationFocus,
  type ElicitationFormApi,
  type ElicitationModel,
  type FieldView,
} from '@mcp-consent/prompt';
import { focusOrder, layoutElicitation, sameFocus } from './elicitation-layout.js';
import { splitChunk, terminalKey, useTerminalInput, type TerminalKey } from './keys.js';
import { Lines } from './lines.js';
import { frameOf, useTranslator, type TerminalPromptOptions } from './shared.js';
import { useInputGate, useTerminalSize } from './terminal.js';
import { useModel } from './use-model.js';

export interface ElicitationPromptProps extends TerminalPromptOptions {
  /**
   * The model to show, owned by the caller: `snapshot.current.model` of
   * `createConsentPresenter`, or `createElicitationPrompt(params, { server, … })`. Its
   * `onResult` receives the result; the model sanitizes the server's text.
   */
  model: ElicitationModel;
  /** The clock the model was built with: keys pressed inside its input guard are dropped. */
  clock: Clock;
}

const TEXT_KINDS = new Set(['text', 'email', 'url', 'date', 'datetime', 'number', 'integer']);
const editable = (field: FieldView | undefined) => !!field && TEXT_KINDS.has(field.kind);
/** Typed or pasted text, without anything that could steer the terminal. */
const typed = (text: string) => sanitizeText(text, { mode: 'remove', maxLength: 4000 }).text;

/**
 * An MCP elicitation in the terminal: the server and its message (untrusted, shown
 * through the model's sanitizer, its markdown as bold, italic and inverse text), then a
 * form (Tab, arrows or Enter move between fields and actions, Enter in the last field
 * submits, typing edits text, Space or ←/→ change choices) or a link shown in full with its
 * host highlighted (opened by the host only after "Open link"), then the numbered answers:
 * Not now, Decline, Accept. Esc cancels; the key hint of a form says what Enter does. Keys that
 * arrive together (a paste, "Tab Tab" in one read) move focus one field per Tab and never answer.
 */
export function ElicitationPrompt(props: ElicitationPromptProps) {
  const { model, clock } = props;
  const plain = useIsScreenReaderEnabled();
  const api = useModel(model);
  // The terminal's own copy (what Enter does here), in the model's language unless told.
  const t = useTranslator(props.translator, props.locale ?? api.locale);
  const { columns, rows } = useTerminalSize();
  const [messageOffset, setMessageOffset] = useState(0);
  const [optionCursor, setOptionCursor] = useState(0);
  const gate = useInputGate();

  const frame = frameOf(plain, columns, rows);
  const layout = layoutElicitation(api, {
    width: frame.width,
    rows: rows === undefined ? undefined : rows - 1 - frame.rows,
    plain,
    messageOffset,
    optionCursor,
    formKeyHint: t.t('mcp.elicitation.keys.form'),
  });

  // Several keys can be handled in one go (a burst): each reads the model as it is now.
  const move = (step: 1 | -1, toPrimary = false) => {
    const now = model.connect();
    const order = focusOrder(now);
    const index = order.findIndex((entry) => sameFocus(entry, now.focused));
    let next = order[(index + step + order.length) % order.length]!;
    // Enter past the last field goes to the primary answer, not the first of the row.
    if (toPrimary && next.kind === 'action') next = { kind: 'action', action: 'accept' };
    if (now.mode === 'form' && now.focused.kind === 'field') now.blur(now.focused.name);
    setOptionCursor(0);
    now.focus(next);
  };

  const handle = (pressed: TerminalKey, shift: boolean) => {
    const now = model.connect();
    const name = pressed.kind === 'key' ? pressed.input.key : '';
    const page = Math.max(1, layout.messageShown - 1);
    if (name === 'PageDown') return setMessageOffset((offset) => offset + page);
    if (name === 'PageUp') return setMessageOffset((offset) => Math.max(0, offset - page));
    if (name === 'Tab') return move(shift ? -1 : 1);
    if (name === 'ArrowDown') return move(1);
    if (name === 'ArrowUp') return move(-1);
    if (now.mode === 'form' && now.focused.kind === 'field') {
      if (editField(now, now.focused, pressed, optionCursor, setOptionCursor)) return;
      // Enter goes to the next field. In the last one a text field submits (a failed submit
      // focuses the first field to fix) and a checkbox or choice goes on to Submit.
      if (name === 'Enter' && pressed.kind === 'key') {
        const last = now.form.fields.at(-1)?.name === now.focused.name;
        if (!last || !now.handleKey(pressed.input).handled) move(1, true);
        return;
      }
    }
    if (pressed.kind === 'key') now.handleKey(pressed.input);
  };

  const onKey = (input: string, key: Key) => {
    const pressed = terminalKey(input, key);
    if (!pressed) return;
    if (pressed.kind === 'interrupt') return props.onInterrupt?.();
    if (!gate.current || clock.now() < model.connect().guard.endsAt) return;
    // Keys that came in one chunk ("\t\t", "Ada\t") are handled one by one, never as an answer.
    const keys = pressed.kind === 'text' && pressed.pasted ? splitChunk(pressed.text) : [pressed];
    for (const each of keys) handle(each, keys.length === 1 && key.shift);
  };
  useTerminalInput(onKey, { isActive: api.status === 'open' });

  if (api.status !== 'open') return null;
  const color = props.color ?? true;
  return (
    <Box
      flexDirection="column"
      width={columns}
      {...(frame.boxed ? { borderStyle: 'round' as const, paddingX: 1 } : {})}
    >
      <Lines lines={layout.lines} color={color} width={frame.width} />
    </Box>
  );
}

/** What editing a field needs from its form; the args editor (issue 17) fits too. */
export interface FieldHost {
  form: { fields: readonly FieldView[] };
  setValue: ElicitationFormApi['setValue'];
}

/** Edits the focused field; true when the key was used. */
export function editField(
  api: FieldHost,
  focused: Extract<ElicitationFocus, { kind: 'field' }>,
  pressed: TerminalKey,
  cursor: number,
  setCursor: (index: number) => void,
): boolean {
  const field = api.form.fields.find((entry) => entry.name === focused.name);
  if (!field) return false;
  const name = pressed.kind === 'key' ? pressed.input.key : '';
  if (editable(field)) {
    const value = String(field.value);
    if (name === 'Backspace' || name === 'Delete') {
      api.setValue(field.name, [...value].slice(0, -1).join(''));
      return true;
    }
    const text =
      pressed.kind === 'text'
        ? pressed.text
        : pressed.kind === 'key' &&
            [...name].length === 1 &&
            !pressed.input.ctrlKey &&
            !pressed.input.altKey
          ? name
          : '';
    if (text === '') return false;
    api.setValue(field.name, value + typed(text));
    return true;
  }
  const step = name === 'ArrowLeft' ? -1 : name === 'ArrowRight' || name === ' ' ? 1 : 0;
  if (field.kind === 'boolean' && step !== 0) {
    api.setValue(field.name, field.value !== true);
    return true;
  }
  if (field.kind === 'select' && step !== 0 && field.options.length > 0) {
    const index = field.options.findIndex((option) => option.value === field.value);
    const next =
      (index + step + field.options.length + (index < 0 && step < 0 ? 1 : 0)) %
      field.options.length;
    api.setValue(field.name, field.options[next]!.value);
    return true;
  }
  if (field.kind === 'multiselect' && field.options.length > 0) {
    if (name === 'ArrowLeft' || name === 'ArrowRight') {
      setCursor(
        (cursor + (name === 'ArrowLeft' ? -1 : 1) + field.options.length) % field.options.length,
      );
      return true;
    }
    if (name === ' ') {
      const option = field.options[cursor]!.value;
      const list = Array.isArray(field.value) ? (field.value as readonly string[]) : [];
      api.setValue(
        field.name,
        list.includes(option) ? list.filter((value) => value !== option) : [...list, option],
      );
      return true;
    }
  }
  return false;
}
