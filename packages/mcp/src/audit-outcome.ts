import type { RequestOutcome } from '@mcp-consent/engine';
import type { GuardClientOptions, GuardEvent } from './guard-types.js';

/**
 * The engine's audit record of a guard event, for the kinds the engine audits (elicitation,
 * sampling, roots, result review; tool calls and dry runs are audited by `engine.request` itself). Only the
 * outcome is copied: the events never hold form values, messages or paths to begin with.
 */
export function outcomeOf(event: GuardEvent, options: GuardClientOptions): RequestOutcome | null {
  const who = {
    userId: options.userId,
    workspaceId: options.workspaceId,
    serverId: event.serverId,
  };
  switch (event.type) {
    case 'elicitation': {
      const { mode, action, via, tool, requestedByApp } = event;
      return {
        kind: 'elicitation',
        ...who,
        mode,
        action,
        via,
        ...(tool ? { tool } : {}),
        ...(requestedByApp ? { requestedByApp } : {}),
      };
    }
    case 'sampling':
      return { kind: 'sampling', ...who, outcome: event.outcome, via: event.via, step: event.step };
    case 'roots':
      return { kind: 'roots', ...who, shared: event.shared, via: event.via };
    case 'result_review':
      return {
        kind: 'result_review',
        ...who,
        tool: event.tool,
        outcome: event.outcome,
        via: event.via,
      };
    default:
      return null;
  }
}

/**
 * Audits a guard event through the engine, best effort: a refused record or an engine without
 * `recordOutcome` is a warning, never a change to what was answered (that is already sent).
 */
export function auditOutcome(
  event: GuardEvent,
  options: GuardClientOptions,
  warn: (message: string) => void,
): void {
  const outcome = outcomeOf(event, options);
  if (!outcome) return;
  try {
    options.engine.recordOutcome(outcome);
  } catch (error) {
    warn(`Could not audit a ${outcome.kind} outcome: ${String(error)}`);
  }
}
