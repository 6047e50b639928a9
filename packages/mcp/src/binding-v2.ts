import {
  DEFAULT_REQUEST_TIMEOUT_MSEC,
  isInputRequiredResult,
  isSpecType,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  type Client,
} from '@modelcontextprotocol/client';
import {
  declaresTools,
  InputRequiredOutcome,
  type CallOptions,
  type CallParams,
  type CallResult,
  type SdkBinding,
  type ServerRequestMethod,
  type ToolsPage,
} from './binding.js';
import { taskCallV2, TaskSupport } from './tasks-v2.js';

const INPUT_REQUEST_TYPES = {
  'elicitation/create': isSpecType.ElicitRequest,
  'sampling/createMessage': isSpecType.CreateMessageRequest,
  'roots/list': isSpecType.ListRootsRequest,
} as const satisfies Record<ServerRequestMethod, (value: unknown) => boolean>;

type CallToolArgs = Parameters<Client['callTool']>;
/** The method-name overloads, taken loosely: the SDK checks each message before the handler. */
type SetHandler<H> = (method: string, handler: H) => void;
type NotificationHandler = (notification: { params?: unknown }) => void;
type RequestHandler = (
  request: { params?: unknown },
  ctx: { mcpReq: { signal: AbortSignal } },
) => Promise<Record<string, unknown>>;

/**
 * The v2 `Client` of `@modelcontextprotocol/client` behind the core's seam. It negotiates the
 * era: 2025-era servers push their requests (answered through `onRequest`), 2026-07-28 servers
 * answer `input_required`, which this binding hands to the core instead of letting the SDK
 * fulfil it, so every round goes through the same consent surfaces and the retry carries
 * exactly what the user approved.
 */
export function bindV2(client: Client): SdkBinding {
  const taskSupport = new TaskSupport();
  return {
    sdk: 'v2',
    async callTool(params: CallParams, options: CallOptions | undefined) {
      const result: unknown = await client.callTool(params as CallToolArgs[0], {
        ...(options as CallToolArgs[1]),
        allowInputRequired: true,
      });
      if (isInputRequiredResult(result))
        return new InputRequiredOutcome({ ...result.inputRequests }, result.requestState);
      return result as CallResult;
    },
    // Page by page, as on SDK 1.x: the catalog's own limits (maxPages, a repeated cursor) apply.
    // `listTools()` without a cursor would walk the pages itself, under other rules.
    // Each page also tells which tools require a task (the v2 SDK records none of its own).
    async listTools(cursor) {
      const page = (await client.request({
        method: 'tools/list',
        params: cursor === undefined ? {} : { cursor },
      })) as ToolsPage;
      taskSupport.observe(page);
      return page;
    },
    onNotification(method, handler) {
      const set = client.setNotificationHandler.bind(client) as SetHandler<NotificationHandler>;
      set(method, (notification) => handler(notification.params));
    },
    onRequest(method, handler) {
      const set = client.setRequestHandler.bind(client) as SetHandler<RequestHandler>;
      set(method, (request, ctx) => handler(request.params, { signal: ctx.mcpReq.signal }));
    },
    isValidInputRequest: (method, request) => INPUT_REQUEST_TYPES[method](request),
    sendRootsListChanged: () => client.sendRootsListChanged(),
    declareCapabilities: (capabilities) => client.registerCapabilities(capabilities),
    get connected() {
      return client.transport !== undefined;
    },
    get listsTools() {
      return declaresTools(client.getServerCapabilities());
    },
    timeoutError: (budget) =>
      new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: budget }),
    defaultTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MSEC,
    requestError: (code, message) => new ProtocolError(code, message),
    taskCall: (params, options, _passThrough, hooks) =>
      taskCallV2(client, taskSupport, params, options, hooks),
  };
}
