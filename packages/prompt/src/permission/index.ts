export { createPermissionPrompt } from './state.js';
export { permissionAnatomy, type PermissionPart } from './anatomy.js';
export {
  actionRows,
  choiceOrder,
  riskColorRole,
  type ActionView,
  type ChangePartView,
  type ChangeView,
  type ColorRole,
  type FromServerView,
  type GrainDecision,
  type GrainGroupView,
  type GrainOptionView,
  type GrainsView,
  type GrainValue,
  type KeyOutcome,
  type NoteView,
  type NoticeKind,
  type PermissionApi,
  type PermissionId,
  type PermissionModel,
  type PermissionPromptOptions,
  type PermissionState,
  type QueuePosition,
  type RiskBadgeKey,
} from './types.js';
export { riskBadgeKey } from './risk-badge.js';
