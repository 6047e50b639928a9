import { deriveRisk, effectiveHints, type RiskOptions } from './risk.js';
import type {
  Assessment,
  DefinitionChange,
  LookupResult,
  PermissionRequest,
  RiskTier,
  ToolCall,
} from './types.js';

const RAISED: Readonly<Record<RiskTier, RiskTier>> = {
  low: 'medium',
  medium: 'high',
  high: 'high',
};

/**
 * What the engine makes of a call before asking (its risk with the engine's risk options, whether
 * Allow always may be offered, the answer to focus first). Apps and renderers read this instead of
 * deriving anything themselves, so every surface says the same thing about a call.
 */
export function assessCall(
  call: Pick<ToolCall, 'tool' | 'server'>,
  options: RiskOptions = {},
): Assessment {
  const hints = effectiveHints(call.tool.annotations);
  // Allow always is refused for destructive tools (see `isAllowAlwaysPermitted`).
  const allowAlwaysEnabled = !hints.destructive;
  return {
    risk: deriveRisk(call.tool, call.server, options, hints),
    allowAlwaysEnabled,
    // Allow always is refused exactly for tools that may destroy data: those focus Deny once.
    allowAlwaysDisabled: allowAlwaysEnabled ? null : 'destructive',
    defaultChoice: allowAlwaysEnabled ? 'allow_once' : 'deny_once',
  };
}

/**
 * The assessment while a changed definition is unreviewed (the lookup says
 * `definition_changed`, a possible "rug pull"): the tier one step higher (low → medium →
 * high) with the reason `definition_changed`, and Deny once focused. Any other lookup leaves
 * the assessment as it is. Allow always stays the engine's rule; the prompt adds its own gate.
 * Only the request shown is raised: the grant an answer makes, the result and the audit event
 * keep the tool's own tier (once answered, the change has been seen).
 */
export function assessLookup(assessment: Assessment, lookup: LookupResult | undefined): Assessment {
  // Only the four assessment fields, whatever object they come from (a queue entry).
  const { risk, allowAlwaysEnabled, allowAlwaysDisabled, defaultChoice } = assessment;
  if (lookup?.reason !== 'definition_changed') {
    return { risk, allowAlwaysEnabled, allowAlwaysDisabled, defaultChoice };
  }
  return {
    risk: { ...risk, tier: RAISED[risk.tier], reasons: [...risk.reasons, 'definition_changed'] },
    allowAlwaysEnabled,
    allowAlwaysDisabled,
    defaultChoice: 'deny_once',
  };
}

let standalone = 0;

/**
 * A permission request for a call asked about without an engine (spec R7 `show(toolCall)`): a
 * first call with no saved grant, assessed by the engine's rules. Nothing is stored or audited
 * this way; go through `engine.request` for that.
 */
export function standaloneRequest(
  call: ToolCall,
  options: {
    signal?: AbortSignal;
    /** The engine's assessment (`engine.assess(call)`), so its risk options apply. */
    assessment?: Assessment;
    risk?: RiskOptions;
    /** Why it asks; a `definition_changed` lookup raises the tier (see `assessLookup`). */
    lookup?: LookupResult;
    /** The earlier definition, for a changed one. */
    change?: DefinitionChange;
  } = {},
): PermissionRequest {
  const lookup = options.lookup ?? { status: 'prompt', reason: 'no_grant' };
  return {
    kind: 'permission',
    id: `show-${++standalone}`,
    call,
    requestedBy: call.requestedBy ?? { kind: 'model' },
    ...assessLookup(options.assessment ?? assessCall(call, options.risk), lookup),
    lookup,
    ...(options.change ? { change: options.change } : {}),
    argsHash: null,
    position: 1,
    queueLength: 1,
    signal: options.signal ?? new AbortController().signal,
  };
}
