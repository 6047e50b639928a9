import type { PartProps } from '../anatomy.js';
import type { GuardView } from '../core.js';
import { dialogParts, footerParts, serverParts } from '../sheet-parts.js';
import { attrs, SCOPE, type RootsPart } from './anatomy.js';
import type {
  RootsActions,
  RootsAnswer,
  RootsApi,
  RootsContent,
  RootsFocus,
  RootsGrain,
  RootsState,
} from './types.js';

/** The two answers in order; Share none is the safe one (focused, Escape). */
export const ANSWERS: readonly RootsAnswer[] = ['share', 'share_none'];
export const GRAINS: readonly RootsGrain[] = ['server', 'once'];

/** Everything that takes focus, in reading order: the roots, the grains, the answers. */
export function focusOrder(count: number): RootsFocus[] {
  return [
    ...Array.from({ length: count }, (_, index): RootsFocus => `root-${index}`),
    ...GRAINS.map((grain): RootsFocus => `grain-${grain}`),
    ...ANSWERS,
  ];
}

/** The renderer-neutral view of a roots request in one state. */
export function connectRoots(
  content: RootsContent,
  current: RootsState,
  guard: GuardView,
  send: RootsActions,
): RootsApi {
  const { t, prefix, server, roots } = content;
  const notices = [...content.notices];
  if (current.status === 'closed')
    notices.push({
      kind: 'settled_elsewhere',
      text: t.t('mcp.permission.notice.settled_elsewhere'),
    });
  const selected = current.checked.filter(Boolean).length;
  return {
    status: current.status,
    result: current.result,
    locale: t.locale,
    dir: t.dir,
    title: t.t('mcp.roots.title'),
    intro: t.t('mcp.roots.intro', { server: server.name }),
    server,
    listHeading: t.t('mcp.roots.list.heading'),
    items: roots.map((root, index) => ({
      index,
      number: index + 1,
      name: root.name,
      uri: root.uri,
      checked: current.checked[index] === true,
      focused: current.focused === `root-${index}`,
      label: root.name,
    })),
    count: t.t('mcp.roots.count', { count: selected, total: roots.length }),
    empty: roots.length === 0 ? t.t('mcp.roots.empty') : null,
    grainsHeading: t.t('mcp.roots.grain.heading'),
    grains: GRAINS.map((grain) => ({
      grain,
      label: t.t(`mcp.roots.grain.${grain}`),
      selected: current.grain === grain,
      focused: current.focused === `grain-${grain}`,
    })),
    notices,
    actions: ANSWERS.map((answer) => ({
      answer,
      label: t.t(`mcp.roots.action.${answer}`),
      isDefault: answer === 'share_none',
      focused: answer === current.focused,
    })),
    defaultFocus: 'share_none',
    focused: current.focused,
    escapeAction: 'share_none',
    keymap: content.keymap,
    keyHint: t.t('mcp.roots.keys.hint'),
    guard: { ...guard, text: t.t('mcp.permission.guard') },
    announcement: t.t('mcp.roots.announce', { server: server.name }),
    props: rootsProps(content, current, guard.active),
    getItemProps: (index) => ({
      ...attrs('item'),
      'data-index': String(index),
      'data-checked': String(current.checked[index] === true),
    }),
    getCheckboxProps: (index) => ({
      ...attrs('checkbox'),
      id: `${prefix}-root-${index}`,
      type: 'checkbox',
      // Named by the root's name, described by its URI: both are in the same item.
      'aria-labelledby': rootTextIds(prefix, index).name,
      'aria-describedby': rootTextIds(prefix, index).uri,
      'aria-keyshortcuts': index < 9 ? String(index + 1) : undefined,
      'data-index': String(index),
      'data-focused': current.focused === `root-${index}` ? 'true' : undefined,
      disabled: current.status !== 'open',
    }),
    getNameProps: (index) => ({
      ...attrs('item-name'),
      id: rootTextIds(prefix, index).name,
      dir: 'auto',
      translate: 'no',
    }),
    getUriProps: (index) => ({
      ...attrs('item-uri'),
      id: rootTextIds(prefix, index).uri,
      dir: 'ltr',
      translate: 'no',
    }),
    getGrainProps: (grain) => ({
      ...attrs('grain'),
      id: `${prefix}-grain-${grain}`,
      type: 'radio',
      name: `${prefix}-grain`,
      value: grain,
      'data-grain': grain,
      'data-focused': current.focused === `grain-${grain}` ? 'true' : undefined,
      disabled: current.status !== 'open',
    }),
    getActionProps: (answer) => ({
      ...attrs('action'),
      id: `${prefix}-action-${answer}`,
      type: 'button',
      'data-answer': answer,
      'data-default': answer === 'share_none' ? 'true' : undefined,
      'data-focused': answer === current.focused ? 'true' : undefined,
    }),
    ...send,
  };
}

/** Attributes of every single part (a root's parts, the grains and the actions have getters). */
function rootsProps(
  content: RootsContent,
  current: RootsState,
  guardActive: boolean,
): Partial<Record<RootsPart, PartProps>> {
  const { t, ids, roots } = content;
  return {
    ...dialogParts(SCOPE, {
      ids,
      labelledBy: ids.title,
      describedBy: `${ids.intro} ${ids.count}`,
      t,
      status: current.status,
      guardActive,
    }),
    intro: { ...attrs('intro'), id: ids.intro },
    ...serverParts(SCOPE, content.server.trusted),
    notice: { ...attrs('notice'), role: 'note' },
    'list-heading': { ...attrs('list-heading'), id: ids.listHeading },
    list: {
      ...attrs('list'),
      role: 'group',
      'aria-labelledby': ids.listHeading,
      hidden: roots.length === 0,
    },
    'item-number': { ...attrs('item-number'), 'aria-hidden': 'true' },
    count: { ...attrs('count'), id: ids.count, 'aria-live': 'polite' },
    empty: { ...attrs('empty'), role: 'note', hidden: roots.length > 0 },
    grains: { ...attrs('grains'), role: 'radiogroup', 'aria-labelledby': ids.grainsHeading },
    'grains-heading': { ...attrs('grains-heading'), id: ids.grainsHeading },
    ...footerParts(SCOPE, {
      titleId: ids.title,
      guardActive,
      closeLabel: t.t('mcp.roots.action.share_none'),
    }),
  };
}

/** The ids of one root's name and URI elements (the checkbox refers to them). */
export function rootTextIds(prefix: string, index: number) {
  return { name: `${prefix}-root-${index}-name`, uri: `${prefix}-root-${index}-uri` };
}
