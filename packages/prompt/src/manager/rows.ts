import type { Choice, DecisionAuditEvent, DecisionOrigin, Grant } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import { attrs } from './anatomy.js';
import type {
  AuditRowView,
  ExpirySetting,
  GrantGrain,
  GrantRowView,
  ManagerContext,
} from './types.js';

/**
 * The one wording of a decision, in the saved list and in the history alike ("Allowed
 * always", "Denied always": the R9 family of "Allow always"/"Deny always"), with its grain
 * when it was remembered for less ("Allowed for this session", "Denied for a time").
 */
export function decisionLabel(t: Translator, choice: Choice, grain?: GrantGrain): string {
  if (grain === 'session' || grain === 'timed') {
    const verb = choice.startsWith('allow') ? 'allow' : 'deny';
    return t.t(`mcp.audit.decision.${verb}_${grain}`);
  }
  return t.t(`mcp.audit.decision.${choice}`);
}

/**
 * The origins with a label of their own (a record, so a new origin must be added here);
 * anything else (an old or foreign log) is "Not recorded".
 */
const ORIGINS: Readonly<Record<DecisionOrigin, true>> = {
  user_prompt: true,
  cache_hit: true,
  auto_revoke_renewal: true,
  policy: true,
  host_callback: true,
  mode: true,
  trusted_read_only: true,
  timeout: true,
  cancelled: true,
  no_renderer: true,
  invalid: true,
};

/** A grant's grain: session grants carry their session, timed ones say so; the rest are "always". */
export const grainOf = (grant: Grant): GrantGrain =>
  grant.sessionId !== undefined ? 'session' : grant.grain === 'timed' ? 'timed' : 'always';

/**
 * When a grant stops deciding, in epoch ms (null: never): its own expiry, and for an allow its
 * tier's lifetime in force counted from when it was granted (the engine checks both).
 */
function effectiveExpiry(grant: Grant, life: ExpirySetting | undefined): number | null {
  const own = grant.expiresAt === null ? null : Date.parse(grant.expiresAt);
  const tierLife = grant.decision === 'allow' ? life?.[grant.riskTier] : undefined;
  if (tierLife === undefined || tierLife === null) return own;
  const byTier = Date.parse(grant.grantedAt) + tierLife;
  return own === null || Number.isNaN(own) ? byTier : Math.min(own, byTier);
}

/** The tool column: a whole-server session grant names no tool ('*', '*read-only'). */
export function toolText(ctx: ManagerContext, grant: Grant): string {
  if (grant.sessionId !== undefined && grant.toolName === '*')
    return ctx.t.t('mcp.grants.tool.every');
  if (grant.sessionId !== undefined && grant.toolName === '*read-only')
    return ctx.t.t('mcp.grants.tool.every_read_only');
  return ctx.text(grant.toolName);
}

/** The decision badge, coloured by its tone (allow or deny), the same in every renderer. */
const decisionBadge = (choice: Choice): PartProps => ({
  ...attrs('decision'),
  'data-tone': choice.startsWith('allow') ? 'allow' : 'deny',
  'data-decision': choice,
});

/**
 * One grant as a table row, its time left counted from `now` and the tier lifetimes in force
 * (`life`, when the engine tells them).
 */
export function grantRow(
  ctx: ManagerContext,
  grant: Grant,
  now: number,
  revoke: (key: string) => Promise<boolean>,
  life?: ExpirySetting,
): GrantRowView {
  const { t, text } = ctx;
  const expiresAt = effectiveExpiry(grant, life);
  // An unreadable date counts as over (the engine treats it so: fail closed).
  const remaining = expiresAt === null ? null : Number.isNaN(expiresAt) ? 0 : expiresAt - now;
  const expired = remaining !== null && remaining <= 0;
  const grain = grainOf(grant);
  const tool = toolText(ctx, grant);
  const server = text(grant.serverId);
  const key = grant.key;
  return {
    key,
    tool,
    server,
    decision: grant.decision,
    grain,
    decisionLabel: decisionLabel(t, `${grant.decision}_always`, grain),
    scopeText: t.t(
      grant.argsHash ? 'mcp.grants.scope.these_arguments' : 'mcp.grants.scope.any_arguments',
    ),
    expiresText:
      grain === 'session' && !expired
        ? t.t('mcp.grants.expires.session')
        : t.formatExpiry(remaining),
    expiresDateText:
      expiresAt === null || Number.isNaN(expiresAt)
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
        'data-grain': grain,
        'data-expired': expired ? 'true' : undefined,
      },
      decision: decisionBadge(`${grant.decision}_always`),
      revoke: {
        ...attrs('revoke'),
        type: 'button',
        'aria-label': t.t('mcp.grants.action.revoke_one', { tool, server }),
      },
    },
    revoke: () => revoke(key),
  };
}

/** How far ahead an answer looks for the dry-run answer its call led to. */
const DRY_RUN_LOOKAHEAD = 50;

