import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ExperimentalClientTasks } from '@modelcontextprotocol/sdk/experimental/tasks/client.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallParams } from './binding.js';
import type { GuardCore } from './core.js';
import type { GuardedClient } from './guard-types.js';
import { isRawToolCall, overlay, RAW_CALL_REFUSED, rememberCore } from './proxy.js';

/** Raw `tools/call` would skip the gate: refused like any failing SDK request. */
function refuseRaw(request: unknown): void {
  if (isRawToolCall(request)) throw new McpError(ErrorCode.InvalidRequest, RAW_CALL_REFUSED);
}

/**
 * The client a host uses: the wrapped SDK client with `callTool` gated, `connect` and
 * `listTools` feeding the catalog, and every other way to send `tools/call` refused.
 */
export function proxyClient(client: Client, core: GuardCore): GuardedClient {
  const { catalog } = core;
  let experimental: Client['experimental'] | undefined;
  const overrides: Partial<Record<PropertyKey, unknown>> = {
    catalog,
    callTool: ((params, resultSchema, options) =>
      core.callTool(params as CallParams, options, resultSchema)) as Client['callTool'],
    async connect(...args: Parameters<Client['connect']>) {
      await client.connect(...args);
      core.connected();
    },
    async listTools(...args: Parameters<Client['listTools']>) {
      const result = await client.listTools(...args);
      catalog.observe(result.tools);
      return result;
    },
    request(...args: Parameters<Client['request']>) {
      try {
        refuseRaw(args[0]);
      } catch (error) {
        return Promise.reject(error as Error); // rejected like any SDK request, not thrown
      }
      return client.request(...args);
    },
    requestStream(request: { method?: string }, ...rest: unknown[]) {
      refuseRaw(request);
      // Protected in the SDK's types; the experimental task API calls it on the client it was given.
      const stream = (client as unknown as { requestStream: (...args: unknown[]) => unknown })
        .requestStream;
      return stream.call(client, request, ...rest);
    },
  };
  const guarded = overlay(client, overrides, (property, self) => {
    if (property !== 'experimental') return undefined;
    // Task streams would call tools/call around callTool(); route them through the refusing requestStream.
    experimental ??= { tasks: new ExperimentalClientTasks(self) };
    return experimental;
  }) as GuardedClient;
  return rememberCore(guarded, core);
}
