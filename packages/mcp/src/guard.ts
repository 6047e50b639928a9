import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ExperimentalClientTasks } from '@modelcontextprotocol/sdk/experimental/tasks/client.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ErrorCode,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import {
  changedParts,
  pinTool,
  type PermissionEngine,
  type PromptCallback,
  type RequestOptions as EngineRequestOptions,
  type RequestResult,
  type ServerRef,
  type ToolCall,
  type ToolDefinition,
} from '@mcp-consent/engine';
import { parseDryRunResult, type ValidateContentOptions } from '@mcp-consent/prompt';
import {
  createToolCatalog,
  sameDefinition,
  type ToolCatalog,
  type ToolCatalogOptions,
} from './catalog.js';
import { CONFIRM_ARG, withoutConfirm, type DryRunPromptContext } from './dry-run.js';
import {
  answerElicitation,
  type ElicitationEvent,
  type ElicitCallback,
  type NoRendererPolicy,
} from './elicitation.js';
import { denialResult, MODEL_TEXT } from './model-text.js';
import { UserTimeGate, withUserTimeExcluded } from './user-time.js';

export interface GuardClientOptions {
  engine: PermissionEngine;
  /** The server as the HOST configured this connection. Its `id` keys grants; what the server reports is never used. */
  server: ServerRef;
  userId: string;
  workspaceId: string;
  /** The engine's prompt callback: asks the user about one tool call (and about dry-run previews). */
  prompt: PromptCallback;
  /** Renders elicitations. Without it, `noRenderer` decides. */
  elicit?: ElicitCallback;
  /**
   * What to answer elicitations with when no `elicit` renderer is attached:
   * 'decline' (fail closed), or 'warn-and-proceed' (accept a form only when every
   * required field has a default, and warn). URL elicitations are always declined.
   * @default 'decline'
   */
  noRenderer?: NoRendererPolicy;
  /** Opens a URL after the user accepted a URL elicitation. @default undefined (the renderer opens it) */
  openUrl?: (url: string) => void | Promise<void>;
  /** Timeout of each permission prompt; a timed-out prompt denies once. @default the engine's `promptTimeoutMs` */
  promptTimeoutMs?: number | null;
  /** Show `DRY_RUN_PREVIEW` results to the user and re-issue with `__confirm: true` on approval. @default true */
  dryRun?: boolean;
  /**
   * Keep a `__confirm` argument the model set itself. Off by default so the
   * kit's `__confirm` always follows a preview the user saw.
   * @default false
   */
  allowModelConfirm?: boolean;
  /** How often a form is asked again after an answer that does not match the schema. @default 3 */
  maxElicitAttempts?: number;
  /** Translator for the messages in `ElicitationRequest.errors`; wins over `locale`. */
  translator?: ValidateContentOptions['translator'];
  /** Locale of the messages in `ElicitationRequest.errors`. @default 'en-US' */
  locale?: ValidateContentOptions['locale'];
  catalog?: ToolCatalogOptions;
  /** @default console.warn */
  onWarning?: (message: string) => void;
  /** Elicitation and dry-run outcomes, for the host's audit trail. Never carries argument or form values. */
  onEvent?: (event: GuardEvent) => void;
}

export type GuardEvent =
  | ElicitationEvent
  | { type: 'elicitation_complete'; serverId: string; elicitationId: string }
  | {
      type: 'dry_run';
      serverId: string;
      tool: string;
      outcome: 'approved' | 'declined' | 'still_preview';
    };

/** How often a call is asked about again because its tool changed while the user decided. */
const MAX_REDECIDE_ROUNDS = 3;

/** True when a tool carries more than its name (the engine's own test, inlined: it is not exported). */
const isDescribed = (tool: ToolDefinition) =>
  tool.description !== undefined ||
  tool.inputSchema !== undefined ||
  tool.annotations !== undefined;

/** An unfrozen copy of approved JSON arguments, in the shape `callTool` takes. */
const sendable = (args: unknown): Record<string, unknown> | undefined =>
  args === undefined ? undefined : (structuredClone(args) as Record<string, unknown>);

/** The SDK client with a gated `callTool`; every other member is the wrapped client's. */
export type GuardedClient = Client & {
  /** The tool catalog this guard reads definitions from. */
  readonly catalog: ToolCatalog;
};

type CallTool = Client['callTool'];
type CallToolResultOut = Awaited<ReturnType<CallTool>>;

