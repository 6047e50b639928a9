import type { Key } from 'ink';
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
