export { createSamplingPrompt } from './state.js';
export { lastUserText } from './content.js';
export { applySamplingEdits, parseMaxTokens, MAX_EDITED_TOKENS } from './edits.js';
export { samplingAnatomy, type SamplingPart } from './anatomy.js';
export type {
  BlockView,
  MessageView,
  SamplingAction,
  SamplingActionView,
  SamplingAnswer,
  SamplingApi,
  SamplingCall,
  SamplingEdits,
  SamplingEditFieldView,
  SamplingField,
  SamplingFocus,
  SamplingGrain,
  SamplingModel,
  SamplingParams,
  SamplingPromptOptions,
  SamplingRequestAnswer,
  SamplingResponseAnswer,
  SamplingResult,
  SamplingState,
} from './types.js';
