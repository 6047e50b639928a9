import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createToolCatalog } from './catalog.js';
import { createCallGate } from './call-gate.js';
import { proxyClient } from './client-proxy.js';
import { registerElicitation } from './elicitation-handler.js';
import type { GuardClientOptions, GuardContext, GuardedClient, GuardEvent } from './guard-types.js';
import { registerServerLog } from './server-log.js';
import { UserTimeGate } from './user-time.js';

export type { GuardClientOptions, GuardedClient, GuardEvent } from './guard-types.js';

/**
 * Wraps an SDK `Client` (before `connect`) so that `callTool` asks the engine first. A denied
 * call never reaches the server and returns an `isError` result telling the model not to retry.
 * Connect through the returned client and stop using the original one: it stays ungated.
 *
 * The parts, one job each: `call-gate.ts` (ask, re-ask on a changed tool, send what was
 * approved), `dry-run-flow.ts` (seed 001's two keys), `elicitation-handler.ts` (the server's
 * own questions), `client-proxy.ts` (the client a host uses), `catalog.ts` (tool definitions).
 */
export function guardClient(client: Client, options: GuardClientOptions): GuardedClient {
  if (client.transport) throw new Error('guardClient() must wrap the client before connect()');
  const warn = options.onWarning ?? ((message: string) => console.warn(`[mcp-consent] ${message}`));
  const report = (event: GuardEvent) => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      warn(`onEvent threw: ${String(error)}`);
    }
  };
  const catalog = createToolCatalog(client, {
    ...options.catalog,
    onError: (error) => {
      warn(`tools/list failed; keeping the last known catalog: ${error.message}`);
      options.catalog?.onError?.(error);
    },
  });
  const context: GuardContext = {
    client,
    options,
    catalog,
    gate: new UserTimeGate(),
    warn,
    report,
  };
  registerElicitation(context);
  registerServerLog(context); // issue 18: the server's log lines, sanitized, to onLog
  catalog.listen();
  return proxyClient(context, createCallGate(context));
}
