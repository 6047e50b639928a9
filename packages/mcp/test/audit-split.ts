import {
  isDecisionEvent,
  type AuditEvent,
  type DecisionAuditEvent,
  type OutcomeAuditEvent,
} from '@mcp-consent/engine';

/** An audit callback that files tool-call decisions and elicitation/sampling/roots outcomes apart. */
export function auditInto(decisions: DecisionAuditEvent[], outcomes: OutcomeAuditEvent[] = []) {
  return (event: AuditEvent): void => {
    if (isDecisionEvent(event)) decisions.push(event);
    else outcomes.push(event);
  };
}
