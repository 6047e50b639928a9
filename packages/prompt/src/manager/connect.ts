import type { Choice } from '@mcp-consent/engine';
import type { PartProps } from '../anatomy.js';
import { attrs, type ManagerPart } from './anatomy.js';
import { expiryView } from './expiry.js';
import { auditRow, grantRow } from './rows.js';
import { rulesView } from './rules.js';
import type {
  AuditColumn,
  AuditRowView,
  GrantColumn,
  GrantRowView,
  ManagerActions,
  ManagerApi,
  ManagerContext,
  ManagerState,
} from './types.js';

/** The four decisions, in the order of the history's decision filter. */
export const DECISIONS: readonly Choice[] = [
  'allow_once',
  'allow_always',
  'deny_once',
  'deny_always',
];
const GRANT_COLUMNS: readonly GrantColumn[] = ['tool', 'server', 'decision', 'scope', 'expires'];
const AUDIT_COLUMNS: readonly AuditColumn[] = [
  'time',
  'tool',
  'server',
  'decision',
  'risk',
  'origin',
];

/**
 * The view of the manager at `now`: the engine's grants (newest first, text-filtered) and
 * the history (newest first, filtered, capped), the second step of Revoke all, and the
 * attributes of every part.
 */
export function connectManager(
  ctx: ManagerContext,
  current: ManagerState,
  now: number,
  send: ManagerActions,
): ManagerApi {
  const { t } = ctx;
  const life = typeof ctx.engine.expiry === 'function' ? ctx.engine.expiry() : undefined;
  const all = ctx.engine
    .grants(ctx.filter)
    .slice()
    .sort((a, b) => b.grantedAt.localeCompare(a.grantedAt) || a.key.localeCompare(b.key))
    .map((grant) => grantRow(ctx, grant, now, send.revoke, life));
  const rows = all.filter((row) => matches(ctx, current.grantQuery, row.tool, row.server));
  const history = current.audit
    .map((event, index, events) => auditRow(ctx, event, index, events))
    .reverse()
    .filter(
      (row) =>
        (current.auditDecision === 'all' || row.decision === current.auditDecision) &&
        matches(ctx, current.auditQuery, row.tool, row.server),
    );
  const auditRows = history.slice(0, ctx.limit);
  const confirming = current.confirmingRevokeAll && all.length > 0;
  const rules = rulesView(ctx);
  return {
    locale: t.locale,
    dir: t.dir,
    ids: ctx.ids,
    grants: grantsView(ctx, current, all.length, rows),
    confirm: confirming
      ? {
          text: t.t('mcp.grants.confirm.revoke_all', { count: all.length }),
          confirmLabel: t.t('mcp.grants.action.revoke_all'),
          cancelLabel: t.t('mcp.grants.action.cancel'),
          initialFocus: 'confirm-cancel',
        }
      : null,
    returnFocus: all.length > 0 ? 'revoke-all' : 'grants-heading',
    expiry: expiryView(ctx),
    rules,
    audit: auditView(ctx, current, auditRows),
    status: current.status,
    props: {
      ...managerProps(ctx, current, { all, rows, auditRows, confirming }),
      ...sectionProps(ctx, rules),
    },
    getColumnProps: (part, column) => ({
      ...attrs(part),
      'data-column': column,
      ...(part === 'column-header' ? { scope: 'col' } : {}),
    }),
    ...send,
  };
}

/** A text filter matches a row when the tool or the server contains it, in the user's locale. */
function matches(ctx: ManagerContext, query: string, ...fields: string[]): boolean {
  const { locale } = ctx.t;
  const needle = query.trim().toLocaleLowerCase(locale);
  return needle === '' || fields.some((f) => f.toLocaleLowerCase(locale).includes(needle));
}

function grantsView(
  ctx: ManagerContext,
  current: ManagerState,
  total: number,
  rows: GrantRowView[],
): ManagerApi['grants'] {
  const { t } = ctx;
  return {
    title: t.t('mcp.grants.title'),
    countText: t.t('mcp.grants.count', { count: total }),
    columns: Object.fromEntries(
      GRANT_COLUMNS.map((c) => [c, t.t(`mcp.grants.column.${c}`)]),
    ) as Record<GrantColumn, string>,
    actionsColumn: t.t('mcp.grants.column.actions'),
    rows,
    total,
    emptyText:
      rows.length > 0 ? null : t.t(total === 0 ? 'mcp.grants.empty' : 'mcp.grants.no_match'),
    filter: { label: t.t('mcp.grants.filter'), value: current.grantQuery },
    revokeAllLabel: t.t('mcp.grants.action.revoke_all'),
    canRevokeAll: total > 0,
  };
}

function auditView(
  ctx: ManagerContext,
  current: ManagerState,
  rows: AuditRowView[],
): ManagerApi['audit'] {
  const { t } = ctx;
  return {
    title: t.t('mcp.audit.title'),
    columns: Object.fromEntries(
      AUDIT_COLUMNS.map((c) => [c, t.t(`mcp.audit.column.${c}`)]),
    ) as Record<AuditColumn, string>,
    rows,
    total: current.audit.length,
    emptyText:
      rows.length > 0
        ? null
        : t.t(current.audit.length === 0 ? 'mcp.audit.empty' : 'mcp.audit.no_match'),
    loading: current.auditLoading,
    filter: {
      label: t.t('mcp.audit.filter'),
      value: current.auditQuery,
      decisionLabel: t.t('mcp.audit.filter.decision'),
      decision: current.auditDecision,
      options: [
        { value: 'all', label: t.t('mcp.audit.filter.all') },
        ...DECISIONS.map((d) => ({ value: d, label: t.t(`mcp.audit.decision.${d}`) })),
      ],
    },
  };
}

