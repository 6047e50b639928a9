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

/** One audit event as a history row; `index` is its place in the read, for a stable id. */
export function auditRow(ctx: ManagerContext, event: AuditEvent, index: number): AuditRowView {
  const { t, text } = ctx;
  const decision = event.decision.toLowerCase() as Choice;
  const time = Date.parse(event.timestamp);
  return {
    id: `${ctx.prefix}-audit-${index}`,
    timeText: Number.isNaN(time) ? text(event.timestamp) : t.t('mcp.audit.at', { time }),
    timestamp: event.timestamp,
    tool: text(event.tool_name),
    server: text(event.server_id),
    decision,
    decisionLabel: decisionLabel(t, decision),
    riskTier: event.risk_tier,
    riskText: t.t('mcp.audit.risk', { tier: event.risk_tier }),
    origin: event.origin,
    originText: t.t(`mcp.audit.origin.${event.origin}`),
    props: {
      row: { ...attrs('audit-row'), 'data-decision': decision, 'data-origin': event.origin },
      decision: decisionBadge(decision),
    },
  };
}
