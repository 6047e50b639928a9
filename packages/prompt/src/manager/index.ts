export { createPermissionManager } from './state.js';
export { managerAnatomy, type ManagerPart } from './anatomy.js';
export type {
  AuditColumn,
  AuditDecisionFilter,
  AuditRowView,
  GrantColumn,
  GrantRowView,
  ManagerApi,
  ManagerEngine,
  ManagerState,
  ManagerModel,
  PermissionManagerOptions,
} from './types.js';
