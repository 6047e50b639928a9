/**
 * The decision log: every call the engine decided on this page, newest first, saying who
 * decided it (the audit origin: you, a saved permission, a rule, the mode…) and, when a
 * policy rule decided or made the engine ask, which rule: "rule N in FILE (layer)".
 */
import { html, nothing, type TemplateResult } from 'lit';
import type {
  DecisionAuditEvent,
  DecisionOrigin,
  PermissionEngine,
  PolicyVerdict,
  RequestResult,
} from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { layerName } from './rules.js';

/** One decided call. `n` counts the decisions of this page. */
export interface LoggedDecision {
  n: number;
  event: DecisionAuditEvent;
  result: RequestResult;
}

/** The log keeps this many decisions (the manager's history keeps them all). */
const KEEP = 50;

const ORIGIN_LABEL = {
  user_prompt: 'mcp.audit.origin.user_prompt',
  cache_hit: 'mcp.audit.origin.cache_hit',
  auto_revoke_renewal: 'mcp.audit.origin.auto_revoke_renewal',
  policy: 'mcp.audit.origin.policy',
  host_callback: 'mcp.audit.origin.host_callback',
  mode: 'mcp.audit.origin.mode',
  trusted_read_only: 'mcp.audit.origin.trusted_read_only',
  timeout: 'mcp.audit.origin.timeout',
  cancelled: 'mcp.audit.origin.cancelled',
  no_renderer: 'mcp.audit.origin.no_renderer',
  invalid: 'mcp.audit.origin.invalid',
} as const satisfies Record<DecisionOrigin, string>;

/** Origins where a person was asked (or was to be): an ask rule is why. */
const ASKED: readonly DecisionOrigin[] = [
  'user_prompt',
  'auto_revoke_renewal',
  'timeout',
  'cancelled',
  'no_renderer',
];

/**
 * Listens to the engine's decisions. `onChange` runs after each one (to redraw).
 * Returns the entries (newest first) and a way to stop listening.
 */
export function createDecisionLog(
  engine: PermissionEngine,
  onChange: () => void,
): { entries(): readonly LoggedDecision[]; dispose(): void } {
  let entries: readonly LoggedDecision[] = [];
  let count = 0;
  const dispose = engine.subscribe((change) => {
    if (change.type !== 'decision') return;
    const entry = { n: ++count, event: change.event, result: change.result };
    entries = [entry, ...entries].slice(0, KEEP);
    onChange();
  });
  return { entries: () => entries, dispose };
}

/** "Allowed once", "Denied for this session"…: the answer and how long it holds. */
function outcome(event: DecisionAuditEvent): string {
  const allowed = event.decision.startsWith('ALLOW');
  const always = event.decision.endsWith('ALWAYS');
  const grain = always ? (event.grain ?? 'always') : 'once';
  return `${allowed ? 'allow' : 'deny'}_${grain}`;
}

/** How a rule took part: it decided (origin `policy`), or it is why the user was asked. */
function ruleRole(origin: DecisionOrigin, rule: PolicyVerdict | undefined) {
  if (!rule) return null;
  if (origin === 'policy') return 'decided';
  return rule.effect === 'ask' && ASKED.includes(origin) ? 'asked' : null;
}

/** "Rule N in FILE (layer)", or "Asked because of rule N in FILE (layer)". */
function ruleLine(t: AppTranslator, origin: DecisionOrigin, rule: PolicyVerdict | undefined) {
  const role = ruleRole(origin, rule);
  if (!rule || !role) return nothing;
  const text = t.t('mcp.playground.log.rule', {
    asked: role === 'asked' ? 'yes' : 'no',
    rule: rule.index + 1,
    file: rule.file,
    layer: layerName(t, rule.layer),
  });
  return html`<span class="decision-rule"
    ><span dir="auto">${text}</span>${
      rule.ruleId ? html` <code dir="auto" translate="no">${rule.ruleId}</code>` : nothing
    }</span
  >`;
}

/** Who decided: a grant kept for this session alone is no saved permission. */
const originLabel = (event: DecisionAuditEvent) =>
  event.origin === 'cache_hit' && event.grain === 'session'
    ? 'mcp.audit.origin.session_grant'
    : ORIGIN_LABEL[event.origin];

function entryView(t: AppTranslator, { n, event, result }: LoggedDecision): TemplateResult {
  const rule = result.rule;
  const how = event.mode
    ? `${t.t(originLabel(event))} · ${t.t('mcp.playground.mode.name', { mode: event.mode })}`
    : t.t(originLabel(event));
  return html`<li
    class="decision"
    data-n=${n}
    data-for-tool=${event.tool_name}
    data-decision=${event.decision}
    data-allowed=${result.allowed ? 'true' : 'false'}
    data-origin=${event.origin}
    data-rule=${rule && ruleRole(event.origin, rule) ? rule.index + 1 : ''}
  >
    <span class="decision-head">
      <code class="tool-name" dir="auto" translate="no">${event.tool_name}</code>
      <span class="decision-outcome"
        >${t.t('mcp.playground.log.decision', { outcome: outcome(event) })}</span
      >
    </span>
    <span class="decision-origin">${how}</span>
    ${ruleLine(t, event.origin, rule)}
    ${
      result.reason
        ? html`<span class="decision-reason"
            >${t.t('mcp.playground.log.reason')} <q dir="auto">${result.reason}</q></span
          >`
        : nothing
    }
  </li>`;
}

/** The log panel. */
export function decisionsPanel(
  t: AppTranslator,
  entries: readonly LoggedDecision[],
): TemplateResult {
  return html`<section class="panel" aria-labelledby="log-heading">
    <h2 id="log-heading">${t.t('mcp.playground.log.heading')}</h2>
    <p class="note">${t.t('mcp.playground.log.note')}</p>
    ${
      entries.length === 0
        ? html`<p class="note" id="decisions-empty">${t.t('mcp.playground.log.empty')}</p>`
        : html`<ul id="decisions" class="decisions">
            ${entries.map((entry) => entryView(t, entry))}
          </ul>`
    }
  </section>`;
}
