import type { PartProps } from '../anatomy.js';
import { argumentsView } from '../args-preview.js';
import type { GuardView } from '../core.js';
import { footerParts, serverParts } from '../sheet-parts.js';
import { attrs, SCOPE, type PermissionPart } from './anatomy.js';
import { enabled } from './content.js';
import {
  actionRows,
  choiceOrder,
  type ActionView,
  type PermissionActions,
  type PermissionApi,
  type PermissionContent,
  type PermissionState,
} from './types.js';

/**
 * The renderer-neutral view of a permission prompt in one state: the request's content,
 * the four actions with their enabled state and focus, ids and ARIA attributes per part,
 * and the actions wired to the model's transitions.
 */
export function connectPermission(
  content: PermissionContent,
  current: PermissionState,
  guard: GuardView,
  send: PermissionActions,
): PermissionApi {
  const { t, prefix, effects } = content;
  const notices = [...content.notices];
  if (current.status === 'closed') {
    notices.push({
      kind: 'settled_elsewhere',
      text: t.t('mcp.permission.notice.settled_elsewhere'),
    });
  }
  const actions = actionViews(content, current);
  const queue = current.queue;
  return {
    status: current.status,
    answer: current.answer,
    locale: t.locale,
    dir: t.dir,
    ids: content.ids,
    title: t.t('mcp.permission.title'),
    tool: content.tool,
    server: content.server,
    risk: content.risk,
    effects,
    notices,
    args: {
      heading: t.t('mcp.permission.args.heading'),
      ...argumentsView(content.args, current.argsExpanded, t),
    },
    actions,
    actionRows,
    defaultFocus: content.defaultFocus,
    focused: current.focused,
    escapeAction: 'deny_once',
    keymap: content.keymap,
    keyHint: t.t('mcp.permission.keys.hint'),
    guard: { ...guard, text: t.t('mcp.permission.guard') },
    queue: {
      visible: queue.total > 1,
      ...queue,
      text: t.t('mcp.permission.queue.position', queue),
      label: t.t('mcp.permission.queue.label', queue),
    },
    close: { label: t.t('mcp.permission.close') },
    announcement: content.announcement,
    props: permissionProps(content, current, guard.active),
    getActionProps: (choice) =>
      actionProps(
        prefix,
        actions.find((a) => a.choice === choice)!,
      ),
    getActionReasonProps: (choice) => ({
      ...attrs('action-reason'),
      id: `${prefix}-reason-${choice}`,
      role: 'tooltip',
      hidden: enabled(content, choice),
    }),
    getEffectProps: (index) => {
      const line = effects.lines[index];
      return {
        ...attrs('effect'),
        role: 'listitem',
        'data-effect': line?.effect,
        'data-source': line?.source,
        'data-tone': line?.tone,
      };
    },
    getNoticeProps: (index) => ({
      ...attrs('notice'),
      role: 'note',
      'data-kind': notices[index]?.kind,
    }),
    ...send,
  };
}

function actionViews(content: PermissionContent, current: PermissionState): ActionView[] {
  const { t, defaultFocus } = content;
  return choiceOrder.map((choice, index) => ({
    choice,
    label: t.t(`mcp.permission.action.${choice}`),
    shortcut: String(index + 1),
    enabled: enabled(content, choice),
    disabledReason: choice === 'allow_always' ? content.allowAlwaysReason : null,
    detail: choice === 'allow_always' ? content.allowAlwaysDetail : null,
    isDefault: choice === defaultFocus,
    focused: choice === current.focused,
    emphasis: choice === defaultFocus ? 'primary' : 'neutral',
  }));
}

function actionProps(prefix: string, action: ActionView): PartProps {
  const { choice } = action;
  return {
    ...attrs('action'),
    id: `${prefix}-action-${choice}`,
    type: 'button',
    'data-choice': choice,
    'data-default': action.isDefault ? 'true' : undefined,
    'data-focused': action.focused ? 'true' : undefined,
    'data-emphasis': action.emphasis,
    'aria-disabled': action.enabled ? undefined : 'true',
    'aria-describedby': action.enabled ? undefined : `${prefix}-reason-${choice}`,
    'aria-keyshortcuts': action.shortcut,
    title: action.disabledReason ?? undefined,
  };
}

/** Attributes of every single part (repeated parts have their `get…Props`). */
function permissionProps(
  content: PermissionContent,
  current: PermissionState,
  guardActive: boolean,
): Partial<Record<PermissionPart, PartProps>> {
  const { t, ids, tool, risk } = content;
  return {
    root: {
      ...attrs('root'),
      id: ids.root,
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': `${ids.title} ${ids.toolName}`,
      'aria-describedby': `${ids.risk} ${ids.effects}`,
      dir: t.dir,
      lang: t.locale,
      'data-state': current.status,
      'data-tier': risk.tier,
      'data-guard': guardActive ? 'active' : 'idle',
    },
    backdrop: { ...attrs('backdrop'), 'aria-hidden': 'true' },
    header: attrs('header'),
    title: { ...attrs('title'), id: ids.title },
    'tool-icon': { ...attrs('tool-icon'), 'aria-hidden': 'true' },
    'tool-name': { ...attrs('tool-name'), id: ids.toolName, dir: 'auto', translate: 'no' },
    'tool-title': { ...attrs('tool-title'), dir: 'auto', hidden: tool.title === null },
    'tool-description': {
      ...attrs('tool-description'),
      id: ids.description,
      dir: 'auto',
      hidden: tool.description === null,
    },
    ...serverParts(SCOPE, content.server.trusted),
    'risk-badge': {
      ...attrs('risk-badge'),
      id: ids.risk,
      'data-tier': risk.tier,
      'data-color-role': risk.colorRole,
    },
    'risk-reasons': { ...attrs('risk-reasons'), role: 'list' },
    'risk-reason': { ...attrs('risk-reason'), role: 'listitem' },
    'queue-position': {
      ...attrs('queue-position'),
      'aria-label': t.t('mcp.permission.queue.label', current.queue),
      hidden: current.queue.total <= 1,
    },
    effects: {
      ...attrs('effects'),
      id: ids.effects,
      role: 'list',
      'aria-labelledby': ids.effectsHeading,
    },
    'effects-heading': { ...attrs('effects-heading'), id: ids.effectsHeading },
    ...argsProps(content, current.argsExpanded),
    ...footerParts(SCOPE, {
      titleId: ids.title,
      guardActive,
      closeLabel: t.t('mcp.permission.close'),
      keyHintId: ids.keyHint,
      announcerId: ids.announcer,
    }),
  };
}

/** The arguments block: a scrollable region, and its show-more toggle when it is cut. */
function argsProps(content: PermissionContent, expanded: boolean) {
  const { ids, args } = content;
  return {
    args: {
      ...attrs('args'),
      'data-expanded': String(expanded),
      'data-truncated': String(args.truncated),
    },
    'args-heading': { ...attrs('args-heading'), id: ids.argsHeading },
    'args-body': {
      ...attrs('args-body'),
      id: ids.args,
      dir: 'ltr',
      translate: 'no',
      tabindex: '0',
      role: 'region',
      'aria-labelledby': ids.argsHeading,
    },
    'args-toggle': {
      ...attrs('args-toggle'),
      type: 'button',
      'aria-expanded': String(expanded),
      'aria-controls': ids.args,
      hidden: !args.truncated,
    },
    'args-redacted': { ...attrs('args-redacted'), hidden: args.redacted.length === 0 },
  } satisfies Partial<Record<PermissionPart, PartProps>>;
}
