import {
  changedParts,
  type CallRequester,
  pinTool,
  type DefinitionChange,
  type DryRunPreview,
  type RequestOptions as EngineRequestOptions,
  type RequestResult,
  type ToolCall,
  type ToolDefinition,
} from '@mcp-consent/engine';
import type { CallOptions, CallParams, CallResult } from './binding.js';
import { callsInFlight } from './calls-in-flight.js';
import { copyJson } from './copy-json.js';
import { sameDefinition } from './catalog.js';
import { CONFIRM_ARG, withoutConfirm, withoutKitMeta } from './dry-run.js';
import { PreviewMemory, runDryRunFlow } from './dry-run-flow.js';
import { beforeFirstListing, isDescribed, listedDefinition } from './first-listing.js';
import type { GuardContext } from './guard-types.js';
import { withInputRounds } from './input-required.js';
import { denialOf, refusalOf } from './model-text.js';
import { withProgress } from './progress.js';
import { needsReview, reviewResult } from './result-review.js';
import { withUrlRequired } from './url-required.js';
import { excludeUserTime } from './user-time.js';

/**
 * The gated `tools/call` of the core, whatever the SDK: `passThrough` is what the host gave its
 * SDK's `callTool` besides params and options (the v1 result schema), handed back unchanged.
 */
export type GatedCall = (
  params: CallParams,
  options: CallOptions | undefined,
  passThrough?: unknown,
  /** Who asked: an MCP App's UI (`appToolCalls`); absent: the model. */
  requestedBy?: CallRequester,
) => Promise<CallResult>;
export type CallToolResultOut = CallResult;

/** Parts of `tools/call` params only the kit sets: what the server asked for, answered by the user. */
const KIT_ONLY_PARAMS = ['inputResponses', 'requestState'] as const;

/** How often a call is asked about again because its tool changed while the user decided. */
const MAX_REDECIDE_ROUNDS = 3;

/** An unfrozen copy of approved JSON arguments, in the shape `callTool` takes. */
export const sendable = (args: unknown): Record<string, unknown> | undefined =>
  args === undefined ? undefined : (copyJson(args) as Record<string, unknown>);

/** `tools/call` takes an object of arguments; edited arguments of another shape are never sent. */
export const isArgumentsObject = (args: unknown): args is Record<string, unknown> =>
  typeof args === 'object' && args !== null && !Array.isArray(args);

/** What the engine is asked besides the call. */
export interface DecideExtras {
  dryRun?: DryRunPreview;
  change?: DefinitionChange;
}

/**
 * The gate in front of `tools/call`: asks the engine, re-asks when the server changed the tool
 * while the user decided, sends exactly the arguments the user was shown, and hands a
 * `DRY_RUN_PREVIEW` result to the dry-run flow. A denied call never reaches the server.
 */
