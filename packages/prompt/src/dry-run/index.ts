export { createDryRunPrompt } from './state.js';
export { dryRunRequestOf } from './content.js';
export { dryRunAnatomy, type DryRunPart } from './anatomy.js';
export type {
  DryRunAnswer,
  DryRunApi,
  DryRunModel,
  DryRunPromptOptions,
  DryRunRequest,
  DryRunState,
  DryRunStep,
} from './types.js';
export { dryRunStep, isPreviewStep, markPreviewStep, type DryRunStepMark } from './step.js';
export { describeDryRunResult, type DryRunOutcomeInput, type DryRunResultView } from './result.js';
