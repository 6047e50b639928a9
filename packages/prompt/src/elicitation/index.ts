export { createElicitationPrompt } from './state.js';
export { elicitationAnatomy, type ElicitationPart } from './anatomy.js';
export type {
  ElicitAction,
  ElicitationActionView,
  ElicitationApi,
  ElicitationFocus,
  ElicitationFormApi,
  ElicitationOutcome,
  ElicitationModel,
  ElicitationOrigin,
  ElicitationPromptOptions,
  ElicitationState,
  ElicitationUrlApi,
  ElicitFormRequest,
  ElicitRequest,
  ElicitResult,
  ElicitUrlRequest,
  FieldView,
} from './types.js';