export function createCallGate(context: GuardContext): GatedCall {
  const { binding, options, catalog, gate, warn } = context;
  const { engine, server, userId, workspaceId, prompt } = options;
  const previews = new PreviewMemory();

  const startCatalog = () => {
    if (
      binding.connected &&
      binding.listsTools &&
      (catalog.status === 'empty' || catalog.status === 'failed' || catalog.expired) // issue 18: ttlMs
    )
      void catalog.refresh();
  };

  /** Asks the engine. Any failure on the way is a denial, never an allow. */
  const decide = async (
    call: ToolCall,
    signal: AbortSignal | undefined,
    extras: DecideExtras = {},
  ): Promise<RequestResult | undefined> => {
    try {
      // Built field by field: this runs on every call, and a cache hit is otherwise cheap.
      // A call of a tool that answered with a preview before is asked as step 1 of 2.
      const asked = extras.dryRun ? prompt : previews.promptFor(call.tool.name, prompt);
      const request: EngineRequestOptions = { prompt: asked, previousDefinition: catalog.byPin };
      if (signal) request.signal = signal;
      if (options.promptTimeoutMs !== undefined) request.timeoutMs = options.promptTimeoutMs;
      if (extras.dryRun) request.dryRun = extras.dryRun;
      if (extras.change) request.change = extras.change;
      return await engine.request(call, request);
    } catch (error) {
      warn(`The permission check for ${call.tool.name} failed; denying: ${String(error)}`);
      return undefined;
    }
  };

  // Only a renderer ever holds the gate (without one, a pushed elicitation, sampling or roots
  // request is answered at once by its fail-closed policy), so without one no user time can be
  // spent inside a call: the SDK's own timeout is the same budget, and the call skips the
  // wrapper's AbortController, timer and listener.
  const asksUser = Boolean(options.elicit || options.sample || options.roots?.pickRoots);

  const taskHooks = { onProgress: options.onProgress, warn };
  /** One `tools/call` on the wire, or (a tool that requires a task) the task's whole stream. */
  const wire = (
    params: CallParams,
    requestOptions: CallOptions | undefined,
    passThrough: unknown,
  ) =>
    binding.taskCall?.(params, requestOptions, passThrough, taskHooks) ??
    binding.callTool(params, requestOptions, passThrough);

  /** One leg, with the user's time inside it kept out of its budget. */
  const leg = (
    params: CallParams,
    requestOptions: CallOptions | undefined,
    passThrough: unknown,
  ) =>
    !asksUser && !gate.paused
      ? wire(params, requestOptions, passThrough)
      : excludeUserTime(
          gate,
          requestOptions,
          (forwarded) => wire(params, forwarded, passThrough),
          binding,
        );

  /**
   * Sends an approved call, with as many legs as the server's input requests take; a 2025-era
   * -32042 "URL elicitation required" goes through the URL consent, then the same approved
   * request is sent once more (issue 18).
   */
  const send = withUrlRequired(
    context,
    (params: CallParams, requestOptions: CallOptions | undefined, passThrough: unknown) =>
      withInputRounds(context, params, requestOptions, (legParams, legOptions) =>
        leg(legParams, legOptions, passThrough),
      ),
    (requestOptions) => requestOptions?.signal,
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
      // Joins the re-listing a notification (or an expired ttlMs hint, issue 18) started.
      if (catalog.stale || catalog.expired) await catalog.refresh();
      const now = definitionOf(decided.tool.name);
      if (sameDefinition(now, decided.tool)) break;
      if (round >= MAX_REDECIDE_ROUNDS) return undefined;
      warn(`${decided.tool.name} changed while the user was deciding; asking again.`);
      const pinned = pinTool(decided.tool);
      const parts = pinned ? changedParts(pinned, pinTool(now)) : [];
      decision = await decide({ ...decided, tool: now }, signal, {
        change: { previous: decided.tool, parts },
      });
    }
    return decision;
  };

  /** Sends an allowed call; a `DRY_RUN_PREVIEW` answer goes through the dry-run flow. */
  const sendAllowed = async (
    decided: ToolCall,
    forwarded: CallParams,
    requestOptions: CallOptions | undefined,
    passThrough: unknown,
    signal: AbortSignal | undefined,
  ): Promise<CallResult> => {
    const result = await send(forwarded, requestOptions, passThrough);
    if (options.dryRun === false || forwarded.arguments?.[CONFIRM_ARG] === true)
      return withoutKitMeta(result);
    return await runDryRunFlow(context, {
      decided,
      forwarded,
      result,
      resend: (params) => send(params, requestOptions, passThrough),
      decide: (call, extras) => decide(call, signal, extras),
      signal,
      previews,
    });
  };

  return async (params, callerOptions, passThrough, requestedBy) => {
    // issue 18: a progress token on every call, progress to the host, timeout reset on progress.
    const requestOptions = withProgress(params.name, callerOptions, options.onProgress, warn);
    // Not awaited here: only a call of a tool not listed yet, before the first listing has
    // ended and with no grant that answers it, waits for it (`first-listing.ts`).
    startCatalog();
    const name = params.name;
    let forwarded = params;
    for (const key of KIT_ONLY_PARAMS) {
      if (!(key in forwarded)) continue;
      // Answers the user never gave must not reach the server with the call they approve.
      warn(
        `Removed ${key} set by the caller of ${name}; only the kit sets it, from the user's answers.`,
      );
      const { [key]: _dropped, ...rest } = forwarded;
      forwarded = rest as CallParams;
    }
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
    if (requestedBy) call.requestedBy = requestedBy;
    const signal = requestOptions?.signal;
    // Right after connect: the listed definition, within `firstListingWaitMs` (T6 still holds).
    if (beforeFirstListing(catalog, call.tool))
      call.tool = await listedDefinition(context, call, signal, definitionOf);
    const decision = await decideOnCurrent(await decide(call, signal), signal);
    if (!decision?.allowed || !decision.call) {
      signal?.throwIfAborted();
      return refusalOf(name, decision) as CallToolResultOut;
    }
    // The engine's frozen copy of the arguments, taken when the call was asked about (or the
    // arguments the user edited in the prompt): the caller's object may have changed since. A
    // fresh copy, since the SDK and in-memory servers may write to what they are given.
    if (!isArgumentsObject(decision.call.args)) {
      warn(`The approved arguments of ${name} are not a JSON object; denying.`);
      return refusalOf(name, undefined) as CallToolResultOut;
    }
    // The kit's `__confirm` follows a preview the user saw; stripping it from edited arguments
    // would send something other than what was approved and audited (its hash), so deny.
    if (decision.edited && !options.allowModelConfirm && CONFIRM_ARG in decision.call.args) {
      warn(`The edited arguments of ${name} set ${CONFIRM_ARG}; denying.`);
      return refusalOf(name, undefined) as CallToolResultOut;
    }
    forwarded = { ...forwarded, arguments: sendable(decision.call.args) };
    // While it runs, a question the server asks is shown as part of this call (its origin).
    const done = callsInFlight(binding).add(decision.call);
    let result: CallResult;
    try {
      result = await sendAllowed(decision.call, forwarded, requestOptions, passThrough, signal);
    } finally {
      done();
    }
    // The server's result waits for the user's review, when the host asks for one; a refusal
    // of the kit's own (a declined preview) is not the server's and is not reviewed. Servers
    // cannot fake one: the kit's `_meta` keys are stripped from every server result.
    if (denialOf(result) || !needsReview(options.reviewResults, name, decision.risk.tier, warn))
      return result;
    return reviewResult(
      {
        server,
        review: options.reviewResult,
        timeoutMs: options.resultReviewTimeoutMs,
        warn,
        report: context.report,
      },
      name,
      decision.risk.tier,
      result,
      signal,
    );
  };
}
