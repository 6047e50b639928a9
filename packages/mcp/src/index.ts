export {
  guardClient,
  type GuardClientOptions,
  type GuardedClient,
  type GuardEvent,
} from './guard.js';
export {
  createToolCatalog,
  type CatalogStatus,
  type ToolCatalog,
  type ToolCatalogOptions,
} from './catalog.js';
export {
  type ElicitAnswer,
  type ElicitationEvent,
  type ElicitationRequest,
  type ElicitationUrl,
  type ElicitCallback,
  type NoRendererPolicy,
} from './elicitation.js';
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
export { MAX_TIMER_MS, UserTimeGate, withUserTimeExcluded } from './user-time.js';
