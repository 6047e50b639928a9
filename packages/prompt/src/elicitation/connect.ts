import type { PartProps } from '../anatomy.js';
import type { GuardView } from '../core.js';
import { dialogParts, footerParts, serverParts } from '../sheet-parts.js';
import { attrs, SCOPE, type ElicitationPart } from './anatomy.js';
import { formView } from './fields.js';
import { ACTIONS } from './order.js';
import type {
  ElicitAction,
  ElicitationActions,
  ElicitationActionView,
  ElicitationApi,
  ElicitationContent,
  ElicitationState,
} from './types.js';

export { ACTIONS } from './order.js';

/**
 * The renderer-neutral view of an elicitation in one state: the link in URL mode, the
 * fields with their errors in form mode, the three actions, and ids and ARIA attributes.
 */
export function connectElicitation(
  content: ElicitationContent,
  current: ElicitationState,
  guard: GuardView,
  send: ElicitationActions,
): ElicitationApi {
  const { t, prefix } = content;
  const notices = [...content.notices];
  if (current.status === 'closed') {
    notices.push({
      kind: 'settled_elsewhere',
      text: t.t('mcp.permission.notice.settled_elsewhere'),
    });
  }
  const actions = actionViews(content, current);
  const { setValue, blur, validate, toContent, ...common } = send;
  const base = {
    status: current.status,
    result: current.result,
    locale: t.locale,
    dir: t.dir,
    ids: content.ids,
    title: content.title,
    server: content.server,
    message: content.message,
    notices,
    actions,
    defaultFocus: content.defaultFocus,
    focused: current.focused,
    escapeAction: 'cancel' as const,
    keymap: content.keymap,
    keyHint: t.t('mcp.elicitation.keys.hint'),
    guard: { ...guard, text: t.t('mcp.permission.guard') },
    close: { label: t.t('mcp.elicitation.action.cancel') },
    announcement: content.announcement,
    props: elicitationProps(content, current, guard.active),
    getActionProps: (action: ElicitAction): PartProps => {
      const view = actions.find((a) => a.action === action)!;
      return {
        ...attrs('action'),
        id: `${prefix}-action-${action}`,
        type: 'button',
        'data-action': action,
        'data-default': view.isDefault ? 'true' : undefined,
        'data-emphasis': view.emphasis,
        'data-tone': view.tone,
        'data-focused': view.focused ? 'true' : undefined,
        'aria-disabled': view.enabled ? undefined : 'true',
        title: view.disabledReason ?? undefined,
      };
    },
    accept: () => send.choose('accept'),
    decline: () => send.choose('decline'),
    cancel: () => send.choose('cancel'),
    ...common,
  };
  if (content.url) return { ...base, mode: 'url', url: content.url };
  return {
    ...base,
    mode: 'form',
    form: formView(content, current),
    setValue,
    blur,
    validate,
    toContent,
  };
}

function actionViews(
  content: ElicitationContent,
  current: ElicitationState,
): ElicitationActionView[] {
  const { t, defaultFocus, acceptReason } = content;
  const { focused } = current;
  return ACTIONS.map((action, index) => ({
    action,
    label:
      action === 'accept'
        ? content.acceptLabel
        : action === 'decline'
          ? content.declineLabel
          : t.t('mcp.elicitation.action.cancel'),
    detail: action === 'accept' ? null : t.t(`mcp.elicitation.detail.${action}`),
    emphasis: action === 'accept' ? 'primary' : 'neutral',
    tone: action === 'accept' && content.danger ? 'danger' : 'neutral',
    shortcut: String(index + 1),
    enabled: action !== 'accept' || acceptReason === null,
    disabledReason: action === 'accept' ? acceptReason : null,
    isDefault: defaultFocus.kind === 'action' && defaultFocus.action === action,
    focused: focused.kind === 'action' && focused.action === action,
  }));
}

/** Attributes of every single part (fields and actions have their own). */
function elicitationProps(
  content: ElicitationContent,
  current: ElicitationState,
  guardActive: boolean,
): Partial<Record<ElicitationPart, PartProps>> {
  const { t, ids } = content;
  return {
    ...dialogParts(SCOPE, {
      ids,
      labelledBy: ids.title,
      describedBy: ids.message,
      t,
      status: current.status,
      guardActive,
      data: { 'data-mode': content.url ? 'url' : 'form' },
    }),
    ...serverParts(SCOPE, content.server.trusted),
    'message-label': attrs('message-label'),
    message: { ...attrs('message'), id: ids.message, dir: 'auto' },
    'message-block': { ...attrs('message-block'), dir: 'auto' },
    'message-marker': attrs('message-marker'),
    'message-run': attrs('message-run'),
    notice: { ...attrs('notice'), role: 'note' },
    form: { ...attrs('form'), 'aria-labelledby': ids.title, novalidate: true },
    'error-summary': { ...attrs('error-summary'), role: 'alert', hidden: !current.submitted },
    url: { ...attrs('url'), dir: 'ltr', translate: 'no' },
    'url-label': attrs('url-label'),
    'url-before': attrs('url-before'),
    'url-host': { ...attrs('url-host'), 'data-highlight': 'true' },
    'url-after': attrs('url-after'),
    'url-site': attrs('url-site'),
    'url-warning': { ...attrs('url-warning'), role: 'note' },
    'url-notice': attrs('url-notice'),
    'url-error': { ...attrs('url-error'), role: 'alert' },
    'action-detail': attrs('action-detail'),
    ...footerParts(SCOPE, {
      titleId: ids.title,
      guardActive,
      closeLabel: t.t('mcp.elicitation.action.cancel'),
      announcerId: ids.announcer,
    }),
  };
}
