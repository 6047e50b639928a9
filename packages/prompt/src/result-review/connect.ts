import type { PartProps } from '../anatomy.js';
import type { GuardView } from '../core.js';
import { dialogParts, footerParts, serverParts } from '../sheet-parts.js';
import { attrs, SCOPE, type ResultReviewPart } from './anatomy.js';
import type {
  ResultReviewActions,
  ResultReviewAnswer,
  ResultReviewApi,
  ResultReviewContent,
  ResultReviewState,
} from './types.js';

/** The two answers in order. Send is focused (the user asked to look, not to refuse); Escape withholds. */
export const ANSWERS: readonly ResultReviewAnswer[] = ['send', 'withhold'];

/** The renderer-neutral view of a result review in one state. */
export function connectResultReview(
  content: ResultReviewContent,
  current: ResultReviewState,
  guard: GuardView,
  send: ResultReviewActions,
): ResultReviewApi {
  const { t, prefix, server, tool, blocks } = content;
  const notices = [...content.notices];
  if (current.status === 'closed')
    notices.push({
      kind: 'settled_elsewhere',
      text: t.t('mcp.permission.notice.settled_elsewhere'),
    });
  return {
    status: current.status,
    result: current.result,
    locale: t.locale,
    dir: t.dir,
    title: t.t('mcp.result.title'),
    intro: t.t('mcp.result.intro', { server: server.name, tool }),
    server,
    tool,
    toolLine: t.t('mcp.result.tool', { tool }),
    risk: content.risk,
    error: content.error,
    contentHeading: t.t('mcp.result.content.heading'),
    blocks,
    empty: blocks.length === 0 ? t.t('mcp.result.empty') : null,
    notices,
    actions: ANSWERS.map((answer) => ({
      answer,
      label: t.t(`mcp.result.action.${answer}`),
      isDefault: answer === 'send',
      focused: answer === current.focused,
    })),
    defaultFocus: 'send',
    focused: current.focused,
    escapeAction: 'withhold',
    keymap: content.keymap,
    keyHint: t.t('mcp.result.keys.hint'),
    guard: { ...guard, text: t.t('mcp.permission.guard') },
    announcement: t.t('mcp.result.announce', { server: server.name, tool }),
    props: resultReviewProps(content, current, guard.active),
    moreBlocks: (count) => t.t('mcp.result.block.more', { count }),
    getBlockProps: (index) => ({
      ...attrs('block'),
      'data-index': String(index),
      'data-kind': blocks[index]?.kind ?? 'label',
    }),
    getActionProps: (answer) => ({
      ...attrs('action'),
      id: `${prefix}-action-${answer}`,
      type: 'button',
      'data-answer': answer,
      'data-default': answer === 'send' ? 'true' : undefined,
      'data-focused': answer === current.focused ? 'true' : undefined,
      'aria-keyshortcuts': String(ANSWERS.indexOf(answer) + 1),
      disabled: current.status !== 'open',
    }),
    ...send,
  };
}

/** Attributes of every single part (the blocks and the actions have getters). */
function resultReviewProps(
  content: ResultReviewContent,
  current: ResultReviewState,
  guardActive: boolean,
): Partial<Record<ResultReviewPart, PartProps>> {
  const { t, ids, blocks } = content;
  return {
    ...dialogParts(SCOPE, {
      ids,
      labelledBy: ids.title,
      describedBy: content.error ? `${ids.intro} ${ids.error}` : ids.intro,
      t,
      status: current.status,
      guardActive,
      data: { 'data-tier': content.risk.tier },
    }),
    intro: { ...attrs('intro'), id: ids.intro },
    ...serverParts(SCOPE, content.server.trusted),
    tool: { ...attrs('tool'), dir: 'auto', translate: 'no' },
    risk: { ...attrs('risk'), 'data-tier': content.risk.tier },
    notice: { ...attrs('notice'), role: 'note' },
    error: { ...attrs('error'), id: ids.error, role: 'note', hidden: content.error === null },
    'content-heading': { ...attrs('content-heading'), id: ids.contentHeading },
    // Server text: never translated, its own direction, labelled as the server's.
    content: {
      ...attrs('content'),
      role: 'group',
      'aria-labelledby': ids.contentHeading,
      hidden: blocks.length === 0,
    },
    'block-text': { ...attrs('block-text'), dir: 'auto', translate: 'no' },
    'block-label': attrs('block-label'),
    truncated: attrs('truncated'),
    empty: { ...attrs('empty'), role: 'note', hidden: blocks.length > 0 },
    ...footerParts(SCOPE, {
      titleId: ids.title,
      guardActive,
      closeLabel: t.t('mcp.result.action.withhold'),
    }),
  };
}
