export {
  inkPrompter,
  type ElicitationCall,
  type InkPrompter,
  type InkPrompterOptions,
} from './prompter.js';
export { PermissionPrompt, type PermissionPromptProps } from './PermissionPrompt.js';
export { ElicitationPrompt, type ElicitationPromptProps } from './ElicitationPrompt.js';
export { DryRunPrompt, type DryRunPromptProps } from './DryRunPrompt.js';
export { RootsPrompt, type RootsPromptProps } from './RootsPrompt.js';
export { ResultReviewPrompt, type ResultReviewPromptProps } from './ResultReviewPrompt.js';
export { SamplingPrompt, type SamplingPromptProps } from './SamplingPrompt.js';
export { PromptHost, type PromptHostProps } from './PromptHost.js';
export { CallProgress, type CallProgressProps } from './CallProgress.js';
export { settledSummary } from './summary.js';
export { useModel, type ModelSource } from './use-model.js';
export { colorFromEnv, terminalColors, type Tone } from './palette.js';
export { terminalKey, type TerminalKey } from './keys.js';
export type { Line, Span } from './lines.js';
export type { TerminalPromptOptions } from './shared.js';
