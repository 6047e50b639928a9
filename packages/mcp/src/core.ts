import { auditOutcome } from './audit-outcome.js';
import type { SdkBinding, ServerRequestHandler, ServerRequestMethod } from './binding.js';
import { createCatalog, type ToolCatalog } from './catalog.js';
import { createCallGate, type GatedCall } from './call-gate.js';
import { registerElicitation } from './elicitation-handler.js';
import { registerRoots } from './roots-handler.js';
import { registerSampling } from './sampling-handler.js';
import { registerServerLog } from './server-log.js';
import type { GuardClientOptions, GuardContext, GuardEvent } from './guard-types.js';
import { UserTimeGate } from './user-time.js';

/** What a binding's client proxy needs from the core. */
export interface GuardCore {
  readonly context: GuardContext;
  readonly catalog: ToolCatalog;
  readonly callTool: GatedCall;
  /** Called by a client proxy once `connect` resolved: follows the server's tool list from now on. */
  connected(): void;
}

/**
 * The one core both bindings share: the catalog, the call gate (with the dry run and the
 * multi-round-trip rounds), the elicitation answers and the user-time gate. Every decision is
 * made here; a binding only adapts an SDK client (`binding-v1.ts`, `binding-v2.ts`).
 */
export function createGuardCore(binding: SdkBinding, options: GuardClientOptions): GuardCore {
  const warn = options.onWarning ?? ((message: string) => console.warn(`[mcp-consent] ${message}`));
  const report = (event: GuardEvent) => {
    auditOutcome(event, options, warn); // the engine's sinks, then the host's callback
    try {
      options.onEvent?.(event);
    } catch (error) {
      warn(`onEvent threw: ${String(error)}`);
    }
  };
  const catalog = createCatalog(binding, {
    ...options.catalog,
    onError: (error) => {
      warn(`tools/list failed; keeping the last known catalog: ${error.message}`);
      options.catalog?.onError?.(error);
    },
  });
  const handlers = new Map<ServerRequestMethod, ServerRequestHandler>();
  const context: GuardContext = {
    binding,
    options,
    catalog,
    gate: new UserTimeGate(),
    warn,
    report,
    serve(method, handler) {
      handlers.set(method, handler); // 2026-07-28: embedded in an input_required answer
      binding.onRequest(method, handler); // 2025 era: pushed by the server
    },
    handlerFor: (method) => handlers.get(method),
  };
  // Each kind of server request plugs in here, once for both SDKs and both eras.
  registerElicitation(context);
  registerRoots(context);
  registerSampling(context);
  registerServerLog(context);
  catalog.listen();
  return {
    context,
    catalog,
    callTool: createCallGate(context),
    connected() {
      catalog.listen(); // the SDK's own listChanged option, if configured, replaces handlers at connect
      // The first listing starts now, so a call made right after connect finds it under way (or
      // done). A server that declared no tools is never asked (it would answer with an error).
      if (binding.listsTools) void catalog.refresh();
    },
  };
}
