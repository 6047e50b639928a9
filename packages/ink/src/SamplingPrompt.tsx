import { useState } from 'react';
import { Box, useIsScreenReaderEnabled, type Key } from 'ink';
import type { Clock } from '@mcp-consent/engine';
import {
  sanitizeText,
  type SamplingApi,
  type SamplingField,
  type SamplingModel,
} from '@mcp-consent/prompt';
import { splitChunk, terminalKey, useTerminalInput, type TerminalKey } from './keys.js';
import { Lines } from './lines.js';
import { terminalColors } from './palette.js';
import { layoutSampling } from './sampling-layout.js';
import { frameOf, type TerminalPromptOptions } from './shared.js';
import { useInputGate, useTerminalSize } from './terminal.js';
import { useModel } from './use-model.js';

export interface SamplingPromptProps extends Omit<TerminalPromptOptions, 'translator' | 'locale'> {
  /**
   * The model to show, owned by the caller: `snapshot.current.model` of
   * `createConsentPresenter`, or `createSamplingPrompt(call, …)`. It sanitizes the server's text.
   */
  model: SamplingModel;
  /** The clock the model was built with: keys pressed inside its input guard are dropped. */
  clock: Clock;
}

/** Typed or pasted text, without anything that could steer the terminal. */
const typed = (text: string) => sanitizeText(text, { mode: 'remove', maxLength: 4000 }).text;

type Stop = { kind: 'field'; name: SamplingField } | { kind: 'grain' } | { kind: 'actions' };

/** Tab order: the edit fields (while editing), the grain (step 1), the answers. */
function stops(api: SamplingApi): Stop[] {
  return [
    ...(api.edit?.fields.map((f) => ({ kind: 'field' as const, name: f.name })) ?? []),
    ...(api.grain ? [{ kind: 'grain' as const }] : []),
    { kind: 'actions' },
  ];
}

/** Space or ←/→ switch the grain while it has the terminal's focus. */
const togglesGrain = (pressed: TerminalKey) =>
  (pressed.kind === 'key' && [' ', 'ArrowLeft', 'ArrowRight'].includes(pressed.input.key)) ||
  (pressed.kind === 'text' && pressed.text === ' ');

/**
 * An MCP sampling step in the terminal. Step 1: who asks, the risk and why, the messages
 * (images and audio as labels), the system prompt and parameters; 1 Approve, 2 Edit (the
 * last user message, the system prompt, the reply length, typed in place), 3 Deny; Tab
 * reaches "Your answer applies to", which Space or ←/→ switch. Step 2: the model's reply;
 * 1 Send, 2 Deny. Esc denies. PageUp/PageDown scroll the messages, `+` shows long text whole.
 */
