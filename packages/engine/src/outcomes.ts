import { InvalidInputError } from './errors.js';
import { isoTime } from './clock.js';
import type { OutcomeAuditEvent, RequestOutcome } from './outcome-types.js';

/** Per kind: its event type, and the values each copied field may take. */
const KINDS: Record<RequestOutcome['kind'], [string, Record<string, readonly string[]>]> = {
  elicitation: [
    'mcp.elicitation.outcome',
    {
      mode: ['form', 'url'],
      action: ['accept', 'decline', 'cancel'],
      via: ['renderer', 'policy', 'invalid', 'error', 'aborted'],
    },
  ],
  sampling: [
    'mcp.sampling.decision',
    {
      outcome: ['approved', 'edited', 'denied', 'failed'],
      via: ['renderer', 'policy', 'error', 'aborted'],
      step: ['request', 'generate', 'response'],
    },
  ],
  roots: ['mcp.roots.decision', { via: ['renderer', 'remembered', 'policy', 'error', 'aborted'] }],
  result_review: [
    'mcp.result.review',
    {
      outcome: ['sent', 'withheld'],
      via: ['user', 'no_renderer', 'error', 'aborted', 'timeout'],
    },
  ],
};

const text = (value: unknown) => typeof value === 'string' && value.length > 0;

/**
 * Builds the audit event of an answered elicitation, sampling or roots request, copying only
 * the fields it names (so a stray form value or message on the input never reaches a sink).
 * Throws `InvalidInputError` for an outcome it cannot record.
 */
export function toOutcomeEvent(outcome: RequestOutcome, nowMs: number): OutcomeAuditEvent {
  const fail = (problem: string) =>
    new InvalidInputError('outcome', `Invalid outcome: ${problem}.`);
  const kind = Object.hasOwn(KINDS, outcome?.kind) ? KINDS[outcome.kind] : undefined;
  if (!kind) throw fail('unknown kind');
  const { userId, workspaceId, serverId, requestedByApp } = outcome;
  if (![userId, workspaceId, serverId].every(text)) throw fail('an id is not a non-empty string');
  const event: Record<string, unknown> = {
    event_type: kind[0],
    koder_user_id: userId,
    workspace_id: workspaceId,
    server_id: serverId,
    timestamp: isoTime(nowMs),
  };
  if (requestedByApp !== undefined) {
    if (!text(requestedByApp)) throw fail('requestedByApp is empty');
    event.requested_by_app = requestedByApp;
  }
  const fields = outcome as unknown as Record<string, unknown>;
  for (const [field, allowed] of Object.entries(kind[1])) {
    const value = fields[field];
    if (typeof value !== 'string' || !allowed.includes(value)) throw fail(`bad ${field}`);
    event[field] = value;
  }
  if (
    (outcome.kind === 'elicitation' && outcome.tool !== undefined) ||
    outcome.kind === 'result_review'
  ) {
    if (!text(outcome.tool)) throw fail('tool is empty');
    event.tool_name = outcome.tool;
  }
  if (outcome.kind === 'roots') {
    if (!Number.isSafeInteger(outcome.shared) || outcome.shared < 0) throw fail('bad shared');
    event.shared = outcome.shared;
  }
  return event as unknown as OutcomeAuditEvent;
}
