import type { PartProps } from '../anatomy.js';
import type { GuardView } from '../core.js';
import { dialogParts, footerParts, serverParts } from '../sheet-parts.js';
import { attrs, SCOPE, type SamplingPart } from './anatomy.js';
import { editErrors } from './state-rules.js';
import type {
  BlockContent,
  BlockView,
  SamplingAction,
  SamplingActions,
  SamplingActionView,
  SamplingApi,
  SamplingContent,
  SamplingFocus,
  SamplingState,
} from './types.js';

/** Deny is the safe answer of both steps: focused first, and what Escape gives. */
export const DEFAULT_FOCUS: SamplingFocus = { kind: 'action', action: 'deny' };

/** The actions of a step, in order; 1, 2, 3 answer with them. */
export const actionsOf = (step: SamplingContent['step']): readonly SamplingAction[] =>
  step === 'request' ? ['approve', 'edit', 'deny'] : ['send', 'deny'];

/** The renderer-neutral view of one sampling step in one state. */
export function connectSampling(
  content: SamplingContent,
  current: SamplingState,
  guard: GuardView,
  send: SamplingActions,
): SamplingApi {
  const { t, prefix } = content;
  const notices = [...content.notices];
  if (current.status === 'closed')
    notices.push({
      kind: 'settled_elsewhere',
      text: t.t('mcp.permission.notice.settled_elsewhere'),
    });
  const errors = editErrors(content, current);
  const actions = actionViews(content, current, errors.size > 0);
  const block = (b: BlockContent) => blockView(b, current, t);
  return {
    step: content.step,
    status: current.status,
    answer: current.answer,
    locale: t.locale,
    dir: t.dir,
    stepText: content.stepText,
    title: content.title,
    intro: content.intro,
    server: content.server,
    risk: content.risk,
    riskReasons: content.riskReasons,
    messagesHeading: t.t('mcp.sampling.messages.heading'),
    messages: content.messages.map((m) => ({ ...m, blocks: m.blocks.map(block) })),
    systemPrompt: content.systemPrompt
      ? { label: t.t('mcp.sampling.system_prompt'), block: block(content.systemPrompt) }
      : null,
    details: content.details,
    tools: content.tools,
    response: content.response
      ? {
          heading: t.t('mcp.sampling.response.heading'),
          model: content.response.model,
          blocks: content.response.blocks.map(block),
          stopReason: content.response.stopReason,
        }
      : null,
    edit: current.editing
      ? {
          heading: t.t('mcp.sampling.edit.heading'),
          fields: content.editable.map(({ name }) => ({
            name,
            id: `${prefix}-edit-${name}`,
            label: t.t(`mcp.sampling.edit.${name}`),
            value: current.values[name],
            multiline: name !== 'maxTokens',
            error: errors.get(name) ?? null,
          })),
        }
      : null,
    grain:
      content.step === 'request'
        ? {
            label: t.t('mcp.sampling.grain.label'),
            options: (['once', 'session'] as const).map((value) => ({
              value,
              label: t.t(`mcp.sampling.grain.${value}`),
              selected: current.grain === value,
            })),
          }
        : null,
    notices,
    actions,
    defaultFocus: DEFAULT_FOCUS,
    focused: current.focused,
    escapeAction: 'deny',
    keymap: content.keymap,
    keyHint: t.t(`mcp.sampling.keys.${content.step}`),
    guard: { ...guard, text: t.t('mcp.permission.guard') },
    close: { label: t.t('mcp.sampling.action.deny') },
    announcement: content.announcement,
    props: samplingProps(content, current, guard.active),
    getActionProps: (action) => {
      const view = actions.find((a) => a.action === action);
      return {
        ...attrs('action'),
        id: `${prefix}-action-${action}`,
        type: 'button',
        'data-action': action,
        'data-default': view?.isDefault ? 'true' : undefined,
        'data-focused': view?.focused ? 'true' : undefined,
        'aria-disabled': view === undefined || view.enabled ? undefined : 'true',
        'aria-pressed': action === 'edit' ? String(current.editing) : undefined,
        title: view?.disabledReason ?? undefined,
      };
    },
    ...send,
  };
}

