import type { PromptRequest } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import type { DryRunStep } from './types.js';

/**
 * Seed 001's two-key flow is one flow in two steps. Step 1 is the permission prompt for a call
 * the kit expects to come back as a preview: `@mcp-consent/mcp` marks it so when this server
 * answered the same tool with `DRY_RUN_PREVIEW` earlier in the session and the call carries no
 * `__confirm` (the kit adds it only after step 2). It is an expectation from what the server did,
 * not a promise: the sheet keeps its risk and answers, and only says so with the step.
 */
export type DryRunStepMark = { dryRunStep?: 'preview' };

/** The request as step 1 of 2 (a permission request; any other kind is returned as it is). */
export function markPreviewStep(request: PromptRequest): PromptRequest {
  return request.kind === 'permission'
    ? ({ ...request, dryRunStep: 'preview' } as PromptRequest & DryRunStepMark)
    : request;
}

/** Whether a permission request was marked as step 1 of 2 by `markPreviewStep`. */
export function isPreviewStep(request: PromptRequest): boolean {
  return (
    request.kind === 'permission' &&
    (request as PromptRequest & DryRunStepMark).dryRunStep === 'preview'
  );
}

/** The model's step of a two-key flow: "Step 1 of 2 · Preview" or "Step 2 of 2 · Send for real". */
export function dryRunStep(index: 1 | 2, t: Translator): DryRunStep {
  const label = t.t(index === 1 ? 'mcp.dry_run.step.preview' : 'mcp.dry_run.step.send');
  return { index, total: 2, label, text: t.t('mcp.dry_run.step', { index, total: 2, label }) };
}
