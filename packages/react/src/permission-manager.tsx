import { useEffect, useMemo, useRef } from 'react';
import type { AuditEvent, Clock, GrantFilter, RiskTier } from '@mcp-consent/engine';
import { systemClock } from '@mcp-consent/engine';
import {
  createPermissionManager,
  type AuditDecisionFilter,
  type ExpirySetting,
  type ManagerApi,
  type ManagerEngine,
  type ManagerModel,
} from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { useIsClient } from './dom.js';
import { useHeadlessModel } from './hooks/use-model.js';
import {
  Badge,
  CallCells,
  FilterSelect,
  ManagerTable,
  QueryFilter,
  tableColumns,
} from './manager-table.js';
import { useOptionalConsent } from './provider.js';
import { ConsentStyles, type ColorScheme } from './sheet-layer.js';

export interface PermissionManagerProps {
  /** Grants to list and revoke. @default the provider's engine */
  engine?: ManagerEngine;
  /** Reads the audit history, e.g. `() => idbSink.read()` or `() => memorySink.events()`. Without it the history stays empty. @default undefined */
  audit?: () => Promise<readonly AuditEvent[]> | readonly AuditEvent[];
  /** Which grants to show, e.g. the signed-in user's. @default {} (all) */
  filter?: GrantFilter;
  /** @default the provider's clock, else systemClock */
  clock?: Clock;
  /** @default the provider's locale, else 'en-US' */
  locale?: string | readonly string[];
  /** At most this many history rows. @default 200 */
  auditLimit?: number;
  /** Prefix of element ids (set it when a page shows two managers). @default 'mcp-consent-manager' */
  idPrefix?: string;
  /** @default 'auto' */
  colorScheme?: ColorScheme;
  /** Extra class on the root. @default undefined */
  className?: string;
  /** @default the provider's setting, else true */
  injectStyles?: boolean;
  /**
   * Called after the user changed how long Allow always lasts for a tier (spec R5); the engine
   * already applies it. Save `expiry` and give it back as the engine's `expiry` option to keep
   * it across reloads. @default undefined (the change lasts as long as the engine)
   */
  onExpiryChange?: (expiry: ExpirySetting, tier: RiskTier) => void;
}

/**
 * "Saved permissions" (the user's remembered answers — always, this session, for a time — with
 * their time left, revoke one and a confirmed revoke all), "How long Allow always lasts" (the
 * user's R5 setting per tier, when the engine has `expiry`/`setExpiry`; `onExpiryChange` lets
 * the host save it), "Rules" (the policy, read-only, with each rule's layer, or the errors of an
 * invalid policy) and "Permission history" (the audit log, newest first, filterable). Page
 * content, not a dialog; server-renders the grants it can list synchronously.
 */
export function PermissionManager(props: PermissionManagerProps) {
  const context = useOptionalConsent();
  const engine = props.engine ?? context?.engine;
  if (!engine) throw new Error('<PermissionManager> needs an engine or a <ConsentProvider>.');
  const clock = props.clock ?? context?.clock ?? systemClock;
  const locale = props.locale ?? context?.locale ?? 'en-US';
  const isClient = useIsClient();
  // The latest callback, without rebuilding the model when the host passes a new function.
  const onExpiryChange = useRef(props.onExpiryChange);
  onExpiryChange.current = props.onExpiryChange;
  const options = {
    engine,
    clock,
    locale,
    audit: props.audit,
    filter: props.filter,
    auditLimit: props.auditLimit,
    idPrefix: props.idPrefix,
    onExpiryChange: (expiry: ExpirySetting, tier: RiskTier) =>
      onExpiryChange.current?.(expiry, tier),
  };
  const key = JSON.stringify([locale, props.filter ?? {}, props.auditLimit, props.idPrefix]);
  const { api: live } = useHeadlessModel<ManagerApi, ManagerModel>(
    isClient ? key : null,
    () => createPermissionManager(options),
    undefined,
    [engine, clock, props.audit],
  );
  // The server (and hydration) render a snapshot from a model that is destroyed at once.
  const snapshot = useMemo(() => {
    if (isClient) return null;
    const model = createPermissionManager({ ...options, audit: undefined });
    const view = model.connect();
    model.destroy();
    return view;
    // The snapshot is for the first render only.
  }, [isClient]);
  const api = live ?? snapshot;
  const focus = useRevokeFocus(api);
  if (!api) return null;
  const injectStyles = props.injectStyles ?? context?.injectStyles ?? true;

  return (
    <section
      {...p(api.props.root)}
      ref={focus.root}
      className={['mcp-consent-theme', 'mcp-consent-manager', props.className]
        .filter(Boolean)
        .join(' ')}
      data-color-scheme={props.colorScheme ?? 'auto'}
    >
      {injectStyles ? <ConsentStyles nonce={context?.nonce} /> : null}
      <GrantsSection api={api} onRevoke={focus.revoked} />
      <ExpirySection api={api} />
      <RulesSection api={api} />
      <AuditSection api={api} />
    </section>
  );
}

