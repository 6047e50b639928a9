import type { RequestResult, ToolCall } from '@mcp-consent/engine';
import type { CallToolResultOut, DecideExtras } from './call-gate.js';
import { sendable } from './call-gate.js';
import { CONFIRM_ARG, parseDryRunResult } from './dry-run.js';
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
}

/**
 * Seed 001's two keys: when the server answered `DRY_RUN_PREVIEW`, the user reviews the
 * preview (a `dry_run` prompt); only on approval does the kit turn the caller's key
 * (`__confirm: true`). The operator's key is never touched: a second preview is reported as such.
 */
export async function runDryRunFlow(
  context: GuardContext,
  step: DryRunStep,
): Promise<CallToolResultOut> {
  const preview = parseDryRunResult(step.result);
  if (!preview) return step.result;
  const { report, options } = context;
  const serverId = options.server.id;
  const tool = step.forwarded.name;
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
    return second;
  }
  // The operator's half is still off; the kit never touches it.
  report({ type: 'dry_run', serverId, tool, outcome: 'still_preview' });
  const content = 'content' in second && Array.isArray(second.content) ? second.content : [];
  return {
    ...second,
    content: [...content, { type: 'text', text: MODEL_TEXT.dryRunStillPreview(tool) }],
  };
}
