import {
  deriveRisk,
  isAllowAlwaysPermitted,
  type PromptRequest,
  type ToolCall,
} from '@mcp-consent/engine';

let counter = 0;

/** Whether `show()` got the engine's `PromptRequest` rather than a bare `ToolCall`. */
export function isPromptRequest(input: ToolCall | PromptRequest): input is PromptRequest {
  return 'call' in input && 'risk' in input && 'signal' in input;
}

/**
 * What `show(toolCall)` asks about: the engine's own risk derivation and Allow-always
 * rule applied to the call, as a first call with no saved grant. Nothing is stored or
 * audited this way; go through `engine.request(call, { prompt: sheet.prompt })` for that.
 */
export function toPromptRequest(
  input: ToolCall | PromptRequest,
  signal?: AbortSignal,
): PromptRequest {
  if (isPromptRequest(input)) return input;
  return {
    id: `show-${++counter}`,
    call: input,
    risk: deriveRisk(input.tool, input.server),
    allowAlwaysEnabled: isAllowAlwaysPermitted(input.tool),
    lookup: { status: 'prompt', reason: 'no_grant' },
    argsHash: null,
    position: 1,
    queueLength: 1,
    signal: signal ?? new AbortController().signal,
  };
}