function blockView(
  block: BlockContent,
  current: SamplingState,
  t: SamplingContent['t'],
): BlockView {
  if (block.kind !== 'text') return block;
  const truncated = block.short.truncated;
  const expanded = truncated && current.expanded.has(block.id);
  return {
    kind: 'text',
    id: block.id,
    text: expanded ? block.whole : block.short,
    truncated,
    expanded,
    toggleLabel: truncated
      ? t.t(expanded ? 'mcp.permission.args.show_less' : 'mcp.permission.args.show_more')
      : null,
  };
}

function actionViews(
  content: SamplingContent,
  current: SamplingState,
  invalid: boolean,
): SamplingActionView[] {
  const { t } = content;
  return actionsOf(content.step).map((action, index) => {
    // Approving an edit that does not parse would send something the user did not type.
    const blocked = action === 'approve' && current.editing && invalid;
    return {
      action,
      label: t.t(`mcp.sampling.action.${action}`),
      shortcut: String(index + 1),
      isDefault: action === 'deny',
      focused: current.focused.kind === 'action' && current.focused.action === action,
      enabled: !blocked,
      disabledReason: blocked ? t.t('mcp.sampling.edit.fix_first') : null,
    };
  });
}

/** Attributes of every single part (actions have `getActionProps`). */
function samplingProps(
  content: SamplingContent,
  current: SamplingState,
  guardActive: boolean,
): Partial<Record<SamplingPart, PartProps>> {
  const { t, ids, risk } = content;
  return {
    ...dialogParts(SCOPE, {
      ids,
      labelledBy: `${ids.step} ${ids.title}`,
      describedBy: `${ids.intro} ${ids.messages}`,
      t,
      status: current.status,
      guardActive,
      data: { 'data-step': content.step, 'data-tier': risk.tier },
    }),
    step: { ...attrs('step'), id: ids.step },
    intro: { ...attrs('intro'), id: ids.intro },
    ...serverParts(SCOPE, content.server.trusted),
    'risk-badge': {
      ...attrs('risk-badge'),
      'data-tier': risk.tier,
      'data-color-role': risk.colorRole,
    },
    'risk-reason': attrs('risk-reason'),
    notice: { ...attrs('notice'), role: 'note' },
    messages: { ...attrs('messages'), id: ids.messages, role: 'group' },
    message: { ...attrs('message'), dir: 'auto', translate: 'no' },
    'message-role': attrs('message-role'),
    block: { ...attrs('block'), dir: 'auto', translate: 'no' },
    'block-toggle': { ...attrs('block-toggle'), type: 'button' },
    // A text label standing in for the image or audio, never the media itself.
    media: attrs('media'),
    'system-prompt': { ...attrs('system-prompt'), dir: 'auto', translate: 'no' },
    details: attrs('details'),
    detail: attrs('detail'),
    tools: attrs('tools'),
    response: { ...attrs('response'), dir: 'auto', translate: 'no' },
    'response-model': attrs('response-model'),
    'edit-form': { ...attrs('edit-form'), hidden: !current.editing, novalidate: true },
    'edit-field': attrs('edit-field'),
    'edit-label': attrs('edit-label'),
    'edit-input': attrs('edit-input'),
    'edit-error': { ...attrs('edit-error'), role: 'alert' },
    grain: {
      ...attrs('grain'),
      id: ids.grain,
      role: 'radiogroup',
      hidden: content.step !== 'request',
    },
    'grain-option': attrs('grain-option'),
    ...footerParts(SCOPE, {
      titleId: ids.title,
      guardActive,
      closeLabel: t.t('mcp.sampling.action.deny'),
      announcerId: ids.announcer,
    }),
  };
}
