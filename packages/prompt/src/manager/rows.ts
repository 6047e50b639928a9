import type { AuditEvent, Choice, Grant } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import { attrs } from './anatomy.js';
import type { AuditRowView, GrantRowView, ManagerContext } from './types.js';

/**
 * The one wording of a decision, in the saved list and in the history alike ("Allowed
 * always", "Denied always": the R9 family of "Allow always"/"Deny always").
 */
export const decisionLabel = (t: Translator, choice: Choice): string =>
  t.t(`mcp.audit.decision.${choice}`);

/** The decision badge, coloured by its tone (allow or deny), the same in every renderer. */
const decisionBadge = (choice: Choice): PartProps => ({
  ...attrs('decision'),
  'data-tone': choice.startsWith('allow') ? 'allow' : 'deny',
  'data-decision': choice,
});

/** One saved grant as a table row, its expiry counted from `now`. */
export function grantRow(
  ctx: ManagerContext,
  grant: Grant,
  now: number,
  revoke: (key: string) => Promise<boolean>,
): GrantRowView {
  const { t, text } = ctx;
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
    decisionLabel: decisionLabel(t, `${grant.decision}_always`),
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

const sameCall = (a: AuditEvent, b: AuditEvent) =>
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
  event: AuditEvent,
  index: number,
  events: readonly AuditEvent[] | undefined,
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
  event: AuditEvent,
  index: number,
  events?: readonly AuditEvent[],
): AuditRowView {
  const { t, text } = ctx;
  const decision = event.decision.toLowerCase() as Choice;
  const time = Date.parse(event.timestamp);
  const dryRun = dryRunWord(event, index, events);
  return {
    id: `${ctx.prefix}-audit-${index}`,
    timeText: Number.isNaN(time) ? text(event.timestamp) : t.t('mcp.audit.at', { time }),
    timestamp: event.timestamp,
    tool: text(event.tool_name),
    server: text(event.server_id),
    decision,
    decisionLabel: dryRun ? t.t(`mcp.dry_run.history.${dryRun}`) : decisionLabel(t, decision),
    riskTier: event.risk_tier,
    riskText: t.t('mcp.audit.risk', { tier: event.risk_tier }),
    origin: event.origin,
    originText: t.t(`mcp.audit.origin.${event.origin}`),
    props: {
      row: {
        ...attrs('audit-row'),
        'data-decision': decision,
        'data-origin': event.origin,
        'data-dry-run': dryRun ?? undefined,
      },
      decision: decisionBadge(decision),
    },
  };
}
