import type { AuditEvent, Choice, Grant } from '@mcp-consent/engine';
import { partAttrs, type PartProps } from './anatomy.js';
import { createState, resolveTranslator, TEXT_LIMITS, TextCleaner } from './core.js';
import type {
  AuditColumn,
  AuditRowView,
  GrantColumn,
  GrantRowView,
  ManagerApi,
  ManagerPart,
  ManagerState,
  PermissionManager,
  PermissionManagerOptions,
} from './manager-types.js';

const SCOPE = 'manager';
const attrs = (part: ManagerPart) => partAttrs(SCOPE, part);
const MINUTE = 60_000;
const DECISIONS: readonly Choice[] = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];
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
 * The headless model of "Saved permissions" and "Permission history": the user's grants
 * (tool, server, decision, scope, expiry) with revoke one and revoke all (confirmed), and
 * the audit history newest first with a text and decision filter. Live: it re-reads the
 * engine's grants on every `grants` event and the history on every `decision` event.
 * Revoking one grant is immediate (the user is simply asked again next time).
 */
export function createPermissionManager(options: PermissionManagerOptions): PermissionManager {
  const t = resolveTranslator(options);
  const { engine, clock } = options;
  const filter = options.filter ?? {};
  const limit = options.auditLimit ?? 200;
  const prefix = options.idPrefix ?? 'mcp-consent-manager';
  const ids = {
    root: prefix,
    grantsHeading: `${prefix}-grants-heading`,
    auditHeading: `${prefix}-audit-heading`,
    status: `${prefix}-status`,
  };
  const cleaner = new TextCleaner('escape');
  const text = (value: unknown) => cleaner.text(value, TEXT_LIMITS.toolName);
  const state = createState<ManagerState>({
    grantQuery: '',
    auditQuery: '',
    auditDecision: 'all',
    confirmingRevokeAll: false,
    status: '',
    audit: [],
    auditLoading: options.audit !== undefined,
    grantsVersion: 0,
  });

  let destroyed = false;
  let reads = 0;
  const refreshAudit = async () => {
    if (!options.audit) return;
    const read = ++reads;
    try {
      const events = await options.audit();
      // A slower earlier read must not overwrite a newer one.
      if (!destroyed && read === reads) state.set({ audit: [...events], auditLoading: false });
    } catch {
      if (!destroyed && read === reads) state.set({ auditLoading: false });
    }
  };
  const unsubscribe = engine.subscribe((event) => {
    if (event.type === 'grants') state.set({ grantsVersion: state.get().grantsVersion + 1 });
    if (event.type === 'decision') void refreshAudit();
  });
  void refreshAudit();

  const matches = (query: string, ...fields: string[]) => {
    const needle = query.trim().toLocaleLowerCase(t.locale);
    return needle === '' || fields.some((f) => f.toLocaleLowerCase(t.locale).includes(needle));
  };
  const revoke = async (key: string) => {
    const grant = engine.grants(filter).find((g) => g.key === key);
    if (!grant) return false;
    const done = await engine.revoke(grant);
    if (done && !destroyed)
      state.set({ status: t.t('mcp.grants.revoked', { tool: text(grant.toolName) }) });
    return done;
  };
  const confirmRevokeAll = async () => {
    if (!state.get().confirmingRevokeAll) return 0;
    state.set({ confirmingRevokeAll: false });
    const count = await engine.revokeAll(filter);
    if (!destroyed) state.set({ status: t.t('mcp.grants.revoked_all', { count }) });
    return count;
  };

  const grantRow = (grant: Grant, now: number): GrantRowView => {
    const expiresAt = grant.expiresAt === null ? null : Date.parse(grant.expiresAt);
    const remaining = expiresAt === null ? null : expiresAt - now;
    const expired = remaining !== null && remaining <= 0;
    const tool = text(grant.toolName);
    const server = text(grant.serverId);
    const key = grant.key;
    return {
      key,
      tool,
      server,
      decision: grant.decision,
      decisionLabel: t.t(`mcp.grants.decision.${grant.decision}`),
      scopeText: t.t(
        grant.argsHash ? 'mcp.grants.scope.these_arguments' : 'mcp.grants.scope.any_arguments',
      ),
      expiresText: t.formatExpiry(remaining),
      expiresDateText:
        expiresAt === null
          ? null
          : t.t(expired ? 'mcp.grants.expired_on' : 'mcp.grants.expires_on', { date: expiresAt }),
      expired,
      grantedText: t.t('mcp.grants.granted_on', { date: Date.parse(grant.grantedAt) }),
      riskTier: grant.riskTier,
      revokeLabel: t.t('mcp.grants.action.revoke'),
      props: {
        row: {
          ...attrs('grant-row'),
          'data-decision': grant.decision,
          'data-expired': expired ? 'true' : undefined,
        },
        revoke: {
          ...attrs('revoke'),
          type: 'button',
          'aria-label': t.t('mcp.grants.action.revoke_one', { tool, server }),
        },
      },
      revoke: () => revoke(key),
    };
  };

  const auditRow = (event: AuditEvent, index: number): AuditRowView => {
    const decision = event.decision.toLowerCase() as Choice;
    const time = Date.parse(event.timestamp);
    return {
      id: `${prefix}-audit-${index}`,
      timeText: Number.isNaN(time) ? text(event.timestamp) : t.t('mcp.audit.at', { time }),
      timestamp: event.timestamp,
      tool: text(event.tool_name),
      server: text(event.server_id),
      decision,
      decisionLabel: t.t(`mcp.audit.decision.${decision}`),
      riskTier: event.risk_tier,
      riskText: t.t('mcp.audit.risk', { tier: event.risk_tier }),
      origin: event.origin,
      originText: t.t(`mcp.audit.origin.${event.origin}`),
      props: {
        row: { ...attrs('audit-row'), 'data-decision': decision, 'data-origin': event.origin },
      },
    };
  };

  let cache: { state: ManagerState; minute: number; api: ManagerApi } | undefined;
  const connect = (): ManagerApi => {
    const current = state.get();
    const now = clock.now();
    const minute = Math.floor(now / MINUTE);
    if (cache && cache.state === current && cache.minute === minute) return cache.api;

    const all = engine
      .grants(filter)
      .slice()
      .sort((a, b) => b.grantedAt.localeCompare(a.grantedAt) || a.key.localeCompare(b.key))
      .map((grant) => grantRow(grant, now));
    const rows = all.filter((row) => matches(current.grantQuery, row.tool, row.server));
    const history = current.audit
      .map(auditRow)
      .reverse()
      .filter(
        (row) =>
          (current.auditDecision === 'all' || row.decision === current.auditDecision) &&
          matches(current.auditQuery, row.tool, row.server),
      );
    const auditRows = history.slice(0, limit);
    const confirming = current.confirmingRevokeAll && all.length > 0;

    const props: Partial<Record<ManagerPart, PartProps>> = {
      root: { ...attrs('root'), id: ids.root, dir: t.dir, lang: t.locale },
      grants: { ...attrs('grants'), 'aria-labelledby': ids.grantsHeading },
      'grants-heading': { ...attrs('grants-heading'), id: ids.grantsHeading },
      'grants-count': attrs('grants-count'),
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

    const api: ManagerApi = {
      locale: t.locale,
      dir: t.dir,
      ids,
      grants: {
        title: t.t('mcp.grants.title'),
        countText: t.t('mcp.grants.count', { count: all.length }),
        columns: Object.fromEntries(
          GRANT_COLUMNS.map((c) => [c, t.t(`mcp.grants.column.${c}`)]),
        ) as Record<GrantColumn, string>,
        actionsColumn: t.t('mcp.grants.column.actions'),
        rows,
        total: all.length,
        emptyText:
          rows.length > 0
            ? null
            : t.t(all.length === 0 ? 'mcp.grants.empty' : 'mcp.grants.no_match'),
        filter: { label: t.t('mcp.grants.filter'), value: current.grantQuery },
        revokeAllLabel: t.t('mcp.grants.action.revoke_all'),
        canRevokeAll: all.length > 0,
      },
      confirm: confirming
        ? {
            text: t.t('mcp.grants.confirm.revoke_all', { count: all.length }),
            confirmLabel: t.t('mcp.grants.action.revoke_all'),
            cancelLabel: t.t('mcp.grants.action.cancel'),
          }
        : null,
      audit: {
        title: t.t('mcp.audit.title'),
        columns: Object.fromEntries(
          AUDIT_COLUMNS.map((c) => [c, t.t(`mcp.audit.column.${c}`)]),
        ) as Record<AuditColumn, string>,
        rows: auditRows,
        total: current.audit.length,
        emptyText:
          auditRows.length > 0
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
      },
      status: current.status,
      props,
      getColumnProps: (part, column) => ({
        ...attrs(part),
        'data-column': column,
        ...(part === 'column-header' ? { scope: 'col' } : {}),
      }),
      setGrantQuery: (value) => state.set({ grantQuery: value }),
      setAuditQuery: (value) => state.set({ auditQuery: value }),
      setAuditDecision: (value) => {
        if (value === 'all' || DECISIONS.includes(value)) state.set({ auditDecision: value });
      },
      revoke,
      requestRevokeAll: () => {
        if (engine.grants(filter).length > 0) state.set({ confirmingRevokeAll: true });
      },
      confirmRevokeAll,
      cancelRevokeAll: () => state.set({ confirmingRevokeAll: false }),
      refreshAudit,
    };
    cache = { state: current, minute, api };
    return api;
  };

  return {
    connect,
    getState: state.get,
    subscribe: (listener) => state.subscribe(() => listener()),
    destroy: () => {
      destroyed = true;
      unsubscribe();
    },
  };
}
