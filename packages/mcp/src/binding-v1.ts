import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  DEFAULT_REQUEST_TIMEOUT_MSEC,
  type RequestOptions,
} from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  declaresTools,
  type CallOptions,
  type CallParams,
  type CallResult,
  type SdkBinding,
  type ServerNotificationMethod,
  type ServerRequestMethod,
} from './binding.js';
import { taskCall } from './tasks.js';
import { createCatalog, type ToolCatalog, type ToolCatalogOptions } from './catalog.js';
import { excludeUserTime, type TimeoutRules, type UserTimeGate } from './user-time.js';

const REQUESTS = {
  'elicitation/create': ElicitRequestSchema,
  'sampling/createMessage': CreateMessageRequestSchema,
  'roots/list': ListRootsRequestSchema,
} as const satisfies Record<ServerRequestMethod, unknown>;

const NOTIFICATIONS = {
  'notifications/tools/list_changed': ToolListChangedNotificationSchema,
  'notifications/elicitation/complete': ElicitationCompleteNotificationSchema,
  'notifications/message': LoggingMessageNotificationSchema,
} as const satisfies Record<ServerNotificationMethod, unknown>;

type CallToolArgs = Parameters<Client['callTool']>;

/** The SDK 1.x `Client` (protocol 2025-11-25) behind the core's seam. */
export function bindV1(client: Client): SdkBinding {
  return {
    sdk: 'v1',
    callTool: async (params: CallParams, options: CallOptions | undefined, passThrough?: unknown) =>
      (await client.callTool(
        params as CallToolArgs[0],
        passThrough as CallToolArgs[1],
        options as CallToolArgs[2],
      )) as CallResult,
    listTools: (cursor) => client.listTools(cursor === undefined ? undefined : { cursor }),
    onNotification(method, handler) {
      client.setNotificationHandler(NOTIFICATIONS[method], (notification) =>
        handler(notification.params),
      );
    },
    onRequest(method, handler) {
      client.setRequestHandler(
        REQUESTS[method] as typeof ElicitRequestSchema,
        async (request, extra) =>
          (await handler(request.params, { signal: extra.signal })) as never,
      );
    },
    // 2025-11-25 has no input_required: nothing embedded ever reaches this binding.
    isValidInputRequest: () => false,
    sendRootsListChanged: () => client.sendRootsListChanged(),
    declareCapabilities: (capabilities) => client.registerCapabilities(capabilities),
    get connected() {
      return client.transport !== undefined;
    },
    get listsTools() {
      return declaresTools(client.getServerCapabilities());
    },
    ...V1_TIMEOUTS,
    requestError: (code, message) => new McpError(code, message),
    taskCall: (params, options, passThrough, hooks) =>
      taskCall(
        client,
        params as CallToolArgs[0],
        passThrough as CallToolArgs[1],
        options as CallToolArgs[2],
        hooks,
      ) as Promise<CallResult> | undefined,
  };
}

/**
 * Runs one SDK 1.x request with the caller's timeout measured in server time: same budget
 * (`options.timeout`, default the SDK's 60 s), same `McpError` RequestTimeout, but the clock
 * stops while the gate is paused. Everything else in `options` is passed through untouched.
 */
export function withUserTimeExcluded<T>(
  gate: UserTimeGate,
  options: RequestOptions | undefined,
  run: (options: RequestOptions) => Promise<T>,
): Promise<T> {
  return excludeUserTime(gate, options, run, V1_TIMEOUTS);
}

const V1_TIMEOUTS: TimeoutRules = {
  defaultTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MSEC,
  timeoutError: (budget) =>
    McpError.fromError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: budget }),
};

/** A tool catalog over an SDK 1.x `Client` (the guard keeps its own; see `GuardedClient.catalog`). */
export function createToolCatalog(client: Client, options?: ToolCatalogOptions): ToolCatalog {
  return createCatalog(bindV1(client), options);
}
