export { McpPermissionSheet, type SheetEngine } from './permission-sheet.js';
export { McpElicitationSheet, type ElicitationInput } from './elicitation-sheet.js';
export { McpPermissionManager } from './permission-manager.js';
export { McpRootsSheet } from './roots-sheet.js';
export { McpCallProgress } from './call-progress.js';
export { McpResultReviewSheet } from './result-review-sheet.js';
export { ModelController, type ConnectableModel } from './internal/model-controller.js';
export { spread } from './internal/spread.js';
export { DEFAULT_BREAKPOINT_PX, type SheetLayout } from '@mcp-consent/prompt/dom';
export type {
  CloseDetail,
  DecisionDetail,
  ElicitationResultDetail,
  ExpiryChangeDetail,
  McpEventMap,
  OpenDetail,
  ResultReviewDetail,
  RevokeAllDetail,
  RevokeDetail,
  RootsResultDetail,
} from './events.js';
