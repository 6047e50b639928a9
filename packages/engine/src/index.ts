export { createPermissionEngine, DAY_MS, DEFAULT_EXPIRY } from './engine.js';
export { MAX_LIFE_MS } from './answers.js';
export { assessCall, assessLookup, standaloneRequest } from './assess.js';
export type {
  EngineEvent,
  EngineSnapshot,
  EngineStatus,
  HostDecider,
  HostVerdict,
  PermissionEngine,
  PermissionEngineOptions,
  PolicyState,
  RequestOptions,
} from './engine-types.js';
export { freezeDefinition } from './snapshot.js';
export type { PendingPrompt } from './prompt-queue.js';
export {
  deriveRisk,
  effectiveHints,
  hasHints,
  isAllowAlwaysPermitted,
  serverDeclaredTier,
  DEFAULT_SERVER_RISK_PATH,
} from './risk.js';
export type { EffectiveHints, RiskOptions } from './risk.js';
export { assessSampling, DEFAULT_LARGE_MAX_TOKENS } from './sampling-risk.js';
export type {
  SamplingRisk,
  SamplingRiskOptions,
  SamplingRiskParams,
  SamplingRiskReason,
} from './sampling-risk.js';
export {
  admits,
  applyChange,
  compareGrants,
  emptyStoreState,
  grantOrder,
  isGrant,
  isPin,
  isRevocation,
  isVoidedBy,
  isUsableGrant,
  memoryStore,
  snapshotOf,
  isTime,
  timeOf,
} from './store.js';
export type {
  GrantStore,
  Revocation,
  StoreChange,
  StoreHealth,
  StoreSnapshot,
  DeferredGrants,
  StoreState,
} from './store.js';
export { changesBetween } from './store-diff.js';
export { isDecisionEvent, memoryAuditSink, toAuditEvent } from './audit.js';
export { toOutcomeEvent } from './outcomes.js';
export type { AuditInput, AuditSink } from './audit.js';
export { createManualClock } from './clock.js';
export type { CancelTimer, Clock, ManualClock } from './clock.js';
export { systemClock } from './system-clock.js';
export { createEmitter } from './emitter.js';
export type { Emitter, Subscribable } from './emitter.js';
export { canonicalJson } from './canonical-json.js';
export { hashArgs, hashArgsSync, pinTool, changedParts } from './hash.js';
export { sha256Hex } from './sha256.js';
export { grantKey } from './grant-key.js';
export { CLOCK_TOLERANCE_MS, isExpired } from './grant-cache.js';
export type { GrantFilter } from './grant-cache.js';
export {
  CanonicalJsonError,
  ConsentError,
  CorruptStoreError,
  InvalidAnswerError,
  InvalidInputError,
  StoreUnavailableError,
} from './errors.js';
export type { InvalidInputSource } from './errors.js';
export type * from './types.js';
export type * from './outcome-types.js';
export {
  compilePolicies,
  InvalidPolicyError,
  compileGlob,
  mayAllowDestructive,
  parsePolicy,
  policySourceFromText,
  pointerProblem,
  regexProblem,
  MAX_ARG_TEXT,
  MAX_REGEX_LENGTH,
  POLICY_LAYERS,
} from './policy/index.js';
export type {
  CompiledPolicy,
  GlobMatcher,
  JsonValue,
  ParsePolicyResult,
  PolicyArgMatcher,
  PolicyCall,
  PolicyDiagnostic,
  PolicyEffect,
  PolicyError,
  PolicyExplanation,
  PolicyFile,
  PolicyHintName,
  PolicyLayer,
  PolicyRule,
  PolicyRuleRef,
  PolicySource,
  PolicyVerdict,
} from './policy/index.js';
