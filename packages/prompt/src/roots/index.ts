export { createRootsPrompt } from './state.js';
export { rootsAnatomy, type RootsPart } from './anatomy.js';
export { ROOT_LIMITS } from './content.js';
export type {
  HostRoot,
  RootItemView,
  RootsActionView,
  RootsAnswer,
  RootsApi,
  RootsFocus,
  RootsGrain,
  RootsGrainView,
  RootsModel,
  RootsPromptOptions,
  RootsRequest,
  RootsResult,
  RootsState,
} from './types.js';
