import { standaloneRequest, type PromptRequest, type ToolCall } from '@mcp-consent/engine';

/** Whether `show()` got the engine's `PromptRequest` rather than a bare `ToolCall`. */
export function isPromptRequest(input: ToolCall | PromptRequest): input is PromptRequest {
  return 'call' in input && 'risk' in input && 'signal' in input;
}

/**
 * What `show(toolCall)` asks about: the engine's own assessment of the call, as a first call
 * with no saved grant. Nothing is stored or audited this way; go through
 * `engine.request(call, { prompt: sheet.prompt })` for that.
 */
export function toPromptRequest(
  input: ToolCall | PromptRequest,
  signal?: AbortSignal,
): PromptRequest {
  if (isPromptRequest(input)) return input;
  return standaloneRequest(input, signal ? { signal } : {});
}
