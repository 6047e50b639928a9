export { createPermissionPrompt } from './state.js';
export { permissionAnatomy, type PermissionPart } from './anatomy.js';
export {
  actionRows,
  choiceOrder,
  riskColorRole,
  type ActionView,
  type ColorRole,
  type KeyOutcome,
  type NoticeKind,
  type PermissionApi,
  type PermissionId,
  type PermissionModel,
  type PermissionPromptOptions,
  type PermissionState,
  type QueuePosition,
} from './types.js';
