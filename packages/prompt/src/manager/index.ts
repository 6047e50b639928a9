export { createPermissionManager } from './state.js';
export { managerAnatomy, type ManagerPart } from './anatomy.js';
export type {
  AuditColumn,
  AuditDecisionFilter,
  AuditRowView,
  ExpiryOption,
  ExpirySetting,
  ExpiryTierView,
  GrantColumn,
  GrantGrain,
  GrantRowView,
  ManagerApi,
  ManagerEngine,
  ManagerState,
  ManagerModel,
  PermissionManagerOptions,
  RuleColumn,
  RuleRowView,
} from './types.js';
