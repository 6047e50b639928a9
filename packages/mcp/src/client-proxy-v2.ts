import { ProtocolError, ProtocolErrorCode, type Client } from '@modelcontextprotocol/client';
import type { CallOptions, CallParams } from './binding.js';
import type { GuardCore } from './core.js';
import type { ToolCatalog } from './catalog.js';
import { isRawToolCall, overlay, RAW_CALL_REFUSED, rememberCore } from './proxy.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** The v2 SDK client with a gated `callTool`; every other member is the wrapped client's. */
export type GuardedClientV2 = Client & {
  /** The tool catalog this guard reads definitions from. */
  readonly catalog: ToolCatalog;
};

/**
 * The v2 client a host uses: `callTool` gated, `connect` and `listTools` feeding the catalog,
 * and raw `tools/call` through `request()` refused.
 */
export function proxyClientV2(client: Client, core: GuardCore): GuardedClientV2 {
  const { catalog } = core;
  const overrides: Partial<Record<PropertyKey, unknown>> = {
    catalog,
    callTool: ((params, options) =>
      core.callTool(
        params as CallParams,
        options as CallOptions | undefined,
      )) as Client['callTool'],
    async connect(...args: Parameters<Client['connect']>) {
      await client.connect(...args);
      core.connected();
    },
    async listTools(...args: Parameters<Client['listTools']>) {
      const result = await client.listTools(...args);
      catalog.observe(result.tools as Tool[]);
      return result;
    },
    request(...args: Parameters<Client['request']>) {
      if (isRawToolCall(args[0]))
        return Promise.reject(
          new ProtocolError(ProtocolErrorCode.InvalidRequest, RAW_CALL_REFUSED),
        );
      return (client.request as (...forwarded: unknown[]) => unknown)(...args);
    },
  };
  return rememberCore(overlay(client, overrides) as GuardedClientV2, core);
}
