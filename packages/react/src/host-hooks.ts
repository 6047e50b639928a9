import { useMemo } from 'react';
import type { RequestOptions, RequestResult, ToolCall } from '@mcp-consent/engine';
import type { ConsentPresenter } from '@mcp-consent/prompt';
import { useConsent } from './provider.js';

/**
 * The hooks a host asks the user through. Each returns a callback of the provider's one
 * presenter, so whatever is asked waits in the same queue as everything else.
 */

/** The prompt callback to pass to `engine.request(call, { prompt })`: `presenter.prompt`. */
export function usePrompter(): ConsentPresenter['prompt'] {
  return useConsent().presenter.prompt;
}

/**
 * Spec R7, as Lit's `sheet.show` and Ink's `prompter.show`: `show(toolCall | request,
 * onDecision?, { signal }?)` asks about a tool call (assessed by the engine's rules; nothing
 * stored or audited) or an engine request, calls `onDecision` with the answer and resolves
 * with it too. Aborting `signal` answers Deny once.
 */
export function useShow(): ConsentPresenter['show'] {
  return useConsent().presenter.show;
}

/**
 * `elicit({ params, server, signal })`: a server's question (MCP `elicitation/create`) in the
 * provider's `<ElicitationSheet>`, resolving `accept` (with content), `decline` or `cancel`.
 * The call has the shape `@mcp-consent/mcp` hands over, so `elicit` plugs into `guardClient`.
 */
export function useElicit(): ConsentPresenter['elicit'] {
  return useConsent().presenter.elicit;
}

/**
 * `roots({ server, roots, signal })`: which of the host's roots a server may see (MCP
 * `roots/list`), in the provider's `<RootsSheet>`; resolves with the URIs the user shared. The
 * call has the shape `@mcp-consent/mcp` hands over, so it plugs in as `roots.pickRoots`.
 */
export function useRoots(): ConsentPresenter['roots'] {
  return useConsent().presenter.roots;
}

/** A `reviewResult` callback for `@mcp-consent/mcp`, shown by `<ResultReviewSheet>`. */
export function useResultReview(): ConsentPresenter['result'] {
  return useConsent().presenter.result;
}

/**
 * `requestPermission(call)`: the engine's whole flow (lookup, prompt through
 * the provider's sheet, grant, audit). Resolves exactly once.
 */
export function useRequestPermission(): (
  call: ToolCall,
  options?: Omit<RequestOptions, 'prompt'>,
) => Promise<RequestResult> {
  const { engine, presenter } = useConsent();
  return useMemo(
    () => (call, options) => engine.request(call, { ...options, prompt: presenter.prompt }),
    [engine, presenter],
  );
}
