import type { CallParams, CallResult } from './binding.js';
import { coreOf } from './proxy.js';

/** What an MCP Apps `AppBridge` hands its `oncalltool` handler besides the params. */
interface AppCallExtra {
  signal?: AbortSignal;
  mcpReq?: { signal?: AbortSignal };
}

/**
 * MCP Apps (`@modelcontextprotocol/ext-apps`): the `oncalltool` handler of an `AppBridge` for
 * one app's UI. A tool call the app asks for goes through the same gate as the model's (rules,
 * grants, the prompt, the audit), and the prompt and the audit say the app asked, by `app`, the
 * name the HOST shows for it (never the app's own claim). Without this handler, a bridge that
 * forwards `tools/call` through a guarded client's `request()` is refused.
 *
 * `Result` is the host SDK's `CallToolResult` type: a gated call always answers with one (a
 * denial is an `isError` result too).
 *
 * @example bridge.oncalltool = appToolCalls<CallToolResult>(guarded, 'Weather board');
 */
export function appToolCalls<Result = CallResult>(
  guarded: object,
  app: string,
): (params: CallParams, extra?: AppCallExtra) => Promise<Result> {
  const core = coreOf(guarded);
  if (!core) throw new TypeError('appToolCalls() needs a client from guardClient or guardClientV2');
  const requestedBy = Object.freeze({ kind: 'app' as const, app });
  return (params, extra) => {
    const signal = extra?.signal ?? extra?.mcpReq?.signal;
    return core.callTool(
      params,
      signal ? { signal } : undefined,
      undefined,
      requestedBy,
    ) as Promise<Result>;
  };
}