/**
 * Keeps focus on a sensible control when the row holding it is revoked, and
 * moves it through the two steps of Revoke all (Cancel first: the safe choice).
 */
function useRevokeFocus(api: ManagerApi | null) {
  const root = useRef<HTMLElement>(null);
  const pending = useRef<number | null>(null);
  const count = api?.grants.rows.length ?? 0;
  const confirming = api?.confirm != null;
  const initialFocus = api?.confirm?.initialFocus;
  const returnFocus = api?.returnFocus ?? 'grants-heading';
  const wasConfirming = useRef(confirming);
  useEffect(() => {
    const node = root.current;
    if (!node || wasConfirming.current === confirming) return;
    wasConfirming.current = confirming;
    const active = node.ownerDocument.activeElement;
    // Focus on a control that was just hidden counts as lost (browsers move it later).
    const lost =
      !active || active === node.ownerDocument.body || active.getClientRects().length === 0;
    const inConfirm = !!active?.closest('[data-part="confirm"]');
    const part = (name: string) => node.querySelector<HTMLElement>(`[data-part="${name}"]`);
    if (initialFocus) part(initialFocus)?.focus();
    else if (lost || inConfirm) part(returnFocus)?.focus();
  }, [confirming, initialFocus, returnFocus]);
  useEffect(() => {
    const index = pending.current;
    const node = root.current;
    if (index === null || !node) return;
    pending.current = null;
    const buttons = node.querySelectorAll<HTMLElement>('[data-part="revoke"]');
    const next =
      buttons[Math.min(index, buttons.length - 1)] ??
      node.querySelector<HTMLElement>('[data-part="grants-heading"]');
    next?.focus();
  }, [count]);
  return { root, revoked: (index: number) => (pending.current = index) };
}

/** The column of each row's Revoke button (the model names the data columns only). */
const actionsColumn = (part: 'column-header' | 'cell') => ({
  'data-scope': 'manager',
  'data-part': part,
  'data-column': 'actions',
  ...(part === 'column-header' ? { scope: 'col' } : {}),
});

