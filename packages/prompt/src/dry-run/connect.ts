import type { PartProps } from '../anatomy.js';
import type { GuardView } from '../core.js';
import { argumentsView } from '../args-preview.js';
import { dialogParts, footerParts, serverParts } from '../sheet-parts.js';
import { attrs, SCOPE, type DryRunPart } from './anatomy.js';
import type {
  DryRunActions,
  DryRunAnswer,
  DryRunApi,
  DryRunContent,
  DryRunState,
} from './types.js';

/** The two actions in order; arrow keys move between them. */
export const ANSWERS: readonly DryRunAnswer[] = ['deny', 'approve'];

/** The renderer-neutral view of a dry-run preview in one state. */
export function connectDryRun(
  content: DryRunContent,
  current: DryRunState,
  guard: GuardView,
  send: DryRunActions,
): DryRunApi {
  const { t, prefix, tool, server } = content;
  const notices = [...content.notices];
  if (current.status === 'closed')
    notices.push({
      kind: 'settled_elsewhere',
      text: t.t('mcp.permission.notice.settled_elsewhere'),
    });
  return {
    status: current.status,
    answer: current.answer,
    locale: t.locale,
    dir: t.dir,
    title: t.t('mcp.dry_run.title'),
    intro: t.t('mcp.dry_run.intro', { server: server.name, tool: tool.displayName }),
    tool,
    server,
    risk: content.risk,
    preview: {
      heading: t.t('mcp.dry_run.preview.heading'),
      ...argumentsView(content.preview, current.expanded, t),
    },
    step: content.step,
    hint: content.hint,
    operatorNotice: t.t('mcp.dry_run.operator_notice'),
    notices,
    actions: ANSWERS.map((answer) => ({
      answer,
      label: t.t(`mcp.dry_run.action.${answer}`),
      isDefault: answer === 'deny',
      focused: answer === current.focused,
    })),
    defaultFocus: 'deny',
    focused: current.focused,
    escapeAction: 'deny',
    keymap: content.keymap,
    keyHint: t.t('mcp.dry_run.keys.hint'),
    guard: { ...guard, text: t.t('mcp.permission.guard') },
    announcement: t.t('mcp.dry_run.announce', {
      step: content.step.text,
      server: server.name,
      tool: tool.displayName,
    }),
    props: dryRunProps(content, current, guard.active),
    getActionProps: (answer) => ({
      ...attrs('action'),
      id: `${prefix}-action-${answer}`,
      type: 'button',
      'data-answer': answer,
      'data-default': answer === 'deny' ? 'true' : undefined,
      'data-focused': answer === current.focused ? 'true' : undefined,
    }),
    ...send,
  };
}

/** Attributes of every single part (the actions have `getActionProps`). */
function dryRunProps(
  content: DryRunContent,
  current: DryRunState,
  guardActive: boolean,
): Partial<Record<DryRunPart, PartProps>> {
  const { t, ids, risk, preview, hint } = content;
  const { expanded } = current;
  return {
    ...dialogParts(SCOPE, {
      ids,
      labelledBy: `${ids.step} ${ids.title}`,
      describedBy: `${ids.intro} ${ids.preview}`,
      t,
      status: current.status,
      guardActive,
    }),
    step: {
      ...attrs('step'),
      id: ids.step,
      'data-step': String(content.step.index),
      'data-steps': String(content.step.total),
    },
    intro: { ...attrs('intro'), id: ids.intro },
    'tool-name': { ...attrs('tool-name'), dir: 'auto', translate: 'no' },
    ...serverParts(SCOPE, content.server.trusted),
    'risk-badge': {
      ...attrs('risk-badge'),
      hidden: risk === null,
      'data-tier': risk?.tier,
      'data-color-role': risk?.colorRole,
    },
    notice: { ...attrs('notice'), role: 'note' },
    'preview-heading': attrs('preview-heading'),
    preview: {
      ...attrs('preview'),
      id: ids.preview,
      dir: 'ltr',
      translate: 'no',
      tabindex: '0',
      'data-expanded': String(expanded),
    },
    'args-toggle': {
      ...attrs('args-toggle'),
      type: 'button',
      'aria-expanded': String(expanded),
      'aria-controls': ids.preview,
      hidden: !preview.truncated,
    },
    'args-redacted': { ...attrs('args-redacted'), hidden: preview.redacted.length === 0 },
    // The server's note, quoted: one "From the server" box, apart from the kit's own copy.
    'from-server': {
      ...attrs('from-server'),
      role: 'group',
      'aria-labelledby': ids.fromServer,
      hidden: hint === null,
    },
    'from-server-heading': { ...attrs('from-server-heading'), id: ids.fromServer },
    'hint-label': attrs('hint-label'),
    hint: { ...attrs('hint'), dir: 'auto', translate: 'no' },
    'operator-notice': { ...attrs('operator-notice'), role: 'note' },
    ...footerParts(SCOPE, {
      titleId: ids.title,
      guardActive,
      closeLabel: t.t('mcp.dry_run.action.deny'),
    }),
  };
}
