import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ExperimentalClientTasks } from '@modelcontextprotocol/sdk/experimental/tasks/client.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { GuardContext, GuardedClient } from './guard-types.js';

/** Raw `tools/call` would skip the gate: refused like any failing SDK request. */
function refuseRaw(request: { method?: string }): void {
  if (request.method === 'tools/call') {
    throw new McpError(
      ErrorCode.InvalidRequest,
      'tools/call must go through callTool() on a guarded client',
    );
  }
}

/**
 * The client a host uses: the wrapped SDK client with `callTool` gated, `connect` and
 * `listTools` feeding the catalog, and every other way to send `tools/call` refused.
 */
export function proxyClient(context: GuardContext, callTool: Client['callTool']): GuardedClient {
  const { client, catalog } = context;
  let experimental: Client['experimental'] | undefined;
  const overrides: Partial<Record<PropertyKey, unknown>> = {
    catalog,
    callTool,
    async connect(...args: Parameters<Client['connect']>) {
      await client.connect(...args);
      catalog.listen(); // the SDK's own listChanged option, if configured, replaces handlers at connect
      void catalog.refresh();
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
  const guarded = new Proxy(client, {
    get(target, property) {
      if (property === 'experimental') {
        // Task streams would call tools/call around callTool(); route them through the refusing requestStream.
        experimental ??= { tasks: new ExperimentalClientTasks(guarded) };
        return experimental;
      }
      if (Object.hasOwn(overrides, property)) return overrides[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  }) as GuardedClient;
  return guarded;
}
