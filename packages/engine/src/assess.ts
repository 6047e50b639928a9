import { deriveRisk, isAllowAlwaysPermitted, type RiskOptions } from './risk.js';
import type { Assessment, PermissionRequest, ToolCall } from './types.js';

/**
 * What the engine makes of a call before asking (its risk with the engine's risk options, whether
 * Allow always may be offered, the answer to focus first). Apps and renderers read this instead of
 * deriving anything themselves, so every surface says the same thing about a call.
 */
export function assessCall(
  call: Pick<ToolCall, 'tool' | 'server'>,
  options: RiskOptions = {},
): Assessment {
  const allowAlwaysEnabled = isAllowAlwaysPermitted(call.tool);
  return {
    risk: deriveRisk(call.tool, call.server, options),
    allowAlwaysEnabled,
    // Allow always is refused exactly for tools that may destroy data: those focus Deny once.
    allowAlwaysDisabled: allowAlwaysEnabled ? null : 'destructive',
    defaultChoice: allowAlwaysEnabled ? 'allow_once' : 'deny_once',
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
  } = {},
): PermissionRequest {
  return {
    kind: 'permission',
    id: `show-${++standalone}`,
    call,
    ...(options.assessment ?? assessCall(call, options.risk)),
    lookup: { status: 'prompt', reason: 'no_grant' },
    argsHash: null,
    position: 1,
    queueLength: 1,
    signal: options.signal ?? new AbortController().signal,
  };
}
