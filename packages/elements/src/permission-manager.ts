import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { systemClock, type AuditEvent, type Clock, type GrantFilter } from '@mcp-consent/engine';
import {
  createPermissionManager,
  type AuditColumn,
  type AuditDecisionFilter,
  type ExpiryTierView,
  type GrantColumn,
  type ManagerApi,
  type ManagerEngine,
  type ManagerModel,
  type PartProps,
  type RuleColumn,
} from '@mcp-consent/prompt';
import { emit } from './events.js';
import { ModelController } from './internal/model-controller.js';
import { spread } from './internal/spread.js';
import { permissionManagerStyles } from './permission-manager.styles.js';
import { buttons, tokens } from './styles/tokens.styles.js';

const GRANT_COLUMNS: readonly GrantColumn[] = ['tool', 'server', 'decision', 'scope', 'expires'];
const AUDIT_COLUMNS: readonly AuditColumn[] = [
  'time',
  'tool',
  'server',
  'decision',
  'risk',
  'origin',
];
const RULE_COLUMNS: readonly RuleColumn[] = ['layer', 'effect', 'matches', 'source', 'reason'];

/**
 * @tagname mcp-permission-manager
 * `<mcp-permission-manager>`: the user's saved permissions (tool, server, decision with its
 * grain — always, this session, for a time — scope, time left) with Revoke and a confirmed
 * Revoke all; how long Allow always lasts per risk tier (the user's R5 setting); the policy's
 * rules, read-only, with their layer (or the errors of an invalid policy); and the permission
 * history (audit log), newest first, filtered by text and decision. Live: it follows the
 * engine's grant, policy and decision events, and time left goes down on the clock. An inline
 * panel for a settings page, not a dialog.
 *
 * ```js
 * manager.engine = engine;
 * manager.audit = () => auditSink.read();
 * // The expiry setting applies at once; save it to keep it (the engine's `expiry` option).
 * manager.addEventListener('mcp-expiry-change', (e) => save(e.detail.expiry));
 * ```
 *
 * @slot - none: every string comes from the model.
 * @fires {CustomEvent<RevokeDetail>} mcp-revoke - before one grant is revoked; cancelable (`preventDefault()` keeps it).
 * @fires {CustomEvent<RevokeAllDetail>} mcp-revoke-all - before every listed grant is revoked (after the confirmation); cancelable.
 * @fires {CustomEvent<ExpiryChangeDetail>} mcp-expiry-change - after the user changed a tier's lifetime (the engine already applies it): save `detail.expiry` to keep it.
 * @csspart root - the panel (`dir`, `lang`).
 * @csspart grants - the "Saved permissions" section.
 * @csspart grants-heading - its heading.
 * @csspart grants-count - "4 saved permissions".
 * @csspart grants-filter-label - the label of the grants filter.
 * @csspart grants-filter - the text filter of the grants.
 * @csspart grants-table - the table of grants.
 * @csspart grants-empty - "No saved permissions…" or "…match the filter".
 * @csspart grant-row - one grant (`data-decision`, `data-grain`, `data-expired`).
 * @csspart revoke - a row's Revoke button.
 * @csspart revoke-all - Revoke all.
 * @csspart confirm - the confirmation of Revoke all (Cancel is focused first; Escape cancels).
 * @csspart confirm-text - "Revoke all 4 saved permissions? …".
 * @csspart confirm-action - confirms Revoke all.
 * @csspart confirm-cancel - keeps the grants.
 * @csspart status - the last change ("Permission for x revoked"), a polite live region.
 * @csspart expiry - the "How long Allow always lasts" section (shown when the engine has `expiry`/`setExpiry`).
 * @csspart expiry-heading - its heading.
 * @csspart expiry-description - what the setting does.
 * @csspart expiry-label - the label of one tier's choice.
 * @csspart expiry-select - one tier's choice of lifetime (`data-tier`).
 * @csspart rules - the read-only "Rules" section (shown when the engine has `policy()`).
 * @csspart rules-heading - its heading.
 * @csspart rules-description - who sets the rules, and that they are not changed here.
 * @csspart rules-count - "3 rules".
 * @csspart rules-invalid - an invalid policy: every call is asked until it is fixed (an alert).
 * @csspart rules-errors - the list of its errors.
 * @csspart rules-error - one error ("Error at file:line:column field: message").
 * @csspart rules-table - the rules, highest layer first.
 * @csspart rules-empty - "No rules are set."
 * @csspart rule-row - one rule (`data-layer`, `data-effect`).
 * @csspart rule-note - what the engine holds an allow rule to (never a destructive tool below the host layer).
 * @csspart effect - the badge of a rule's effect (`data-effect`).
 * @csspart audit-detail - what else a decision says (the rule, the mode, edited, a note).
 * @csspart audit - the "Permission history" section.
 * @csspart audit-heading - its heading.
 * @csspart audit-filter-label - the label of the history text filter.
 * @csspart audit-filter - the text filter of the history.
 * @csspart audit-decision-label - the label of the decision filter.
 * @csspart audit-decision - the decision filter.
 * @csspart audit-table - the table of decisions, newest first.
 * @csspart audit-empty - "No decisions recorded yet" or "…match the filter".
 * @csspart audit-row - one decision (`data-decision`, `data-origin`, `data-grain`).
 * @csspart column-header - a table header (`data-column`).
 * @csspart cell - a table cell (`data-column`, `data-label`).
 * @csspart decision - the badge of a row's decision (`data-tone` allow or deny, `data-decision`).
 * @cssprop [--mcp-surface] - and every other colour token of `<mcp-permission-sheet>`; decisions use the success and error containers.
 */
