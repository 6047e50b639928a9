import type { PromptCallback, RequestResult, ToolCall } from '@mcp-consent/engine';
import { markPreviewStep } from '@mcp-consent/prompt';
import type { CallToolResultOut, DecideExtras } from './call-gate.js';
import { sendable } from './call-gate.js';
import {
  CONFIRM_ARG,
  DRY_RUN_META_KEY,
  parseDryRunResult,
  serverMessageOf,
  withoutKitMeta,
  type DryRunOutcome,
} from './dry-run.js';
import type { GuardContext } from './guard-types.js';
import { MODEL_TEXT, refusalOf } from './model-text.js';

type CallParams = { name: string; arguments?: Record<string, unknown> };

export interface DryRunStep {
  /** The call the user approved (the engine's frozen copy). */
  decided: ToolCall;
  /** What was sent. */
  forwarded: CallParams;
  /** The server's answer to it. */
  result: CallToolResultOut;
  resend(params: CallParams): Promise<CallToolResultOut>;
  decide(call: ToolCall, extras: DecideExtras): Promise<RequestResult | undefined>;
  signal: AbortSignal | undefined;
  /** The tools of this connection that answered with a preview. */
  previews: PreviewMemory;
}

/**
 * The tools of one connection that answered a call without `__confirm` with `DRY_RUN_PREVIEW`:
 * their next call is asked about as step 1 of 2 ("Preview"). What the server did, not what it
 * promises; a tool that then runs without a preview is forgotten.
 */
export class PreviewMemory {
  private readonly tools = new Set<string>();

  remember(tool: string): void {
    this.tools.add(tool);
  }

  forget(tool: string): void {
    this.tools.delete(tool);
  }

  /** The prompt callback for a call of `tool`: one that marks the request as step 1 when expected. */
  promptFor(tool: string, prompt: PromptCallback): PromptCallback {
    return this.tools.has(tool) ? (request) => prompt(markPreviewStep(request)) : prompt;
  }
}

/** The result with the outcome hosts read (`dryRunOutcomeOf`) added to its `_meta`. */
function withOutcome(result: CallToolResultOut, outcome: DryRunOutcome): CallToolResultOut {
  const clean = withoutKitMeta(result);
  const meta = '_meta' in clean && clean._meta ? clean._meta : {};
  return { ...clean, _meta: { ...meta, [DRY_RUN_META_KEY]: outcome } };
}

/**
 * Seed 001's two keys: when the server answered `DRY_RUN_PREVIEW`, the user reviews the
 * preview (a `dry_run` prompt, step 2 of 2); only on approval does the kit turn the caller's key
 * (`__confirm: true`). The operator's key is never touched: a second preview is reported as such.
 * The result of the call sent for real says how it went (`_meta`, `dryRunOutcomeOf`).
 */
export async function runDryRunFlow(
  context: GuardContext,
  step: DryRunStep,
): Promise<CallToolResultOut> {
  const tool = step.forwarded.name;
  const preview = parseDryRunResult(step.result);
  if (!preview) {
    step.previews.forget(tool);
    return withoutKitMeta(step.result);
  }
  step.previews.remember(tool);
  const { report, options } = context;
  const serverId = options.server.id;
  const approval = await step.decide(step.decided, { dryRun: preview });
  if (!approval?.allowed) {
    report({ type: 'dry_run', serverId, tool, outcome: 'declined' });
    step.signal?.throwIfAborted();
    return refusalOf(tool, approval, true) as CallToolResultOut;
  }
  const approved = approval.call ? sendable(approval.call.args) : step.forwarded.arguments;
  const second = await step.resend({
    ...step.forwarded,
    arguments: { ...approved, [CONFIRM_ARG]: true },
  });
  if (!parseDryRunResult(second)) {
    report({ type: 'dry_run', serverId, tool, outcome: 'approved' });
    const failed = 'isError' in second && second.isError === true;
    return withOutcome(second, {
      outcome: failed ? 'server_error' : 'done',
      tool,
      message: failed ? serverMessageOf(second) : null,
    });
  }
  // The operator's half is still off; the kit never touches it.
  report({ type: 'dry_run', serverId, tool, outcome: 'still_preview' });
  const content = 'content' in second && Array.isArray(second.content) ? second.content : [];
  return withOutcome(
    {
      ...second,
      content: [...content, { type: 'text', text: MODEL_TEXT.dryRunStillPreview(tool) }],
    },
    { outcome: 'still_preview', tool, message: null },
  );
}