/** Attributes of the expiry setting and the rules section. */
function sectionProps(
  ctx: ManagerContext,
  rules: ManagerApi['rules'],
): Partial<Record<ManagerPart, PartProps>> {
  const { ids, prefix } = ctx;
  const invalid = rules?.status === 'invalid';
  return {
    expiry: { ...attrs('expiry'), 'aria-labelledby': ids.expiryHeading },
    'expiry-heading': { ...attrs('expiry-heading'), id: ids.expiryHeading },
    'expiry-description': { ...attrs('expiry-description'), id: `${prefix}-expiry-description` },
    rules: { ...attrs('rules'), 'aria-labelledby': ids.rulesHeading },
    'rules-heading': { ...attrs('rules-heading'), id: ids.rulesHeading },
    'rules-description': { ...attrs('rules-description') },
    'rules-count': { ...attrs('rules-count'), hidden: !rules || rules.rows.length === 0 },
    // An invalid policy is an alert when it shows: every call is asked until it is fixed.
    'rules-invalid': { ...attrs('rules-invalid'), role: 'alert', hidden: !invalid },
    'rules-errors': { ...attrs('rules-errors'), hidden: !invalid },
    'rules-error': { ...attrs('rules-error') },
    'rules-table': {
      ...attrs('rules-table'),
      'aria-labelledby': ids.rulesHeading,
      hidden: !rules || rules.rows.length === 0,
    },
    'rules-empty': { ...attrs('rules-empty'), hidden: !rules?.emptyText },
    'rule-note': { ...attrs('rule-note') },
    'audit-detail': { ...attrs('audit-detail') },
  };
}

interface Shown {
  /** Every grant, before the text filter. */
  all: readonly GrantRowView[];
  rows: readonly GrantRowView[];
  auditRows: readonly AuditRowView[];
  confirming: boolean;
}

/** Attributes of every single part (rows and columns have their own). */
function managerProps(
  ctx: ManagerContext,
  current: ManagerState,
  { all, rows, auditRows, confirming }: Shown,
): Partial<Record<ManagerPart, PartProps>> {
  const { t, ids, prefix } = ctx;
  return {
    root: { ...attrs('root'), id: ids.root, dir: t.dir, lang: t.locale },
    grants: { ...attrs('grants'), 'aria-labelledby': ids.grantsHeading },
    'grants-heading': { ...attrs('grants-heading'), id: ids.grantsHeading },
    // With no grants the empty text says it: "No saved permissions" is not said twice.
    'grants-count': { ...attrs('grants-count'), hidden: all.length === 0 },
    'grants-filter-label': { ...attrs('grants-filter-label'), for: `${prefix}-grants-filter` },
    'grants-filter': {
      ...attrs('grants-filter'),
      id: `${prefix}-grants-filter`,
      type: 'search',
      autocomplete: 'off',
      hidden: all.length === 0,
    },
    'grants-table': {
      ...attrs('grants-table'),
      'aria-labelledby': ids.grantsHeading,
      hidden: rows.length === 0,
    },
    'grants-empty': { ...attrs('grants-empty'), hidden: rows.length > 0 },
    'revoke-all': {
      ...attrs('revoke-all'),
      type: 'button',
      hidden: all.length === 0 || confirming,
    },
    confirm: {
      ...attrs('confirm'),
      role: 'group',
      'aria-labelledby': `${prefix}-confirm-text`,
      hidden: !confirming,
    },
    'confirm-text': { ...attrs('confirm-text'), id: `${prefix}-confirm-text` },
    'confirm-action': { ...attrs('confirm-action'), type: 'button' },
    'confirm-cancel': { ...attrs('confirm-cancel'), type: 'button' },
    audit: { ...attrs('audit'), 'aria-labelledby': ids.auditHeading },
    'audit-heading': { ...attrs('audit-heading'), id: ids.auditHeading },
    'audit-filter-label': { ...attrs('audit-filter-label'), for: `${prefix}-audit-filter` },
    'audit-filter': {
      ...attrs('audit-filter'),
      id: `${prefix}-audit-filter`,
      type: 'search',
      autocomplete: 'off',
    },
    'audit-decision-label': {
      ...attrs('audit-decision-label'),
      for: `${prefix}-audit-decision`,
    },
    'audit-decision': { ...attrs('audit-decision'), id: `${prefix}-audit-decision` },
    'audit-table': {
      ...attrs('audit-table'),
      'aria-labelledby': ids.auditHeading,
      'aria-busy': current.auditLoading ? 'true' : undefined,
      hidden: auditRows.length === 0,
    },
    'audit-empty': { ...attrs('audit-empty'), hidden: auditRows.length > 0 },
    status: {
      ...attrs('status'),
      id: ids.status,
      role: 'status',
      'aria-live': 'polite',
      'aria-atomic': 'true',
    },
  };
}