export function SamplingPrompt(props: SamplingPromptProps) {
  const { model, clock } = props;
  const plain = useIsScreenReaderEnabled();
  const api = useModel(model);
  const { columns, rows } = useTerminalSize();
  const [bodyOffset, setBodyOffset] = useState(0);
  const [grainFocused, setGrainFocused] = useState(false);
  const gate = useInputGate();

  const frame = frameOf(plain, columns, rows);
  const layout = layoutSampling(api, {
    width: frame.width,
    rows: rows === undefined ? undefined : rows - 1 - frame.rows,
    plain,
    bodyOffset,
    grainFocused,
  });

  // Several keys can be handled in one go (a burst): the grain's focus is read from a ref.
  const grain = { focused: grainFocused };
  const focusGrain = (value: boolean) => {
    grain.focused = value;
    setGrainFocused(value);
  };

  const move = (step: 1 | -1) => {
    const now = model.connect();
    const order = stops(now);
    const focused = now.focused;
    const index = grain.focused
      ? order.findIndex((stop) => stop.kind === 'grain')
      : focused.kind === 'field'
        ? order.findIndex((stop) => stop.kind === 'field' && stop.name === focused.name)
        : order.length - 1;
    const next = order[(index + step + order.length) % order.length]!;
    focusGrain(next.kind === 'grain');
    // Leaving the fields lands on the safe answer: Enter then never approves by surprise.
    now.focus(
      next.kind === 'field'
        ? { kind: 'field', name: next.name }
        : { kind: 'action', action: 'deny' },
    );
  };

  const editKey = (now: SamplingApi, name: SamplingField, pressed: TerminalKey) => {
    const field = now.edit?.fields.find((f) => f.name === name);
    if (!field) return;
    const key = pressed.kind === 'key' ? pressed.input.key : '';
    if (key === 'Enter' || key === 'ArrowDown') return move(1);
    if (key === 'ArrowUp') return move(-1);
    if (key === 'Backspace' || key === 'Delete')
      return now.setValue(field.name, [...field.value].slice(0, -1).join(''));
    const text =
      pressed.kind === 'text'
        ? pressed.text
        : pressed.kind === 'key' &&
            [...key].length === 1 &&
            !pressed.input.ctrlKey &&
            !pressed.input.altKey
          ? key
          : '';
    if (text !== '') now.setValue(field.name, field.value + typed(text));
  };

  const handle = (pressed: TerminalKey, shift: boolean) => {
    const now = model.connect();
    const name = pressed.kind === 'key' ? pressed.input.key : '';
    if (name === 'PageDown')
      return setBodyOffset((o) => Math.min(layout.bodyLines - 1, o + layout.bodyRows));
    if (name === 'PageUp') return setBodyOffset((o) => Math.max(0, o - layout.bodyRows));
    if (name === 'Tab') return move(shift ? -1 : 1);
    if (pressed.kind === 'key' && name === 'Escape') return now.handleKey(pressed.input);
    if (grain.focused && now.grain && togglesGrain(pressed)) {
      return now.setGrain(now.grain.options.find((option) => !option.selected)!.value);
    }
    const focused = now.focused;
    if (focused.kind === 'field') return editKey(now, focused.name, pressed);
    if (name === '+' || (pressed.kind === 'text' && pressed.text === '+')) {
      for (const block of expandable(now)) now.toggleBlock(block, true);
      return;
    }
    if (pressed.kind === 'key') now.handleKey(pressed.input);
    else if (pressed.kind === 'text' && !pressed.pasted) now.handleKey(pressed.text);
  };

  const onKey = (input: string, key: Key) => {
    const pressed = terminalKey(input, key);
    if (!pressed) return;
    if (pressed.kind === 'interrupt') return props.onInterrupt?.();
    if (!gate.current || clock.now() < model.connect().guard.endsAt) return;
    // Keys that came in one chunk (a paste) are handled one by one, never as an answer.
    const keys = pressed.kind === 'text' && pressed.pasted ? splitChunk(pressed.text) : [pressed];
    for (const each of keys) handle(each, keys.length === 1 && key.shift);
  };
  useTerminalInput(onKey, { isActive: api.status === 'open' });

  if (api.status !== 'open') return null;
  const color = props.color ?? true;
  const role = api.risk.colorRole;
  return (
    <Box
      flexDirection="column"
      width={columns}
      {...(frame.boxed
        ? {
            borderStyle: 'round' as const,
            paddingX: 1,
            ...(color ? { borderColor: terminalColors[role] } : {}),
          }
        : {})}
    >
      <Lines lines={layout.lines} color={color} role={role} width={frame.width} />
    </Box>
  );
}

/** Ids of the text blocks that are cut. */
function expandable(api: SamplingApi): string[] {
  const blocks = [
    ...api.messages.flatMap((m) => m.blocks),
    ...(api.systemPrompt ? [api.systemPrompt.block] : []),
    ...(api.response?.blocks ?? []),
  ];
  return blocks.filter((b) => b.kind === 'text' && b.truncated && !b.expanded).map((b) => b.id);
}
