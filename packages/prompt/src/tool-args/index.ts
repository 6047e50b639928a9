export {
  describeToolArguments,
  type ToolArgumentsOptions,
  type ToolArgumentsView,
  type ToolArgumentView,
} from './describe.js';
export { argumentSkeleton, skeletonJson, SKELETON_LIMITS } from './skeleton.js';
