import type { PartProps } from '../anatomy.js';
import { attrs, type PermissionPart } from './anatomy.js';
import { NOTE_MAX_LENGTH, pickedGrain, type GrainOption } from './grains.js';
import type {
  GrainDecision,
  GrainGroupView,
  GrainsView,
  PermissionContent,
  PermissionState,
} from './types.js';

/** The "How long, and a note" panel as the view shows it; `null` without `request.grains`. */
export function grainsView(
  content: PermissionContent,
  current: PermissionState,
): GrainsView | null {
  const { t, grains } = content;
  if (!grains) return null;
  return {
    toggleLabel: t.t('mcp.permission.grain.more'),
    open: current.optionsOpen,
    allow: groupView(content, current, 'allow'),
    deny: groupView(content, current, 'deny'),
    note: {
      label: t.t('mcp.permission.note.label'),
      hint: t.t('mcp.permission.note.hint', { max: NOTE_MAX_LENGTH }),
      value: current.note,
      maxLength: NOTE_MAX_LENGTH,
    },
    stepHint: {
      remember: t.t('mcp.permission.grain.step_hint'),
      note: t.t('mcp.permission.note.step_hint'),
    },
  };
}

function groupView(
  content: PermissionContent,
  current: PermissionState,
  decision: GrainDecision,
): GrainGroupView | null {
  const { t } = content;
  const options: readonly GrainOption[] = content.grains?.[decision] ?? [];
  const picked = pickedGrain(content, current, decision);
  if (options.length === 0 || !picked) return null;
  return {
    decision,
    choice: decision === 'allow' ? 'allow_always' : 'deny_always',
    label: t.t(`mcp.permission.grain.${decision}_label`),
    options: options.map((option) => ({
      value: option.value,
      label: option.label,
      selected: option.value === picked.value,
    })),
    selected: picked.value,
    argsOnly: {
      label: t.t('mcp.permission.grain.args_only'),
      checked: picked.narrowable && current.grain[decision].argsOnly,
      available: picked.narrowable,
    },
  };
}

/** Label and detail of Allow always / Deny always for the picked grain (`null`: the classic ones). */
export function grainActionText(
  content: PermissionContent,
  current: PermissionState,
  decision: GrainDecision,
): { label: string; detail: string | null } | null {
  const picked = pickedGrain(content, current, decision);
  if (!picked) return null;
  const always = picked.value === 'always';
  const detail = [
    always && decision === 'allow' ? content.allowAlwaysDetail : null,
    picked.narrowable && current.grain[decision].argsOnly
      ? content.t.t('mcp.permission.grain.args_only')
      : null,
  ].filter((part): part is string => part !== null);
  return { label: picked.actionLabel, detail: detail.length > 0 ? detail.join(' · ') : null };
}

const ID = {
  allow: { select: 'grainAllow', argsOnly: 'argsOnlyAllow' },
  deny: { select: 'grainDeny', argsOnly: 'argsOnlyDeny' },
} as const;

/** The parts of one "Remember" control: its label, its select and the exact-arguments box. */
export function grainGroupProps(content: PermissionContent, current: PermissionState) {
  const { ids } = content;
  const labelId = (decision: GrainDecision) => `${ids[ID[decision].select]}-label`;
  return {
    label: (decision: GrainDecision): PartProps => ({
      ...attrs('grain-label'),
      id: labelId(decision),
      'data-decision': decision,
    }),
    select: (decision: GrainDecision): PartProps => ({
      ...attrs('grain-select'),
      id: ids[ID[decision].select],
      name: ids[ID[decision].select],
      'data-decision': decision,
      'aria-labelledby': labelId(decision),
      disabled: current.status !== 'open',
    }),
    argsOnly: (decision: GrainDecision): PartProps => ({
      ...attrs('grain-args-only'),
      id: ids[ID[decision].argsOnly],
      type: 'checkbox',
      'data-decision': decision,
      disabled: current.status !== 'open' || !pickedGrain(content, current, decision)?.narrowable,
    }),
  };
}

/** The toggle, the panel and the note field (single parts). */
export function grainsProps(
  content: PermissionContent,
  current: PermissionState,
): Partial<Record<PermissionPart, PartProps>> {
  const { ids, grains } = content;
  return {
    'grains-toggle': {
      ...attrs('grains-toggle'),
      type: 'button',
      'aria-expanded': String(current.optionsOpen),
      'aria-controls': ids.grains,
      hidden: grains === null,
    },
    grains: {
      ...attrs('grains'),
      id: ids.grains,
      role: 'group',
      'aria-label': content.t.t('mcp.permission.grain.more'),
      hidden: grains === null || !current.optionsOpen,
    },
    'grain-group': attrs('grain-group'),
    'grain-option': attrs('grain-option'),
    'grain-args-only-label': attrs('grain-args-only-label'),
    note: attrs('note'),
    'note-label': { ...attrs('note-label'), id: ids.noteLabel },
    'note-input': {
      ...attrs('note-input'),
      id: ids.note,
      name: ids.note,
      maxlength: String(NOTE_MAX_LENGTH),
      rows: '2',
      dir: 'auto',
      'aria-labelledby': ids.noteLabel,
      'aria-describedby': ids.noteHint,
      disabled: current.status !== 'open',
    },
    'note-hint': { ...attrs('note-hint'), id: ids.noteHint },
  };
}
