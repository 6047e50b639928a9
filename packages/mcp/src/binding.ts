import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { TaskHooks } from './tasks-shared.js';

/**
 * The seam between the guard's one core (call gate, catalog, elicitation, dry run, user time,
 * multi-round-trip input) and an MCP SDK. `binding-v1.ts` adapts the SDK 1.x `Client`,
 * `binding-v2.ts` the v2 `Client` of `@modelcontextprotocol/client`. Nothing in the core
 * imports an SDK at run time; each binding is loaded only by its own entry point.
 */
export interface SdkBinding {
  readonly sdk: 'v1' | 'v2';
  /**
   * Sends `tools/call`. `passThrough` is what the host gave its SDK besides params and options
   * (the v1 result schema), handed back unchanged. A 2026-07-28 `input_required` answer comes
   * back as an `InputRequiredOutcome` (never auto-fulfilled: the core answers it).
   */
  callTool(
    params: CallParams,
    options: CallOptions | undefined,
    passThrough?: unknown,
  ): Promise<CallOutcome>;
  /** One page of `tools/list` (`cursor` undefined: the first). */
  listTools(cursor: string | undefined): Promise<ToolsPage>;
  /** Sets the handler of one server notification by method (replaces the previous one). */
  onNotification(method: ServerNotificationMethod, handler: (params: unknown) => void): void;
  /**
   * Sets the handler of one 2025-era server-to-client request by method (the SDK checks the
   * request before it gets here; the handler's result or error goes back to the server).
   */
  onRequest(method: ServerRequestMethod, handler: ServerRequestHandler): void;
  /**
   * Checks an embedded 2026-07-28 input request against the SDK's schema for its method, as
   * the SDK checks a pushed request: false means it is not answered.
   */
  isValidInputRequest(method: ServerRequestMethod, request: unknown): boolean;
  /** Sends `notifications/roots/list_changed` (declare `roots: { listChanged: true }` first). */
  sendRootsListChanged(): Promise<void>;
  /** Adds client capabilities (before connect). */
  declareCapabilities(capabilities: Record<string, unknown>): void;
  /** True once the client has a transport (connected or connecting). */
  readonly connected: boolean;
  /**
   * False when the server's capabilities are known and say no `tools`: it is never sent
   * `tools/list` (which it would answer with an error). True while they are unknown.
   */
  readonly listsTools: boolean;
  /** The SDK's own request-timeout error, as its `callTool` would throw it. */
  timeoutError(budgetMs: number): Error;
  /** The SDK's default request timeout. */
  readonly defaultTimeoutMs: number;
  /**
   * The SDK's JSON-RPC error for a server-to-client request the host refuses (a rejected
   * sampling request): thrown by a handler, it reaches the server with this code and message.
   */
  requestError(code: number, message: string): Error;
  /**
   * Runs an approved call as a task (Tasks, 2025-11-25 experimental) when the tool requires one
   * or the caller asked for one: SDK 1.x through its experimental Tasks API (`tasks.ts`), v2
   * through the task methods on the wire (`tasks-v2.ts`). Undefined when the call is a plain
   * `tools/call`.
   */
  taskCall?(
    params: CallParams,
    options: CallOptions | undefined,
    passThrough: unknown,
    hooks: TaskHooks,
  ): Promise<CallResult> | undefined;
}

/** The server-to-client requests a host answers (2025 era) or fulfils as input (2026-07-28). */
export type ServerRequestMethod = 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
export const SERVER_REQUEST_METHODS: readonly ServerRequestMethod[] = [
  'elicitation/create',
  'sampling/createMessage',
  'roots/list',
];

export type ServerNotificationMethod =
  | 'notifications/tools/list_changed'
  | 'notifications/elicitation/complete'
  | 'notifications/message';

/**
 * Answers one server-to-client request. `params` is the request's params as the SDK checked
 * them (untrusted text all the same); `signal` aborts when the server cancels or the call ends.
 * Throwing sends the error back (2025 era) or stops the call (2026-07-28: there is no error
 * answer for an input request).
 */
export type ServerRequestHandler = (
  params: unknown,
  extra: { signal: AbortSignal },
) => Promise<Record<string, unknown>>;

export interface CallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  /** 2026-07-28 retry: the answers to the previous round's input requests. */
  inputResponses?: Record<string, unknown>;
  /** 2026-07-28 retry: the server's opaque state, echoed byte for byte. */
  requestState?: string;
  [key: string]: unknown;
}

/** The request options both SDKs share (each passes the rest of its own through untouched). */
export interface CallOptions {
  signal?: AbortSignal;
  timeout?: number;
  maxTotalTimeout?: number;
  resetTimeoutOnProgress?: boolean;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** A `tools/call` result as the SDK returned it. */
export type CallResult = Record<string, unknown>;

/**
 * A 2026-07-28 `input_required` answer: the server needs input before the call can finish.
 * A class, not a flag on a plain object, so no field a server puts in a result can pass for it.
 */
export class InputRequiredOutcome {
  constructor(
    readonly inputRequests: Readonly<Record<string, unknown>>,
    readonly requestState: string | undefined,
  ) {}
}

export type CallOutcome = CallResult | InputRequiredOutcome;

export interface ToolsPage {
  tools: Tool[];
  nextCursor?: string;
}

/**
 * Whether a server may be sent `tools/list`: unknown capabilities (a resumed HTTP session skips
 * `initialize`) count as yes, so the catalog is never left empty by mistake.
 */
export const declaresTools = (capabilities: { tools?: unknown } | undefined): boolean =>
  capabilities === undefined || capabilities.tools !== undefined;
