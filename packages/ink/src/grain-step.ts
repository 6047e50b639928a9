import type { Translator } from '@mcp-consent/i18n';
import type { GrainDecision, GrainGroupView, KeyInput, PermissionApi } from '@mcp-consent/prompt';
import type { Line } from './lines.js';
import type { TerminalKey } from './keys.js';
import { SEP } from './scroll.js';

/** The key that opens "How long, and a note" at the decision of the focused action (a key, not copy). */
export const REMEMBER_KEY = 'r';
/** The key that opens the deny note (a key, not copy). */
export const NOTE_KEY = 'n';

/**
 * A numbered sub-step of the terminal prompt (issue 17): picking how long Allow always or Deny
 * always holds, or typing the deny note. `null`: the four answers, as always.
 */
export type GrainStep = { kind: 'remember'; decision: GrainDecision } | { kind: 'note' } | null;

const line = (
  key: string,
  text: string,
  tone: Line['spans'][number]['tone'],
  indent = 0,
): Line => ({
  key,
  spans: [{ text, tone }],
  indent,
});

/** The group a step shows: the decision asked for, else the other one (allow may be once only). */
function groupOf(api: PermissionApi, decision: GrainDecision): GrainGroupView | null {
  const grains = api.grains;
  if (!grains) return null;
  return grains[decision] ?? grains[decision === 'allow' ? 'deny' : 'allow'];
}

/**
 * Under the hint line: the keys of the sub-steps, and the note typed so far (`t` names the
 * keys that are not letters, such as Tab).
 */
export function grainLines(api: PermissionApi, step: GrainStep, t: Translator): Line[] {
  const grains = api.grains;
  if (!grains) return [];
  if (step?.kind === 'remember') return rememberLines(api, step.decision, t);
  if (step?.kind === 'note') {
    return [
      line('note-label', grains.note.label, 'strong'),
      line('note-input', `> ${grains.note.value}_`, 'plain', 2),
      line('note-hint', grains.note.hint, 'dim'),
      line('note-keys', grains.stepHint.note, 'dim'),
    ];
  }
  const lines = [
    line(
      'grains-keys',
      `[${REMEMBER_KEY}] ${grains.toggleLabel}${SEP}[${NOTE_KEY}] ${grains.note.label}`,
      'dim',
    ),
  ];
  if (grains.note.value !== '') {
    lines.push(line('note-value', `${grains.note.label}: “${grains.note.value}”`, 'plain'));
  }
  return lines;
}

/** The numbered options of one decision, then "only these exact arguments" as the last number. */
function rememberLines(api: PermissionApi, decision: GrainDecision, t: Translator): Line[] {
  const group = groupOf(api, decision);
  if (!group) return [];
  const other = api.grains?.[group.decision === 'allow' ? 'deny' : 'allow'];
  const lines: Line[] = [line('grain-label', `${group.label}:`, 'strong')];
  group.options.forEach((option, index) => {
    const mark = option.selected ? '(•)' : '( )';
    lines.push(line(`grain-${index}`, `${index + 1}. ${mark} ${option.label}`, 'plain', 4));
  });
  if (group.argsOnly.available) {
    const mark = group.argsOnly.checked ? '[x]' : '[ ]';
    const number = group.options.length + 1;
    lines.push(line('grain-args-only', `${number}. ${mark} ${group.argsOnly.label}`, 'plain', 4));
  }
  if (other) {
    lines.push(
      line('grain-other', `[${t.t('mcp.permission.grain.key.tab')}] ${other.label}`, 'dim'),
    );
  }
  lines.push(line('grain-keys', api.grains!.stepHint.remember, 'dim'));
  return lines;
}

/**
 * A key while a sub-step (or the main prompt) is shown: opens, drives or closes the step.
 * Returns the next step and whether the key was used; unused keys go to the model's keymap.
 */
export function grainKey(
  api: PermissionApi,
  step: GrainStep,
  pressed: TerminalKey,
): { step: GrainStep; used: boolean } {
  if (!api.grains || pressed.kind === 'interrupt') return { step, used: false };
  if (step?.kind === 'note') return noteKey(api, pressed);
  const input: KeyInput | null = pressed.kind === 'key' ? pressed.input : null;
  if (!input || input.ctrlKey || input.altKey || input.metaKey) {
    return { step, used: step !== null };
  }
  if (step === null) {
    const key = input.key.toLowerCase();
    if (key === NOTE_KEY) return { step: { kind: 'note' }, used: true };
    if (key !== REMEMBER_KEY) return { step, used: false };
    const decision: GrainDecision = api.focused.startsWith('deny') ? 'deny' : 'allow';
    const group = groupOf(api, decision);
    return { step: group ? { kind: 'remember', decision: group.decision } : null, used: true };
  }
  const group = groupOf(api, step.decision);
  if (!group || input.key === 'Escape' || input.key === 'Enter') return { step: null, used: true };
  if (input.key === 'Tab') {
    const other = groupOf(api, group.decision === 'allow' ? 'deny' : 'allow');
    return { step: other ? { kind: 'remember', decision: other.decision } : step, used: true };
  }
  const number = Number(input.key);
  if (!Number.isInteger(number) || number < 1) return { step, used: true };
  const option = group.options[number - 1];
  if (option) {
    api.setGrain(group.decision, option.value);
    return { step: null, used: true };
  }
  if (number === group.options.length + 1 && group.argsOnly.available) {
    api.setArgsOnly(group.decision, !group.argsOnly.checked);
  }
  return { step, used: true };
}

/** The note step: typed and pasted text goes in, Backspace takes out, Enter or Esc is done. */
function noteKey(api: PermissionApi, pressed: TerminalKey): { step: GrainStep; used: boolean } {
  const note = api.grains!.note.value;
  if (pressed.kind === 'text') {
    api.setNote(note + pressed.text.replace(/[\r\n\t]+/g, ' '));
    return { step: { kind: 'note' }, used: true };
  }
  if (pressed.kind !== 'key') return { step: { kind: 'note' }, used: false };
  const { key } = pressed.input;
  if (key === 'Enter' || key === 'Escape') return { step: null, used: true };
  if (key === 'Backspace' || key === 'Delete') api.setNote([...note].slice(0, -1).join(''));
  else if ([...key].length === 1 && !pressed.input.ctrlKey && !pressed.input.altKey) {
    api.setNote(note + key);
  }
  return { step: { kind: 'note' }, used: true };
}
