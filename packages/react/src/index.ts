/**
 * @mcp-consent/react: React 19 components of MCP Consent Kit. They render the consent
 * presenter and the headless models of @mcp-consent/prompt; the DOM-free hooks live in
 * `@mcp-consent/react/hooks`.
 */
export {
  ConsentProvider,
  useConsent,
  type ConsentContextValue,
  type ConsentProviderProps,
} from './provider.js';
export {
  useElicit,
  usePrompter,
  useRequestPermission,
  useResultReview,
  useRoots,
  useShow,
} from './host-hooks.js';
export { PermissionSheet, type PermissionSheetProps } from './permission-sheet.js';
export { ElicitationSheet, type ElicitationSheetProps } from './elicitation-sheet.js';
export { DryRunSheet, type DryRunSheetProps } from './dry-run-sheet.js';
export { RootsSheet, type RootsSheetProps } from './roots-sheet.js';
export { ResultReviewSheet, type ResultReviewSheetProps } from './result-review-sheet.js';
export { PermissionManager, type PermissionManagerProps } from './permission-manager.js';
export { CheckingStatus, type CheckingStatusProps } from './checking-status.js';
export { CallProgress, type CallProgressProps } from './call-progress.js';
export {
  ConsentStyles,
  type ColorScheme,
  type SheetLayout,
  type SheetPresentationProps,
} from './sheet-layer.js';
export { consentStyles } from './styles.js';
export { toReactProps, type ReactAttrs } from './attrs.js';
export * from './hooks/index.js';