export class McpPermissionManager extends LitElement {
  static override properties = {
    engine: { attribute: false },
    audit: { attribute: false },
    clock: { attribute: false },
    filter: { attribute: false },
    locale: { type: String },
    theme: { type: String, reflect: true },
  };
  static override styles = [tokens, buttons, permissionManagerStyles];

  /** The engine whose grants are listed and revoked. @default undefined */
  declare engine: ManagerEngine | undefined;
  /** Reads the audit history, e.g. `() => sink.read()`. @default undefined (no history) */
  declare audit: (() => Promise<readonly AuditEvent[]> | readonly AuditEvent[]) | undefined;
  /** "expires in 7 days" counts from it. @default systemClock */
  declare clock: Clock;
  /** Which grants to list and revoke, e.g. `{ userId }`. @default {} */
  declare filter: GrantFilter;
  /** Locale or preferred locales. @default navigator.languages */
  declare locale: string | readonly string[] | undefined;
  /** `light`, `dark`, or unset to follow `prefers-color-scheme`. @default undefined */
  declare theme: 'light' | 'dark' | undefined;

  private readonly model = new ModelController<ManagerApi>(this);
  private manager: ManagerModel | undefined;

  constructor() {
    super();
    this.clock = systemClock;
    this.filter = {};
  }

