import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Clock, PermissionEngine, PromptCallback, ServerRef } from '@mcp-consent/engine';
import type { ValidateContentOptions } from '@mcp-consent/prompt';
import type { SdkBinding, ServerRequestHandler, ServerRequestMethod } from './binding.js';
import type { ToolCatalog, ToolCatalogOptions } from './catalog.js';
import type { ElicitationEvent, ElicitCallback, NoRendererPolicy } from './elicitation.js';
import type {
  ResultReviewEvent,
  ResultReviewPolicy,
  ReviewResultCallback,
} from './result-review.js';
import type { RootsEvent, RootsOptions } from './roots.js';
import type { SampleCallback, SamplingEvent, SamplingGenerator } from './sampling.js';
import type { GuardTransportOptions } from './transport-options.js';
import type { UserTimeGate } from './user-time.js';

export interface GuardClientOptions extends GuardTransportOptions {
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
  /**
   * Renders sampling requests, both steps (`presenter.sample` of `@mcp-consent/prompt`).
   * Without it every sampling request is rejected. @default undefined
   */
  sample?: SampleCallback;
  /**
   * The host's model, called with the request the user approved (and edited). Sampling is
   * declared to servers only when this is set; the kit never calls a model itself.
   * @default undefined (sampling not declared)
   */
  generate?: SamplingGenerator;
  /**
   * The host's generator handles `tools` and `toolChoice` and may reply with `tool_use` content:
   * declares `sampling.tools` (MCP 2025-11-25), so servers may send tools. Such a request is
   * rated high risk and its tool names are shown to the user before anything runs. Ignored
   * without `generate`.
   * @default false (servers may not send tools)
   */
  samplingTools?: boolean;
  /** Opens a URL after the user accepted a URL elicitation. @default undefined (the renderer opens it) */
  openUrl?: (url: string) => void | Promise<void>;
  /**
   * How long a call made before the connection's first `tools/list` has ended (a host that calls
   * right after `connect`) waits for it, so that it is asked with the tool's listed definition
   * (its real risk) and an allow-always grant pinned to that definition can match. A call a
   * remembered grant answers without the definition (a deny grant) never waits. When the bound
   * passes first, or the listing fails, the call is asked with the tool's name only, the worst
   * case. One second covers a listing over stdio, a local HTTP server or a remote one on a slow
   * link, while a server that hangs delays the first prompt by no more than that; a listing
   * takes one round trip, usually a few milliseconds. 0 turns the wait off.
   * @default 1000
   */
  firstListingWaitMs?: number;
  /**
   * The clock `firstListingWaitMs` is measured with (its `setTimer`; without one the call does
   * not wait). @default systemClock of `@mcp-consent/engine`
   */
  clock?: Clock;
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
  /**
   * The host's roots, offered to the server's `roots/list`: the user picks which it may see.
   * Without it the client declares no `roots` capability. @default undefined
   */
  roots?: RootsOptions;
  /**
   * Which allowed calls have their result shown to the user before the model sees it (by risk
   * tier, by tool name, or a predicate). The user sends it on unchanged or withholds it; a
   * withheld result reaches the caller as the kit's text only (`isError: true`, `denialOf` reads
   * `result_withheld`). @default undefined (no result is reviewed)
   */
  reviewResults?: ResultReviewPolicy;
  /**
   * Renders a result review (`presenter.result` of `@mcp-consent/prompt` fits). Without it every
   * result `reviewResults` selects is withheld. @default undefined
   */
  reviewResult?: ReviewResultCallback;
  /**
   * How long a result review may wait for the user; then the result is withheld.
   * @default undefined (no limit but the caller's signal)
   */
  resultReviewTimeoutMs?: number;
  /** @default console.warn */
  onWarning?: (message: string) => void;
  /**
   * Elicitation, sampling, roots, dry-run and result review outcomes, for the host. The
   * elicitation, sampling, roots and result review ones are also written to the engine's audit
   * sinks (`engine.recordOutcome`) before this is called. Never carries argument or form values,
   * messages, paths or result content.
   */
  onEvent?: (event: GuardEvent) => void;
}

export type GuardEvent =
  | ElicitationEvent
  | RootsEvent
  | SamplingEvent
  | ResultReviewEvent
  | { type: 'elicitation_complete'; serverId: string; elicitationId: string }
  | {
      type: 'dry_run';
      serverId: string;
      tool: string;
      outcome: 'approved' | 'declined' | 'still_preview';
    };

/** The SDK client with a gated `callTool`; every other member is the wrapped client's. */
export type GuardedClient = Client & {
  /** The tool catalog this guard reads definitions from. */
  readonly catalog: ToolCatalog;
};

/** What the parts of a guard share: the SDK binding, the options and the catalog. */
export interface GuardContext {
  readonly binding: SdkBinding;
  readonly options: GuardClientOptions;
  readonly catalog: ToolCatalog;
  /** Held while a renderer waits for the user inside a call (elicitation): user time is not the call's. */
  readonly gate: UserTimeGate;
  warn(message: string): void;
  report(event: GuardEvent): void;
  /**
   * Answers one kind of server-to-client request in both eras and both SDKs: pushed by a
   * 2025-era server, or embedded in a 2026-07-28 `input_required` answer to a gated call.
   * Declare the capability (`binding.declareCapabilities`) first.
   */
  serve(method: ServerRequestMethod, handler: ServerRequestHandler): void;
  /** The handler `serve` set for a method, if any. */
  handlerFor(method: ServerRequestMethod): ServerRequestHandler | undefined;
}