/** The second step of Revoke all: Cancel is focused first (see `useRevokeFocus`), Escape cancels. */
function ConfirmRevokeAll({ api, onConfirm }: { api: ManagerApi; onConfirm: () => void }) {
  const { confirm } = api;
  return (
    <div
      {...p(api.props.confirm)}
      onKeyDown={(event) => {
        if (!api.handleKey(event.key)) return;
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      <p {...p(api.props['confirm-text'])}>{confirm?.text}</p>
      <div className="mcp-consent-confirm-actions">
        <button
          {...p(api.props['confirm-action'])}
          data-emphasis="primary"
          onClick={() => {
            onConfirm();
            void api.confirmRevokeAll();
          }}
        >
          {confirm?.confirmLabel}
        </button>
        <button {...p(api.props['confirm-cancel'])} onClick={api.cancelRevokeAll}>
          {confirm?.cancelLabel}
        </button>
      </div>
    </div>
  );
}

function GrantsSection({ api, onRevoke }: { api: ManagerApi; onRevoke: (index: number) => void }) {
  const { grants } = api;
  const { columns, cell } = tableColumns(api, grants.columns);
  return (
    <section {...p(api.props.grants)}>
      <div className="mcp-consent-section-head">
        <h2 {...p(api.props['grants-heading'])} tabIndex={-1}>
          {grants.title}
        </h2>
        <p {...p(api.props['grants-count'])}>{grants.countText}</p>
      </div>
      <div className="mcp-consent-toolbar" hidden={grants.total === 0}>
        <QueryFilter api={api} of="grants" />
        <button {...p(api.props['revoke-all'])} onClick={api.requestRevokeAll}>
          {grants.revokeAllLabel}
        </button>
      </div>
      <ConfirmRevokeAll api={api} onConfirm={() => onRevoke(0)} />
      <p {...p(api.props.status)}>{api.status}</p>
      <ManagerTable
        api={api}
        name="grants"
        columns={columns}
        extraHeads={<th {...actionsColumn('column-header')}>{grants.actionsColumn}</th>}
      >
        {grants.rows.map((row, index) => (
          <tr {...p(row.props.row)} key={row.key}>
            <CallCells cell={cell} row={row} />
            <td {...cell('scope')}>{row.scopeText}</td>
            <td {...cell('expires')}>
              <span>
                {row.expiresText}
                {row.expiresDateText ? (
                  <span className="mcp-consent-secondary">{row.expiresDateText}</span>
                ) : null}
              </span>
            </td>
            <td {...actionsColumn('cell')}>
              <button
                {...p(row.props.revoke)}
                onClick={() => {
                  onRevoke(index);
                  void row.revoke();
                }}
              >
                {row.revokeLabel}
              </button>
            </td>
          </tr>
        ))}
      </ManagerTable>
      <p {...p(api.props['grants-empty'])}>{grants.emptyText}</p>
    </section>
  );
}

function AuditSection({ api }: { api: ManagerApi }) {
  const { audit } = api;
  const { columns, cell } = tableColumns(api, audit.columns);
  return (
    <section {...p(api.props.audit)}>
      <div className="mcp-consent-section-head">
        <h2 {...p(api.props['audit-heading'])}>{audit.title}</h2>
      </div>
      <div className="mcp-consent-toolbar">
        <QueryFilter api={api} of="audit" />
        <FilterSelect
          labelProps={api.props['audit-decision-label']}
          label={audit.filter.decisionLabel}
          controlProps={api.props['audit-decision']}
          value={audit.filter.decision}
          options={audit.filter.options}
          onChange={(value) => api.setAuditDecision(value as AuditDecisionFilter)}
        />
      </div>
      <ManagerTable api={api} name="audit" columns={columns}>
        {audit.rows.map((row) => (
          <tr {...p(row.props.row)} key={row.id}>
            <td {...cell('time')}>
              <time dateTime={row.timestamp}>{row.timeText}</time>
            </td>
            <CallCells cell={cell} row={row} />
            <td {...cell('risk')}>{row.riskText}</td>
            <td {...cell('origin')}>
              <span>
                {row.originText}
                {row.details.map((detail, index) => (
                  <span
                    {...p(api.props['audit-detail'])}
                    className="mcp-consent-secondary"
                    dir="auto"
                    key={index}
                  >
                    {detail}
                  </span>
                ))}
              </span>
            </td>
          </tr>
        ))}
      </ManagerTable>
      <p {...p(api.props['audit-empty'])}>{audit.emptyText}</p>
    </section>
  );
}

/** How long Allow always lasts per tier (spec R5): one choice per tier, applied at once. */
function ExpirySection({ api }: { api: ManagerApi }) {
  const { expiry } = api;
  if (!expiry) return null;
  return (
    <section {...p(api.props.expiry)}>
      <div className="mcp-consent-section-head">
        <h2 {...p(api.props['expiry-heading'])}>{expiry.title}</h2>
      </div>
      <p {...p(api.props['expiry-description'])}>{expiry.description}</p>
      <div className="mcp-consent-toolbar">
        {expiry.tiers.map((tier) => (
          <FilterSelect
            key={tier.tier}
            labelProps={tier.props.label}
            label={tier.label}
            controlProps={tier.props.select}
            value={tier.value}
            options={tier.options}
            onChange={(value) => api.setExpiry(tier.tier, value)}
          />
        ))}
      </div>
    </section>
  );
}

/** The policy's rules, read-only, highest layer first; or an invalid policy's errors. */
function RulesSection({ api }: { api: ManagerApi }) {
  const { rules } = api;
  if (!rules) return null;
  const { columns, cell } = tableColumns(api, rules.columns);
  return (
    <section {...p(api.props.rules)}>
      <div className="mcp-consent-section-head">
        <h2 {...p(api.props['rules-heading'])}>{rules.title}</h2>
        <p {...p(api.props['rules-count'])}>{rules.countText}</p>
      </div>
      <p {...p(api.props['rules-description'])}>{rules.description}</p>
      <div {...p(api.props['rules-invalid'])}>
        <p>{rules.invalidText}</p>
        <ul {...p(api.props['rules-errors'])}>
          {rules.errors.map((error) => (
            <li {...p(api.props['rules-error'])} id={error.id} key={error.id} dir="auto">
              {error.text}
            </li>
          ))}
        </ul>
      </div>
      <ManagerTable api={api} name="rules" columns={columns}>
        {rules.rows.map((row) => (
          <tr {...p(row.props.row)} key={row.id}>
            <td {...cell('layer')}>{row.layerText}</td>
            <td {...cell('effect')}>
              <Badge props={row.props.effect} label={row.effectText} />
            </td>
            <td {...cell('matches')}>
              <span>
                <span dir="auto">{row.matchText}</span>
                {row.note ? (
                  <span {...p(api.props['rule-note'])} className="mcp-consent-secondary">
                    {row.note}
                  </span>
                ) : null}
              </span>
            </td>
            <td {...cell('source')}>
              <span dir="auto">{row.sourceText}</span>
            </td>
            <td {...cell('reason')}>
              <span dir="auto">{row.reason ?? ''}</span>
            </td>
          </tr>
        ))}
      </ManagerTable>
      <p {...p(api.props['rules-empty'])}>{rules.emptyText}</p>
    </section>
  );
}