  /** The headless model, for hosts that want its intents (`revoke`, `setAuditQuery`, …). */
  get api(): ManagerApi | undefined {
    return this.model.api;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.manager) this.rebuild();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.manager?.destroy();
    this.manager = undefined;
    this.model.set(undefined);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const inputs = ['engine', 'audit', 'clock', 'filter', 'locale'] as const;
    if (inputs.some((name) => changed.has(name))) this.rebuild();
  }

  private rebuild(): void {
    this.manager?.destroy();
    this.manager = this.engine
      ? createPermissionManager({
          engine: this.engine,
          audit: this.audit,
          clock: this.clock,
          filter: this.filter,
          locale: this.locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.languages),
          onExpiryChange: (expiry, tier) => emit(this, 'mcp-expiry-change', { expiry, tier }),
        })
      : undefined;
    this.model.set(this.manager);
  }

  override render(): TemplateResult {
    const api = this.model.api;
    if (!api) return html``;
    return html`<div ${spread(api.props.root!)} class="panel">
      ${this.renderGrants(api)} ${this.renderExpiry(api)} ${this.renderRules(api)}
      ${this.renderAudit(api)}
    </div>`;
  }

  private renderExpiry(api: ManagerApi): TemplateResult | typeof nothing {
    const e = api.expiry;
    if (!e) return nothing;
    const p = api.props;
    const tier = (view: ExpiryTierView) =>
      html`<div class="filter">
        <label ${spread(view.props.label)}>${view.label}</label>
        <select
          ${spread(view.props.select)}
          @change=${(event: Event) => {
            const select = event.target as HTMLSelectElement;
            // A refused value leaves the setting in force: show it again.
            if (!api.setExpiry(view.tier, select.value)) select.value = view.value;
          }}
        >
          ${view.options.map(
            (o) =>
              html`<option .value=${o.value} ?selected=${o.value === view.value}>
                ${o.label}
              </option>`,
          )}
        </select>
      </div>`;
    return html`<section ${spread(p.expiry!)}>
      <div class="section-head">
        <h2 ${spread(p['expiry-heading']!)}>${e.title}</h2>
      </div>
      <p ${spread(p['expiry-description']!)} class="empty">${e.description}</p>
      <div class="toolbar">${e.tiers.map(tier)}</div>
    </section>`;
  }

  private renderRules(api: ManagerApi): TemplateResult | typeof nothing {
    const r = api.rules;
    if (!r) return nothing;
    const p = api.props;
    const cell = this.cell.bind(this, api);
    return html`<section ${spread(p.rules!)}>
      <div class="section-head">
        <h2 ${spread(p['rules-heading']!)}>${r.title}</h2>
        <p ${spread(p['rules-count']!)} class="count">${r.countText}</p>
      </div>
      <p ${spread(p['rules-description']!)} class="empty">${r.description}</p>
      <div ${spread(p['rules-invalid']!)} class="alert">
        <p>${r.invalidText ?? ''}</p>
        <ul ${spread(p['rules-errors']!)} class="errors">
          ${r.errors.map(
            (error) =>
              html`<li ${spread(p['rules-error']!)} id=${error.id} class="mono" dir="auto">
                ${error.text}
              </li>`,
          )}
        </ul>
      </div>
      <div
        class="scroll"
        role="group"
        aria-labelledby=${api.ids.rulesHeading}
        tabindex="0"
        ?hidden=${r.rows.length === 0}
      >
        <table ${spread(p['rules-table']!)}>
          <thead>
            <tr>
              ${RULE_COLUMNS.map(
                (c) =>
                  html`<th ${spread(api.getColumnProps('column-header', c))}>${r.columns[c]}</th>`,
              )}
            </tr>
          </thead>
          <tbody>
            ${r.rows.map(
              (row) =>
                html`<tr ${spread(row.props.row)}>
                  ${cell('layer', r.columns.layer, row.layerText)}
                  ${cell('effect', r.columns.effect, badge(row.props.effect, row.effectText))}
                  ${cell('matches', r.columns.matches, matches(p['rule-note']!, row.matchText, row.note))}
                  ${cell('source', r.columns.source, html`<span dir="auto">${row.sourceText}</span>`)}
                  ${cell('reason', r.columns.reason, html`<span dir="auto">${row.reason ?? ''}</span>`)}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <p ${spread(p['rules-empty']!)} class="empty">${r.emptyText ?? ''}</p>
    </section>`;
  }

  /** Each cell carries its column's name, shown before the value when the panel is narrow. */
  private cell(
    api: ManagerApi,
    column: GrantColumn | AuditColumn | RuleColumn,
    label: string,
    content: unknown,
  ): TemplateResult {
    return html`<td ${spread(api.getColumnProps('cell', column))} data-label=${label}>
      ${content}
    </td>`;
  }

  private renderGrants(api: ManagerApi): TemplateResult {
    const p = api.props;
    const g = api.grants;
    const cell = this.cell.bind(this, api);
    return html`<section ${spread(p.grants!)}>
      <div class="section-head">
        <h2 ${spread(p['grants-heading']!)} tabindex="-1">${g.title}</h2>
        <p ${spread(p['grants-count']!)} class="count">${g.countText}</p>
      </div>
      <div class="toolbar" ?hidden=${g.total === 0}>
        <div class="filter">
          <label ${spread(p['grants-filter-label']!)}>${g.filter.label}</label>
          <input
            ${spread(p['grants-filter']!)}
            .value=${g.filter.value}
            @input=${(e: Event) => api.setGrantQuery((e.target as HTMLInputElement).value)}
          />
        </div>
        <button ${spread(p['revoke-all']!)} @click=${() => api.requestRevokeAll()}>
          ${g.revokeAllLabel}
        </button>
      </div>
      <div ${spread(p.confirm!)} class="confirm" @keydown=${this.onConfirmKey}>
        <p ${spread(p['confirm-text']!)}>${api.confirm?.text ?? ''}</p>
        <div class="confirm-actions">
          <button
            ${spread(p['confirm-action']!)}
            data-emphasis="primary"
            @click=${this.onRevokeAll}
          >
            ${api.confirm?.confirmLabel ?? ''}
          </button>
          <button ${spread(p['confirm-cancel']!)} @click=${() => api.cancelRevokeAll()}>
            ${api.confirm?.cancelLabel ?? ''}
          </button>
        </div>
      </div>
      <p ${spread(p.status!)} class="status">${api.status}</p>
      <div
        class="scroll"
        role="group"
        aria-labelledby=${api.ids.grantsHeading}
        tabindex="0"
        ?hidden=${g.rows.length === 0}
      >
        <table ${spread(p['grants-table']!)}>
          <thead>
            <tr>
              ${GRANT_COLUMNS.map(
                (c) =>
                  html`<th ${spread(api.getColumnProps('column-header', c))}>${g.columns[c]}</th>`,
              )}
              <th part="column-header" data-part="column-header" data-column="actions" scope="col">
                ${g.actionsColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            ${g.rows.map(
              (row) =>
                html`<tr ${spread(row.props.row)}>
                  ${cell('tool', g.columns.tool, html`<span class="mono" dir="auto">${row.tool}</span>`)}
                  ${cell('server', g.columns.server, html`<span dir="auto">${row.server}</span>`)}
                  ${cell('decision', g.columns.decision, badge(row.props.decision, row.decisionLabel))}
                  ${cell('scope', g.columns.scope, row.scopeText)}
                  ${cell('expires', g.columns.expires, expiry(row.expiresText, row.expiresDateText))}
                  <td class="actions-cell" data-column="actions">
                    <button
                      ${spread(row.props.revoke)}
                      @click=${() => this.onRevoke(row.key, row.tool, row.server)}
                    >
                      ${row.revokeLabel}
                    </button>
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <p ${spread(p['grants-empty']!)} class="empty">${g.emptyText ?? ''}</p>
    </section>`;
  }

  private renderAudit(api: ManagerApi): TemplateResult {
    const p = api.props;
    const a = api.audit;
    const cell = this.cell.bind(this, api);
    return html`<section ${spread(p.audit!)}>
      <div class="section-head">
        <h2 ${spread(p['audit-heading']!)}>${a.title}</h2>
      </div>
      <div class="toolbar">
        <div class="filter">
          <label ${spread(p['audit-filter-label']!)}>${a.filter.label}</label>
          <input
            ${spread(p['audit-filter']!)}
            .value=${a.filter.value}
            @input=${(e: Event) => api.setAuditQuery((e.target as HTMLInputElement).value)}
          />
        </div>
        <div class="filter">
          <label ${spread(p['audit-decision-label']!)}>${a.filter.decisionLabel}</label>
          <select
            ${spread(p['audit-decision']!)}
            @change=${(e: Event) =>
              api.setAuditDecision((e.target as HTMLSelectElement).value as AuditDecisionFilter)}
          >
            ${a.filter.options.map(
              (o) =>
                html`<option .value=${o.value} ?selected=${o.value === a.filter.decision}>
                  ${o.label}
                </option>`,
            )}
          </select>
        </div>
      </div>
      <div
        class="scroll"
        role="group"
        aria-labelledby=${api.ids.auditHeading}
        tabindex="0"
        ?hidden=${a.rows.length === 0}
      >
        <table ${spread(p['audit-table']!)}>
          <thead>
            <tr>
              ${AUDIT_COLUMNS.map(
                (c) =>
                  html`<th ${spread(api.getColumnProps('column-header', c))}>${a.columns[c]}</th>`,
              )}
            </tr>
          </thead>
          <tbody>
            ${a.rows.map(
              (row) =>
                html`<tr ${spread(row.props.row)}>
                  ${cell('time', a.columns.time, html`<time datetime=${row.timestamp}>${row.timeText}</time>`)}
                  ${cell('tool', a.columns.tool, html`<span class="mono" dir="auto">${row.tool}</span>`)}
                  ${cell('server', a.columns.server, html`<span dir="auto">${row.server}</span>`)}
                  ${cell('decision', a.columns.decision, badge(row.props.decision, row.decisionLabel))}
                  ${cell('risk', a.columns.risk, row.riskText)}
                  ${cell('origin', a.columns.origin, origin(p['audit-detail']!, row.originText, row.details))}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <p ${spread(p['audit-empty']!)} class="empty">${a.emptyText ?? ''}</p>
    </section>`;
  }

  private async onRevoke(key: string, tool: string, server: string): Promise<void> {
    if (!emit(this, 'mcp-revoke', { key, tool, server }, true)) return;
    const buttons = () => [
      ...this.renderRoot.querySelectorAll<HTMLElement>('[data-part="revoke"]'),
    ];
    const index = buttons().indexOf(this.shadowRoot?.activeElement as HTMLElement);
    await this.model.api?.revoke(key);
    await this.updateComplete;
    // The row is gone: keep focus in the list (the next row's button, else the heading).
    if (index >= 0) this.focusAfterRemoval(buttons()[Math.min(index, buttons().length - 1)]);
  }

  private focusAfterRemoval(next: HTMLElement | undefined): void {
    (next ?? this.renderRoot.querySelector<HTMLElement>('[data-part="grants-heading"]'))?.focus();
  }

  private readonly onRevokeAll = async (): Promise<void> => {
    const api = this.model.api;
    if (!api || !emit(this, 'mcp-revoke-all', { count: api.grants.total }, true)) {
      api?.cancelRevokeAll();
      return;
    }
    await api.confirmRevokeAll();
    // The grants are gone, and Revoke all with them: focus goes to the heading.
    await this.updateComplete;
    this.restoreFocus();
  };

  /** Escape in the confirmation cancels it (the model decides which keys count). */
  private readonly onConfirmKey = (event: KeyboardEvent): void => {
    if (!this.model.api?.handleKey(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
  };

  private wasConfirming = false;

  /**
   * Focus follows the confirmation of Revoke all: to its safe answer (Cancel) when it opens,
   * never the destructive one; back to Revoke all (or the heading, once the grants are gone)
   * when it closes, if focus was in it and so would fall to the page.
   */
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const api = this.model.api;
    const confirming = api?.confirm != null;
    if (!api || confirming === this.wasConfirming) return;
    this.wasConfirming = confirming;
    if (api.confirm) this.partNamed(api.confirm.initialFocus)?.focus();
    else this.restoreFocus();
  }

  private partNamed(name: string): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`[data-part="${name}"]`);
  }

  /** Focus on a control that was just hidden (or in the closed confirmation) goes back. */
  private restoreFocus(): void {
    const api = this.model.api;
    const active = this.shadowRoot?.activeElement as HTMLElement | null;
    const lost = !active || active.getClientRects().length === 0 || !!active.closest('.confirm');
    if (api && lost) this.partNamed(api.returnFocus)?.focus();
  }
}

const badge = (props: PartProps, label: string) => html`<span ${spread(props)}>${label}</span>`;

/** What a rule matches and, on its own line, what the engine holds it to. */
const matches = (noteProps: PartProps, text: string, note: string | null) =>
  html`<span
    ><span dir="auto">${text}</span>${
      note ? html`<span ${spread(noteProps)} class="secondary">${note}</span>` : nothing
    }</span
  >`;

/** Who decided and, each on its own line, what else the event says (the rule, edited, …). */
const origin = (detail: PartProps, text: string, details: readonly string[]) =>
  html`<span
    >${text}${details.map(
      (d) => html`<span ${spread(detail)} class="secondary" dir="auto">${d}</span>`,
    )}</span
  >`;

/** "expires in 30 days" and, on its own line, the date. */
const expiry = (text: string, date: string | null) =>
  html`<span>${text}${date ? html`<span class="secondary">${date}</span>` : nothing}</span>`;
