import type { Choice } from '@mcp-consent/engine';
import type { Direction } from '@mcp-consent/i18n';
import type { KeyInput } from './core.js';

export type KeyIntent =
  | 'choose'
  | 'activate-focused'
  | 'escape'
  | 'focus-previous'
  | 'focus-next'
  | 'focus-first'
  | 'focus-last';

/** One entry of a model's keymap: `KeyboardEvent.key` values and what they do. */
export interface KeyBinding<A extends string = string> {
  keys: readonly string[];
  intent: KeyIntent;
  /** The action chosen (`choose`, `escape`). */
  action?: A;
}

/** Arrow, Home and End navigation; left and right swap in right-to-left layouts. */
export function navigationBindings(dir: Direction): KeyBinding<never>[] {
  const [back, forward] = dir === 'rtl' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight'];
  return [
    { keys: [back, 'ArrowUp'], intent: 'focus-previous' },
    { keys: [forward, 'ArrowDown'], intent: 'focus-next' },
    { keys: ['Home'], intent: 'focus-first' },
    { keys: ['End'], intent: 'focus-last' },
  ];
}

/** The permission keymap: 1–4 in spec R3 order, Enter, Escape = Deny once, arrows. */
export function keymapFor(dir: Direction): readonly KeyBinding<Choice>[] {
  return [
    { keys: ['1'], intent: 'choose', action: 'allow_once' },
    { keys: ['2'], intent: 'choose', action: 'allow_always' },
    { keys: ['3'], intent: 'choose', action: 'deny_once' },
    { keys: ['4'], intent: 'choose', action: 'deny_always' },
    { keys: ['Enter'], intent: 'activate-focused' },
    { keys: ['Escape', 'Esc'], intent: 'escape', action: 'deny_once' },
    ...navigationBindings(dir),
  ];
}

/** The binding for a key press; shortcuts with Ctrl, Alt or Meta belong to the host. */
export function resolveKey<A extends string>(
  keymap: readonly KeyBinding<A>[],
  input: KeyInput,
): KeyBinding<A> | undefined {
  if (input.ctrlKey || input.metaKey || input.altKey) return undefined;
  return keymap.find((binding) => binding.keys.includes(input.key));
}

/** The next item to focus for a navigation intent, wrapping around. */
export function focusStep<T>(order: readonly T[], current: T, intent: KeyIntent): T {
  const index = Math.max(0, order.indexOf(current));
  if (intent === 'focus-first') return order[0]!;
  if (intent === 'focus-last') return order[order.length - 1]!;
  const step = intent === 'focus-previous' ? -1 : 1;
  return order[(index + step + order.length) % order.length]!;
}