const sameCall = (a: DecisionAuditEvent, b: DecisionAuditEvent) =>
  a.server_id === b.server_id &&
  a.tool_name === b.tool_name &&
  a.args_hash === b.args_hash &&
  a.koder_user_id === b.koder_user_id &&
  a.workspace_id === b.workspace_id;

/**
 * The two-key dry run's words (seed 001): the answer to a server's preview was recorded as
 * `sent` / `not_sent`; the allow before it, for the same call, only let the server preview it
 * ("Previewed": nothing was sent for real). Null for any other event.
 */
function dryRunWord(
  event: DecisionAuditEvent,
  index: number,
  events: readonly DecisionAuditEvent[] | undefined,
): 'previewed' | 'sent' | 'not_sent' | null {
  if (event.dry_run === 'sent' || event.dry_run === 'not_sent') return event.dry_run;
  if (!events || !event.decision.startsWith('ALLOW')) return null;
  const next = events
    .slice(index + 1, index + 1 + DRY_RUN_LOOKAHEAD)
    .find((later) => sameCall(later, event));
  return next?.dry_run ? 'previewed' : null;
}

/**
 * One audit event as a history row; `index` is its place in `events` (the whole read, oldest
 * first), for a stable id and to tell an answer that only led to a dry-run preview.
 */
export function auditRow(
  ctx: ManagerContext,
  event: DecisionAuditEvent,
  index: number,
  events?: readonly DecisionAuditEvent[],
): AuditRowView {
  const { t, text } = ctx;
  const decision = event.decision.toLowerCase() as Choice;
  const time = Date.parse(event.timestamp);
  const dryRun = dryRunWord(event, index, events);
  const grain = event.grain === 'session' || event.grain === 'timed' ? event.grain : undefined;
  return {
    id: `${ctx.prefix}-audit-${index}`,
    timeText: Number.isNaN(time) ? text(event.timestamp) : t.t('mcp.audit.at', { time }),
    timestamp: event.timestamp,
    tool: text(event.tool_name),
    server: text(event.server_id),
    decision,
    decisionLabel: dryRun
      ? t.t(`mcp.dry_run.history.${dryRun}`)
      : decisionLabel(t, decision, grain),
    riskTier: event.risk_tier,
    riskText: t.t('mcp.audit.risk', { tier: event.risk_tier }),
    origin: event.origin,
    originText: originText(t, event),
    details: auditDetails(ctx, event),
    props: {
      row: {
        ...attrs('audit-row'),
        'data-decision': decision,
        'data-origin': event.origin,
        'data-grain': grain,
        'data-dry-run': dryRun ?? undefined,
      },
      decision: decisionBadge(decision),
    },
  };
}

/**
 * Who decided, in words. A grant that decided is "Saved permission" only when it was saved: one
 * kept for this session alone (the event's `session` grain) says so. A log from elsewhere may
 * hold an origin this kit does not know: never guess "Your choice".
 */
function originText(t: Translator, event: DecisionAuditEvent): string {
  if (event.origin === 'cache_hit' && event.grain === 'session')
    return t.t('mcp.audit.origin.session_grant');
  return Object.hasOwn(ORIGINS, event.origin)
    ? t.t(`mcp.audit.origin.${event.origin}`)
    : t.t('mcp.audit.origin.unknown');
}

/** The flags of an audit event, in words: the rule that decided, the mode, an edit, a note. */
function auditDetails(ctx: ManagerContext, event: DecisionAuditEvent): string[] {
  const { t } = ctx;
  const details: string[] = [];
  const rule = event.policy_rule;
  if (rule && typeof rule === 'object') details.push(ruleSource(ctx, rule));
  if (event.mode === 'plan' || event.mode === 'non_interactive')
    details.push(t.t('mcp.audit.detail.mode', { mode: event.mode }));
  if (event.edited === true) details.push(t.t('mcp.audit.detail.edited'));
  // The note's text is in the log only when the host opted in; it is the user's own words.
  if (typeof event.deny_reason_text === 'string' && event.deny_reason_text.trim() !== '')
    details.push(t.t('mcp.audit.detail.note_text', { note: ctx.hostText(event.deny_reason_text) }));
  else if (event.deny_reason === true) details.push(t.t('mcp.audit.detail.note'));
  return details;
}

/** "Rule 3 in policy.json" or "Rule 3 (no-rm) in policy.json": 1-based, file and id cleaned. */
export function ruleSource(
  ctx: ManagerContext,
  rule: { file: unknown; index: unknown; id?: unknown },
): string {
  const n = typeof rule.index === 'number' && Number.isInteger(rule.index) ? rule.index + 1 : 0;
  const file = ctx.hostText(rule.file);
  return typeof rule.id === 'string' && rule.id !== ''
    ? ctx.t.t('mcp.rules.source_named', { n, id: ctx.hostText(rule.id), file })
    : ctx.t.t('mcp.rules.source', { n, file });
}
