export { createResultReviewPrompt } from './state.js';
export { resultReviewAnatomy, type ResultReviewPart } from './anatomy.js';
export { DEFAULT_RESULT_PREVIEW, MAX_RESULT_BLOCKS } from './content.js';
export type {
  ResultBlockView,
  ResultReviewActionView,
  ResultReviewAnswer,
  ResultReviewApi,
  ResultReviewModel,
  ResultReviewPromptOptions,
  ResultReviewRequest,
  ResultReviewResult,
  ResultReviewState,
  ReviewedToolResult,
} from './types.js';