/**
 * Wraps an SDK `Client` (before `connect`) so that `callTool` asks the
 * engine first. A denied call never reaches the server and returns an
 * `isError` result telling the model not to retry. Connect through the
 * returned client and stop using the original one: it stays ungated.
 */
export function guardClient(client: Client, options: GuardClientOptions): GuardedClient {
  if (client.transport) throw new Error('guardClient() must wrap the client before connect()');
  const { engine, server, userId, workspaceId, prompt } = options;
  const warn = options.onWarning ?? ((message: string) => console.warn(`[mcp-consent] ${message}`));
  const report = (event: GuardEvent) => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      warn(`onEvent threw: ${String(error)}`);
    }
  };
  const gate = new UserTimeGate();
  const catalog = createToolCatalog(client, {
    ...options.catalog,
    onError: (error) => {
      warn(`tools/list failed; keeping the last known catalog: ${error.message}`);
      options.catalog?.onError?.(error);
    },
  });
  const openedUrls = new Set<string>();

  client.registerCapabilities({ elicitation: { form: {}, url: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const result = await answerElicitation(request.params, extra.signal, {
      server,
      elicit: options.elicit,
      noRenderer: options.noRenderer ?? 'decline',
      maxAttempts: options.maxElicitAttempts ?? 3,
      messages: { translator: options.translator, locale: options.locale },
      openUrl: options.openUrl,
      gate,
      warn,
      report,
    });
    if (request.params.mode === 'url' && result.action === 'accept')
      openedUrls.add(request.params.elicitationId);
    return result;
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
    // Unknown ids are ignored (spec): a server cannot announce what we never opened.
    if (!openedUrls.delete(notification.params.elicitationId)) return;
    report({
      type: 'elicitation_complete',
      serverId: server.id,
      elicitationId: notification.params.elicitationId,
    });
  });
  catalog.listen();

  const startCatalog = () => {
    if (client.transport && (catalog.status === 'empty' || catalog.status === 'failed'))
      void catalog.refresh();
  };

  /** Asks the engine. Any failure on the way is a denial, never an allow. */
  const decide = async (
    call: ToolCall,
    signal: AbortSignal | undefined,
    extra?: { context?: Record<string, unknown>; forcePrompt?: boolean; persist?: boolean },
  ): Promise<RequestResult | undefined> => {
    try {
      let context = extra?.context;
      const peek = engine.lookup(call);
      if (!context && peek.reason === 'definition_changed' && peek.grant?.pin) {
        context = {
          previousDefinition: catalog.byPin(peek.grant.pin.hash),
          changed: peek.changed ?? [],
        };
      }
      // Built field by field: this runs on every call, and a cache hit is otherwise cheap.
      const requestOptions: EngineRequestOptions = { prompt };
      if (signal) requestOptions.signal = signal;
      if (options.promptTimeoutMs !== undefined) requestOptions.timeoutMs = options.promptTimeoutMs;
      if (context) requestOptions.context = context;
      if (extra?.forcePrompt) requestOptions.forcePrompt = true;
      if (extra?.persist === false) requestOptions.persist = false;
      return await engine.request(call, requestOptions);
    } catch (error) {
      warn(`The permission check for ${call.tool.name} failed; denying: ${String(error)}`);
      return undefined;
    }
  };

  const refuse = (tool: string, decision: RequestResult | undefined, dryRun = false) =>
    denialResult(tool, {
      reason:
        decision && (decision.settledBy === 'answer' || decision.settledBy === 'grant')
          ? dryRun
            ? 'dry_run_declined'
            : 'declined'
          : 'not_approved',
      ...(decision
        ? {
            choice: decision.choice,
            settledBy: decision.settledBy,
            ...(decision.promptId ? { promptId: decision.promptId } : {}),
          }
        : {}),
    });

  const send: CallTool = (params, resultSchema, requestOptions) =>
    // Only an elicit renderer ever holds the gate (without one, elicitations are answered at
    // once by the noRenderer policy), so without one no user time can be spent inside a call:
    // the SDK's own timeout is the same budget, and the call skips the wrapper's
    // AbortController, timer and listener.
    !options.elicit && !gate.paused
      ? client.callTool(params, resultSchema, requestOptions)
      : withUserTimeExcluded(gate, requestOptions, (forwarded) =>
          client.callTool(params, resultSchema, forwarded),
        );

  /** The definition to decide on now: the catalog's, or only the name while it is unknown or stale. */
  const definitionOf = (name: string): ToolDefinition =>
    (catalog.stale ? undefined : catalog.get(name)) ?? { name };

  /**
   * What the user approved is what runs: when the server changed the tool while the user was
   * deciding (a `list_changed` during the prompt), the answer was for a definition that no longer
   * exists, so the new one is asked about before anything is sent. A few rounds at most; a
   * server that keeps changing the tool gets a denial.
   */
  const decideOnCurrent = async (
    first: RequestResult | undefined,
    signal: AbortSignal | undefined,
  ): Promise<RequestResult | undefined> => {
    let decision = first;
    for (let round = 0; decision?.allowed && decision.call; round += 1) {
      const decided = decision.call;
      // Asked about as unknown (the worst case): whatever the listing says, it was not less.
      if (!isDescribed(decided.tool)) break;
      if (catalog.stale) await catalog.refresh(); // joins the re-listing the notification started
      const now = definitionOf(decided.tool.name);
      if (sameDefinition(now, decided.tool)) break;
      if (round >= MAX_REDECIDE_ROUNDS) return undefined;
      warn(`${decided.tool.name} changed while the user was deciding; asking again.`);
      const pinned = pinTool(decided.tool);
      const changed = pinned ? changedParts(pinned, pinTool(now)) : [];
      decision = await decide({ ...decided, tool: now }, signal, {
        context: { previousDefinition: decided.tool, changed },
      });
    }
    return decision;
  };

  const callTool: CallTool = async (params, resultSchema, requestOptions) => {
    startCatalog(); // never awaited: the lookup does not wait for tools/list (T6)
    const name = params.name;
    let forwarded = params;
    if (!options.allowModelConfirm && params.arguments && CONFIRM_ARG in params.arguments) {
      warn(
        `Removed ${CONFIRM_ARG} set by the caller of ${name}; it is added only after the user approves a preview.`,
      );
      forwarded = { ...params, arguments: withoutConfirm(params.arguments) };
    }
    const call: ToolCall = {
      userId,
      workspaceId,
      server,
      // Unknown to the catalog yet, or announced as changed and not re-listed yet: only the
      // name, which the engine treats as the worst case (and no pinned grant matches).
      tool: definitionOf(name),
      args: forwarded.arguments ?? {},
    };
    const decision = await decideOnCurrent(
      await decide(call, requestOptions?.signal),
      requestOptions?.signal,
    );
    if (!decision?.allowed || !decision.call) {
      requestOptions?.signal?.throwIfAborted();
      return refuse(name, decision) as CallToolResultOut;
    }
    // The engine's frozen copy of the arguments, taken when the call was asked about: the
    // caller's object may have changed since. A fresh copy, since the SDK and in-memory servers
    // may write to what they are given.
    forwarded = { ...forwarded, arguments: sendable(decision.call.args) };
    const result = await send(forwarded, resultSchema, requestOptions);
    if (options.dryRun === false || forwarded.arguments?.[CONFIRM_ARG] === true) return result;
    const preview = parseDryRunResult(result);
    if (!preview) return result;

    // Seed 001: the user reviews the server's preview; only then does the kit turn the caller's key.
    const context: DryRunPromptContext = { kind: 'dry_run_preview', preview };
    const approval = await decide(decision.call, requestOptions?.signal, {
      context,
      forcePrompt: true,
      persist: false,
    });
    if (!approval?.allowed) {
      report({ type: 'dry_run', serverId: server.id, tool: name, outcome: 'declined' });
      requestOptions?.signal?.throwIfAborted();
      return refuse(name, approval, true) as CallToolResultOut;
    }
    const approved = approval.call ? sendable(approval.call.args) : forwarded.arguments;
    const confirmed = { ...forwarded, arguments: { ...approved, [CONFIRM_ARG]: true } };
    const second = await send(confirmed, resultSchema, requestOptions);
    if (!parseDryRunResult(second)) {
      report({ type: 'dry_run', serverId: server.id, tool: name, outcome: 'approved' });
      return second;
    }
    // The operator's half is still off; the kit never touches it.
    report({ type: 'dry_run', serverId: server.id, tool: name, outcome: 'still_preview' });
    const content = 'content' in second && Array.isArray(second.content) ? second.content : [];
    return {
      ...second,
      content: [...content, { type: 'text', text: MODEL_TEXT.dryRunStillPreview(name) }],
    };
  };

  const refuseRaw = (request: { method?: string }) => {
    if (request.method === 'tools/call') {
      throw new McpError(
        ErrorCode.InvalidRequest,
        'tools/call must go through callTool() on a guarded client',
      );
    }
  };
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
