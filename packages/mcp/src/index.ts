export { appToolCalls } from './app-calls.js';
export {
  guardClient,
  type GuardClientOptions,
  type GuardedClient,
  type GuardEvent,
} from './guard.js';
export { createToolCatalog, withUserTimeExcluded } from './binding-v1.js';
export { type CatalogStatus, type ToolCatalog, type ToolCatalogOptions } from './catalog.js';
export {
  type ElicitAnswer,
  type ElicitationEvent,
  type ElicitationRequest,
  type ElicitationUrl,
  type ElicitCallback,
  type NoRendererPolicy,
} from './elicitation.js';
export {
  answerRoots,
  memoryRootsMemory,
  type HostRoots,
  type PickRootsCallback,
  type Root,
  type RootsEvent,
  type RootsMemory,
  type RootsOptions,
  type RootsPick,
  type RootsPickRequest,
} from './roots.js';
export {
  type ResultReviewAnswer,
  type ResultReviewEvent,
  type ResultReviewPolicy,
  type ResultReviewRequest,
  type ReviewResultCallback,
} from './result-review.js';
export {
  answerSampling,
  SAMPLING_FAILED,
  SAMPLING_REJECTED,
  type SampleCallback,
  type SamplingEvent,
  type SamplingGenerator,
  type SamplingHandlerOptions,
  type SamplingOutcome,
  type SamplingSession,
} from './sampling.js';
export {
  CONFIRM_ARG,
  DRY_RUN_META_KEY,
  DRY_RUN_PREVIEW,
  dryRunOutcomeOf,
  parseDryRunResult,
  serverMessageOf,
  type DryRunOutcome,
} from './dry-run.js';
export {
  DENIAL_META_KEY,
  denialOf,
  MODEL_TEXT,
  type DenialMeta,
  type DenialReason,
} from './model-text.js';
export { MAX_TIMER_MS, UserTimeGate } from './user-time.js';
export type {
  CallOptions,
  CallParams,
  SdkBinding,
  ServerRequestHandler,
  ServerRequestMethod,
} from './binding.js';
export type { GuardContext } from './guard-types.js';
export { closeGuarded } from './close.js';
export { PROGRESS_MESSAGE_LIMIT, progressEvent, type ProgressEvent } from './progress.js';
export { LOG_MESSAGE_LIMIT, logEvent, type LogEvent } from './server-log.js';
export type { GuardTransportOptions } from './transport-options.js';
export {
  MAX_REQUIRED_URLS,
  URL_REQUIRED_META_KEY,
  urlRequiredResult,
  type UrlDoneCallback,
  type UrlDoneRequest,
  type UrlRequiredOutcome,
} from './url-required.js';
