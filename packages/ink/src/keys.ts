import { useRef } from 'react';
import { useInput, type Key } from 'ink';
import type { KeyInput } from '@mcp-consent/prompt';

/** What a key press in the terminal means to a prompt. */
export type TerminalKey =
  | { kind: 'key'; input: KeyInput }
  /** Printable text typed (one character) or pasted (several): never an answer. */
  | { kind: 'text'; text: string; pasted: boolean }
  /** Ctrl+C: the user wants out. */
  | { kind: 'interrupt' };

const NAMED: readonly (readonly [keyof Key, string])[] = [
  ['return', 'Enter'],
  ['escape', 'Escape'],
  ['upArrow', 'ArrowUp'],
  ['downArrow', 'ArrowDown'],
  ['leftArrow', 'ArrowLeft'],
  ['rightArrow', 'ArrowRight'],
  ['home', 'Home'],
  ['end', 'End'],
  ['pageUp', 'PageUp'],
  ['pageDown', 'PageDown'],
  ['tab', 'Tab'],
  ['backspace', 'Backspace'],
  ['delete', 'Delete'],
];

/**
 * Ink's `useInput`, except that keys which arrived together (one read of the terminal: a
 * paste, fast typing, keys buffered while the app was busy) are handed over as a burst:
 * their `eventType` is `'repeat'`, so, like a held key, they can move focus but never answer
 * (the models refuse an answer from a repeated key). Ink splits a chunk into several events
 * only at escape sequences ("↑" then "\r"), all synchronously: they are collected and
 * handed over one microtask later, each knowing whether it came alone.
 */
export function useTerminalInput(
  handler: (input: string, key: Key) => void,
  options: { isActive?: boolean } = {},
): void {
  const pending = useRef<[string, Key][]>([]);
  const latest = useRef(handler);
  latest.current = handler;
  useInput((input, key) => {
    pending.current.push([input, key]);
    if (pending.current.length > 1) return;
    queueMicrotask(() => {
      const events = pending.current;
      pending.current = [];
      for (const [text, pressed] of events) {
        latest.current(text, events.length > 1 ? { ...pressed, eventType: 'repeat' } : pressed);
      }
    });
  }, options);
}

/** The keys a chunk of several characters stands for. */
const CONTROL: Readonly<Record<string, string>> = {
  '\t': 'Tab',
  '\r': 'Enter',
  '\n': 'Enter',
  '\u007F': 'Backspace',
  '\b': 'Backspace',
};

/**
 * A chunk of several characters (a paste, or fast typing delivered in one read) as the keys it
 * holds, for forms: Tab, Enter and Backspace become keys marked `repeat` (they may move focus
 * or edit, never answer), the text between them stays pasted text. "\t\t" is two Tabs.
 */
export function splitChunk(text: string): TerminalKey[] {
  const out: TerminalKey[] = [];
  let run = '';
  for (const char of text) {
    const name = CONTROL[char];
    if (name === undefined) {
      run += char;
      continue;
    }
    if (run !== '') out.push({ kind: 'text', text: run, pasted: true });
    run = '';
    out.push({ kind: 'key', input: { key: name, repeat: true } });
  }
  if (run !== '') out.push({ kind: 'text', text: run, pasted: true });
  return out;
}

/**
 * Turns Ink's `(input, key)` into the `KeyboardEvent.key` names the prompt models
 * understand. Pasted text (more than one character in one read) is reported as such,
 * so a paste that happens to contain "1" or a newline never answers a prompt.
 */
export function terminalKey(input: string, key: Key): TerminalKey | null {
  if (key.ctrl && input === 'c') return { kind: 'interrupt' };
  const repeat = key.eventType === 'repeat';
  if (key.eventType === 'release') return null;
  for (const [flag, name] of NAMED) {
    if (key[flag] === true) {
      return {
        kind: 'key',
        // Ink sets `meta` for a bare Escape; only a real modifier makes it foreign.
        input: {
          key: name,
          ctrlKey: key.ctrl,
          altKey: name === 'Escape' ? false : key.meta,
          repeat,
        },
      };
    }
  }
  if (input === '') return null;
  if (key.ctrl || key.meta) {
    return { kind: 'key', input: { key: input, ctrlKey: key.ctrl, altKey: key.meta, repeat } };
  }
  const chars = [...input];
  if (chars.length > 1) return { kind: 'text', text: input, pasted: true };
  return { kind: 'key', input: { key: input, repeat } };
}
