import { InvalidInputError } from './errors.js';
import type { OutcomeAuditEvent, RequestOutcome } from './outcome-types.js';

const VIA = {
  elicitation: ['renderer', 'policy', 'invalid', 'error', 'aborted'],
  sampling: ['renderer', 'policy', 'error', 'aborted'],
  roots: ['renderer', 'remembered', 'policy', 'error', 'aborted'],
} as const;

const nonEmpty = (value: unknown) => typeof value === 'string' && value.length > 0;
const oneOf = (value: unknown, list: readonly string[]) =>
  typeof value === 'string' && list.includes(value);

/** What is wrong with an outcome the host passed (empty: nothing). */
function problems(outcome: RequestOutcome): string[] {
  const found: string[] = [];
  if (typeof outcome !== 'object' || outcome === null) return ['not an object'];
  for (const field of ['userId', 'workspaceId', 'serverId'] as const)
    if (!nonEmpty(outcome[field])) found.push(`${field} must be a non-empty string`);
  if (outcome.requestedByApp !== undefined && !nonEmpty(outcome.requestedByApp))
    found.push('requestedByApp must be a non-empty string when set');
  if (!oneOf(outcome.kind, Object.keys(VIA))) return [...found, 'unknown kind'];
  if (!oneOf(outcome.via, VIA[outcome.kind])) found.push(`via is not one of ${outcome.kind}'s`);
  if (outcome.kind === 'elicitation') {
    if (!oneOf(outcome.mode, ['form', 'url'])) found.push('mode must be form or url');
    if (!oneOf(outcome.action, ['accept', 'decline', 'cancel'])) found.push('unknown action');
    if (outcome.tool !== undefined && !nonEmpty(outcome.tool)) found.push('tool must be non-empty');
  } else if (outcome.kind === 'sampling') {
    if (!oneOf(outcome.outcome, ['approved', 'edited', 'denied', 'failed']))
      found.push('unknown outcome');
    if (!oneOf(outcome.step, ['request', 'generate', 'response'])) found.push('unknown step');
  } else if (!Number.isSafeInteger(outcome.shared) || outcome.shared < 0) {
    found.push('shared must be a count');
  }
  return found;
}

/**
 * Builds the audit event of an answered elicitation, sampling or roots request, copying only
 * the fields it names (so a stray form value or message on the input never reaches a sink).
 * Throws `InvalidInputError` for an outcome it cannot record.
 */
export function toOutcomeEvent(outcome: RequestOutcome, nowMs: number): OutcomeAuditEvent {
  const found = problems(outcome);
  if (found.length > 0)
    throw new InvalidInputError('outcome', `Invalid outcome: ${found.join('; ')}.`);
  const base = {
    koder_user_id: outcome.userId,
    workspace_id: outcome.workspaceId,
    server_id: outcome.serverId,
    timestamp: new Date(nowMs).toISOString(),
    ...(outcome.requestedByApp ? { requested_by_app: outcome.requestedByApp } : {}),
  };
  switch (outcome.kind) {
    case 'elicitation':
      return {
        event_type: 'mcp.elicitation.outcome',
        ...base,
        mode: outcome.mode,
        action: outcome.action,
        via: outcome.via,
        ...(outcome.tool ? { tool_name: outcome.tool } : {}),
      };
    case 'sampling':
      return {
        event_type: 'mcp.sampling.decision',
        ...base,
        outcome: outcome.outcome,
        via: outcome.via,
        step: outcome.step,
      };
    case 'roots':
      return {
        event_type: 'mcp.roots.decision',
        ...base,
        shared: outcome.shared,
        via: outcome.via,
      };
  }
}
