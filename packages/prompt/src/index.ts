export { createPermissionPrompt } from './permission/index.js';
export { followQueue, type QueueSource } from './follow-queue.js';
export {
  createConsentPresenter,
  isPromptRequest,
  PromptNotShownError,
} from './presenter/presenter.js';
export type {
  ConsentEnd,
  ConsentItem,
  ConsentKind,
  ConsentPresenter,
  ConsentPresenterOptions,
  ConsentSnapshot,
  ElicitationCall,
  ResultReviewCall,
  RootsCall,
  SettledItem,
} from './presenter/presenter-types.js';
export {
  actionRows,
  choiceOrder,
  riskColorRole,
  riskBadgeKey,
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
} from './permission/index.js';
export { durationText } from './permission/grains.js';
export { describeEffects, type EffectKey, type EffectLine, type Effects } from './effects.js';
export { buildSummary, summaryTarget, type SummaryInput } from './summary.js';
export { diffWords, diffLines, type DiffSegment } from './diff.js';
export { createElicitationPrompt } from './elicitation/index.js';
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
} from './elicitation/index.js';
export {
  argsEditAnatomy,
  createArgsEditor,
  describeArgsEdit,
  editBlocks,
  mountArgsEditor,
  withEditedArgs,
  type ArgsEditor,
  type ArgsEditorApi,
  type ArgsEditorOptions,
  type ArgsEditPart,
  type ArgsEditResult,
  type ArgsEditState,
} from './args-edit/index.js';
export type {
  ContentValue,
  FieldKind,
  FieldSpec,
  FieldValue,
  RequestedSchema,
} from './form-fields.js';
export {
  defaultContent,
  validateContent,
  type ContentCheck,
  type ContentError,
  type ValidateContentOptions,
} from './validate-content.js';
export {
  parseMarkdown,
  parseInline,
  markdownText,
  MARKDOWN_LIMITS,
  type MarkdownBlock,
  type MarkdownRun,
} from './markdown.js';
export { checkUrl, decodePunycode, type UrlCheck, type UrlWarningKind } from './url-check.js';
export {
  createDryRunPrompt,
  dryRunRequestOf,
  type DryRunAnswer,
  type DryRunApi,
  type DryRunModel,
  type DryRunPromptOptions,
  type DryRunRequest,
  type DryRunState,
  type DryRunStep,
  dryRunStep,
  isPreviewStep,
  markPreviewStep,
  type DryRunStepMark,
  describeDryRunResult,
  type DryRunOutcomeInput,
  type DryRunResultView,
} from './dry-run/index.js';
export {
  createRootsPrompt,
  rootsAnatomy,
  ROOT_LIMITS,
  type HostRoot,
  type RootItemView,
  type RootsActionView,
  type RootsAnswer,
  type RootsApi,
  type RootsFocus,
  type RootsGrain,
  type RootsGrainView,
  type RootsModel,
  type RootsPart,
  type RootsPromptOptions,
  type RootsRequest,
  type RootsResult,
  type RootsState,
} from './roots/index.js';
export {
  createResultReviewPrompt,
  resultReviewAnatomy,
  DEFAULT_RESULT_PREVIEW,
  MAX_RESULT_BLOCKS,
  type ResultBlockView,
  type ResultReviewActionView,
  type ResultReviewAnswer,
  type ResultReviewApi,
  type ResultReviewModel,
  type ResultReviewPart,
  type ResultReviewPromptOptions,
  type ResultReviewRequest,
  type ResultReviewResult,
  type ResultReviewState,
  type ReviewedToolResult,
} from './result-review/index.js';
export { connectChecking, CHECKING_DELAY_MS, type CheckingApi } from './checking.js';
export {
  callProgressAnatomy,
  connectCallProgress,
  type CallProgress,
  type CallProgressApi,
  type CallProgressPart,
} from './call-progress.js';
export {
  sanitizeText,
  visibleCode,
  DEFAULT_MAX_LENGTH,
  type HiddenKind,
  type SanitizedText,
  type SanitizeOptions,
} from './sanitize.js';
export {
  formatArguments,
  type ArgumentsPreview,
  type ArgumentsPreviewOptions,
} from './args-preview.js';
export { isSecretKey, splitSecrets } from './secrets.js';
export { toolIconFor, TOOL_ICON_MAX_DATA, type ToolIconSource } from './tool-icon.js';
export { checkingAnatomy, type CheckingPart, type PartProps } from './anatomy.js';
export { permissionAnatomy, type PermissionPart } from './permission/index.js';
export { elicitationAnatomy, type ElicitationPart } from './elicitation/index.js';
export { dryRunAnatomy, type DryRunPart } from './dry-run/index.js';
export { keymapFor, type KeyBinding, type KeyIntent } from './keymap.js';
export {
  DEFAULT_GUARD_MS,
  TEXT_LIMITS,
  type AnswerOutcome,
  type BaseModelOptions,
  type IgnoredReason,
  type KeyInput,
  type ServerText,
  type TextPart,
  serverTextAnatomy,
  serverTextAttrs,
  type ServerTextPart,
} from './core.js';
export { createPermissionManager } from './manager/index.js';
export {
  managerAnatomy,
  type AuditColumn,
  type AuditDecisionFilter,
  type AuditRowView,
  type ExpiryOption,
  type ExpirySetting,
  type ExpiryTierView,
  type GrantColumn,
  type GrantGrain,
  type GrantRowView,
  type ManagerApi,
  type ManagerEngine,
  type ManagerPart,
  type ManagerState,
  type ManagerModel,
  type PermissionManagerOptions,
  type RuleColumn,
  type RuleRowView,
} from './manager/index.js';
export {
  applySamplingEdits,
  createSamplingPrompt,
  lastUserText,
  MAX_EDITED_TOKENS,
  parseMaxTokens,
  samplingAnatomy,
  type BlockView,
  type MessageView,
  type SamplingAction,
  type SamplingActionView,
  type SamplingAnswer,
  type SamplingApi,
  type SamplingCall,
  type SamplingEdits,
  type SamplingEditFieldView,
  type SamplingField,
  type SamplingFocus,
  type SamplingGrain,
  type SamplingModel,
  type SamplingParams,
  type SamplingPart,
  type SamplingPromptOptions,
  type SamplingRequestAnswer,
  type SamplingResponseAnswer,
  type SamplingResult,
  type SamplingState,
} from './sampling/index.js';
