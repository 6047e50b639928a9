import type { PartProps } from '../anatomy.js';
import { argumentsView } from '../args-preview.js';
import type { GuardView } from '../core.js';
import { dialogParts, footerParts, serverParts } from '../sheet-parts.js';
import { attrs, SCOPE, type PermissionPart } from './anatomy.js';
import { enabled } from './content.js';
import { decisionOf } from './grains.js';
import { grainActionText, grainGroupProps, grainsProps, grainsView } from './grains-view.js';
import type { Choice } from '@mcp-consent/engine';
import {
  actionRows,
  choiceOrder,
  type ActionView,
  type ChangeView,
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
  const change = changeView(content, current);
  const grainParts = grainGroupProps(content, current);
  return {
    status: current.status,
    answer: current.answer,
    locale: t.locale,
    dir: t.dir,
    ids: content.ids,
    title: t.t('mcp.permission.title'),
    summary: content.summary,
    header: { title: t.t('mcp.permission.title'), risk: content.risk },
    step: content.step,
    fromServer: fromServerView(content, current),
    change,
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
    grains: grainsView(content, current),
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
      hidden: enabled(content, choice, current),
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
    getChangePartProps: (index) => ({
      ...attrs('change-part'),
      'data-part-name': change?.parts[index]?.part,
    }),
    getChangeSegmentProps: (partIndex, segmentIndex) => ({
      ...attrs('change-segment'),
      'data-op': change?.parts[partIndex]?.segments[segmentIndex]?.op,
    }),
    getGrainLabelProps: grainParts.label,
    getGrainSelectProps: grainParts.select,
    getArgsOnlyProps: grainParts.argsOnly,
    ...send,
  };
}

function fromServerView(
  content: PermissionContent,
  current: PermissionState,
): PermissionApi['fromServer'] {
  const { t, fromServer } = content;
  const long = fromServer.collapsed !== fromServer.full;
  const expanded = long && current.descriptionExpanded;
  return {
    heading: fromServer.heading,
    name: fromServer.name,
    title: fromServer.title,
    description: expanded ? fromServer.full : fromServer.collapsed,
    descriptionExpanded: expanded,
    descriptionToggleLabel: long
      ? t.t(expanded ? 'mcp.permission.args.show_less' : 'mcp.permission.args.show_more')
      : null,
    icon: fromServer.icon,
  };
}

function changeView(content: PermissionContent, current: PermissionState): ChangeView | null {
  const { t, change } = content;
  if (!change) return null;
  return {
    ...change,
    opened: current.changeOpen,
    toggleLabel: t.t(
      current.changeOpen ? 'mcp.permission.change.hide' : 'mcp.permission.change.show',
    ),
  };
}

/**
 * The four actions. With grains, Allow always and Deny always say the grain picked for them
 * ("Allow for 1 hour"); with "Always" picked (the default) they keep the R9 labels.
 */
function actionViews(content: PermissionContent, current: PermissionState): ActionView[] {
  const { t, defaultFocus } = content;
  return choiceOrder.map((choice, index) => {
    const always = choice === 'allow_always' || choice === 'deny_always';
    const grain = always ? grainActionText(content, current, decisionOf(choice)) : null;
    return {
      choice,
      label:
        grain?.label ??
        (choice === 'allow_always'
          ? content.allowAlwaysLabel
          : t.t(`mcp.permission.action.${choice}`)),
      shortcut: String(index + 1),
      enabled: enabled(content, choice, current),
      disabledReason: disabledReason(content, current, choice),
      detail: grain ? grain.detail : choice === 'allow_always' ? content.allowAlwaysDetail : null,
      isDefault: choice === defaultFocus,
      focused: choice === current.focused,
      emphasis: choice === defaultFocus ? 'primary' : 'neutral',
    };
  });
}

/**
 * Why an action is off. Allow always: what the request offers (the engine's reason, or with
 * grains why only once is offered); else, while the change is unopened, the model's own.
 */
function disabledReason(
  content: PermissionContent,
  current: PermissionState,
  choice: Choice,
): string | null {
  if (enabled(content, choice, current)) return null;
  if (choice === 'deny_always') return content.grains?.denyDisabledReason ?? null;
  if (choice !== 'allow_always') return null;
  if (content.grains) {
    return content.grains.allow.length === 0
      ? content.grains.allowDisabledReason
      : content.allowAlwaysChangeReason;
  }
  return content.allowAlwaysReason ?? content.allowAlwaysChangeReason;
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
  const { t, ids, risk, fromServer } = content;
  return {
    ...dialogParts(SCOPE, {
      ids,
      labelledBy: `${ids.title} ${ids.summary}`,
      describedBy: `${ids.risk} ${ids.effects}`,
      t,
      status: current.status,
      guardActive,
      data: { 'data-tier': risk.tier },
    }),
    summary: { ...attrs('summary'), id: ids.summary, dir: 'auto' },
    'from-server': {
      ...attrs('from-server'),
      id: ids.fromServer,
      role: 'group',
      'aria-labelledby': ids.fromServerHeading,
    },
    'from-server-heading': { ...attrs('from-server-heading'), id: ids.fromServerHeading },
    'tool-icon': { ...attrs('tool-icon'), 'aria-hidden': 'true' },
    'tool-name': { ...attrs('tool-name'), id: ids.toolName, dir: 'auto', translate: 'no' },
    'tool-title': { ...attrs('tool-title'), dir: 'auto', hidden: fromServer.title === null },
    'tool-description': {
      ...attrs('tool-description'),
      id: ids.description,
      dir: 'auto',
      hidden: fromServer.full === null,
      'data-expanded': String(current.descriptionExpanded),
    },
    'description-toggle': {
      ...attrs('description-toggle'),
      type: 'button',
      'aria-expanded': String(current.descriptionExpanded),
      'aria-controls': ids.description,
      hidden: fromServer.collapsed === fromServer.full,
    },
    ...changeProps(content, current),
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
    ...grainsProps(content, current),
    ...footerParts(SCOPE, {
      titleId: ids.title,
      guardActive,
      closeLabel: t.t('mcp.permission.close'),
      keyHintId: ids.keyHint,
      announcerId: ids.announcer,
    }),
  };
}

/** The "This tool changed" box: a region with a toggle that opens the diff. */
function changeProps(content: PermissionContent, current: PermissionState) {
  const { ids, change } = content;
  return {
    change: {
      ...attrs('change'),
      id: ids.change,
      role: 'region',
      'aria-labelledby': ids.changeHeading,
      hidden: change === null,
      'data-opened': String(current.changeOpen),
    },
    'change-heading': { ...attrs('change-heading'), id: ids.changeHeading },
    'change-summary': attrs('change-summary'),
    'change-toggle': {
      ...attrs('change-toggle'),
      type: 'button',
      'aria-expanded': String(current.changeOpen),
      'aria-controls': ids.changeBody,
    },
    'change-body': {
      ...attrs('change-body'),
      id: ids.changeBody,
      dir: 'auto',
      hidden: !current.changeOpen,
    },
    'change-part-label': attrs('change-part-label'),
  } satisfies Partial<Record<PermissionPart, PartProps>>;
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
