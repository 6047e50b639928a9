import type { AuditInput } from './audit.js';
import type { Clock } from './clock.js';
import type { InvalidInputSource } from './errors.js';
import type { GrantFilter } from './grant-cache.js';
import type { PendingPrompt } from './prompt-queue.js';
import type { RiskOptions } from './risk.js';
import type { GrantStore } from './store.js';
import type { PolicyDiagnostic, PolicyExplanation } from './policy/compile.js';
import type { PolicyError, PolicySource } from './policy/types.js';
import type { OutcomeAuditEvent, RequestOutcome } from './outcome-types.js';
import type {
  Assessment,
  PermissionMode,
  DecisionAuditEvent,
  DefinitionChange,
  DryRunPreview,
  Grant,
  LookupResult,
  PromptAnswer,
  PromptCallback,
  RequestResult,
  RiskTier,
  ToolCall,
  ToolDefinition,
} from './types.js';

export interface PermissionEngineOptions {
  /** Where grants persist. The cache is synced from it once at start (merged, never overwritten). */
  store: GrantStore;
  /** @default systemClock */
  clock?: Clock;
  /** A callback, a sink, or several. Audit failures never change a decision. */
  audit?: AuditInput;
  /**
   * Allow-always lifetime per tier in ms (0 to 100 years); `null` = never expires. A grant is
   * also bounded by its tier's lifetime counted from when it was granted, whatever its stored
   * `expiresAt` says. @default DEFAULT_EXPIRY (90/30/7 days)
   */
  expiry?: Partial<Record<RiskTier, number | null>>;
  /** Deny-always lifetime in ms (0 to 100 years). @default null (never expires) */
  denyExpiry?: number | null;
  risk?: RiskOptions;
  /**
   * How long `request` waits for the initial store sync before asking anyway
   * (spec R4.1: never a silent allow or deny). Needs `clock.setTimer`.
   * @default 250
   */
  readyWaitMs?: number;
  /** Default prompt timeout; a timed-out prompt answers Deny once. @default null (none) */
  promptTimeoutMs?: number | null;
  /**
   * How long a request answered "always" waits for the store to save the grant before it
   * settles anyway, with an error saying the answer may not be remembered. A result with a
   * `grant` and no `error` is a saved grant. Needs `clock.setTimer`. @default 2000
   */
  saveWaitMs?: number;
  /**
   * Policy rules (see the README, "Policy"), compiled once. An invalid policy never throws here:
   * the engine asks about every call until `setPolicy` gets a valid one (`policy().errors` says
   * what is wrong), and grants stay untouched. @default [] (no rules)
   */
  policy?: readonly PolicySource[];
  /** The host's session: session grants belong to it and end with `endSession()`. @default a new id */
  sessionId?: string;
  /** @default 'ask' */
  mode?: PermissionMode;
  /**
   * The host decides per call before anything is remembered or asked, from the arguments
   * ("ask only when amount > 100"): return `allow`, `ask`, `{ effect: 'deny', reason }`, or
   * nothing to let the rest decide. A throw or a rejection asks. Below policy deny rules and
   * remembered denials, which it cannot override. @default undefined
   */
  decide?: HostDecider;
  /**
   * Allow, without asking, the read-only closed-world tools of servers the host marked
   * `trusted` (audited with origin `trusted_read_only`). @default false
   */
  autoAllowReadOnly?: boolean;
  /** The lifetimes offered for "for a time", in ms. `[]` offers none. @default 15 min, 1 h, 1 day */
  timedGrains?: readonly number[];
  /** Offer "this session" for tools that may destroy data. @default false */
  sessionGrainsForDestructive?: boolean;
  /** Write the text of a user's deny note into the audit event (not only a flag). @default false */
  auditDenyReasonText?: boolean;
}

/** What the host's `decide` callback may return. Nothing (or `undefined`): no opinion. */
export type HostVerdict =
  | 'allow'
  | 'ask'
  | 'deny'
  | { effect: 'allow' | 'ask' }
  | { effect: 'deny'; reason?: string }
  | undefined
  | void;

export type HostDecider = (call: ToolCall, facts: Assessment) => HostVerdict | Promise<HostVerdict>;

/** The policy as the engine holds it, for a rules view. */
export interface PolicyState {
  /** `invalid`: every call is asked until a valid policy is set. */
  status: 'none' | 'ok' | 'invalid';
  /** The sources as given (valid or not). */
  sources: readonly PolicySource[];
  /** What is wrong, with file, line, column and field; empty when valid. */
  errors: readonly PolicyError[];
  /** Rules that can never apply. */
  diagnostics: readonly PolicyDiagnostic[];
}

export interface RequestOptions {
  /** The renderer's callback that asks the user. */
  prompt: PromptCallback;
  /** Aborting denies the call (Deny once) and closes the prompt when no one else waits on it. */
  signal?: AbortSignal;
  /** Overrides the engine's `promptTimeoutMs`. */
  timeoutMs?: number | null;
  /**
   * Ask about a server's dry-run preview (seed 001) instead of the call itself: the prompt is of
   * kind `dry_run`, always shown, and its answer is never remembered. @default undefined
   */
  dryRun?: DryRunPreview;
  /**
   * Looks up the definition an allow-always grant was pinned to (by its pin hash), so a prompt
   * for a changed tool can show what it was (`request.change`). Called only when the tool changed.
   * @default undefined (the prompt names the changed parts only)
   */
  previousDefinition?: (pinHash: string) => ToolDefinition | undefined;
  /**
   * What changed since the user last saw this tool, when the host knows it another way (the
   * server redefined it while the user was deciding): shown as `request.change`.
   * @default undefined
   */
  change?: DefinitionChange;
  /** Ask even when a grant would decide. @default false */
  forcePrompt?: boolean;
  /** Store "always" answers as grants. When false they act as "once". @default true */
  persist?: boolean;
}

export type EngineStatus = 'syncing' | 'ready' | 'failed';

export type EngineEvent =
  | { type: 'status'; status: EngineStatus; error?: Error }
  | { type: 'pending'; pending: readonly PendingPrompt[] }
  | { type: 'checking'; count: number }
  | { type: 'grants' }
  | { type: 'policy' }
  | { type: 'mode'; mode: PermissionMode }
  | { type: 'decision'; event: DecisionAuditEvent; result: RequestResult }
  /** An elicitation, sampling or roots outcome was audited (`recordOutcome`). */
  | { type: 'outcome'; event: OutcomeAuditEvent }
  | { type: 'audit_error'; error: unknown }
  /**
   * A value from outside was refused and the engine failed closed on it: a malformed call
   * (denied), an answer it could not take (denied once), stored grants or store changes it could
   * not hold (`count` of them; left out, so their calls are asked).
   */
  | { type: 'invalid'; source: InvalidInputSource; error: Error; count?: number };

/** An immutable view for `useSyncExternalStore`-style adapters; a new object on every change. */
export interface EngineSnapshot {
  status: EngineStatus;
  error?: Error;
  pending: readonly PendingPrompt[];
  /** Requests still hashing arguments or waiting for the store sync ("Checking permissions…"). */
  checking: number;
  grantsVersion: number;
}

export interface PermissionEngine {
  /** Settles when the lookup cache is synced; rejects with the store's error (already handled internally). */
  readonly ready: Promise<void>;
  /**
   * Synchronous O(1) lookup, re-validating the grant it finds against the call as it is now.
   * Before `ready` or after a store failure: always 'prompt'. Hashes the arguments itself when a
   * per-arguments grant exists for the tool and no `argsHash` is given.
   */
  lookup(call: ToolCall, options?: { argsHash?: string | null }): LookupResult;
  /**
   * What the engine makes of a call before asking, with its own risk options: the tier and why,
   * whether Allow always may be offered, the answer to focus first. Apps and renderers read this
   * instead of deriving risk themselves.
   */
  assess(call: Pick<ToolCall, 'tool' | 'server'>): Assessment;
  /**
   * The whole flow: lookup, queue, prompt, record, audit. Settles exactly once and never
   * rejects: a malformed call, a missing callback or any failure on the way is a denial with
   * `error` set. An "always" answer settles once its grant is saved.
   */
  request(call: ToolCall, options: RequestOptions): Promise<RequestResult>;
  pending(): readonly PendingPrompt[];
  /** Answers a pending prompt from elsewhere. False when no such prompt; throws InvalidAnswerError for a refused answer. */
  resolve(promptId: string, answer: PromptAnswer): boolean;
  /** Cancels a pending prompt: every request waiting on it gets Deny once. */
  cancel(promptId: string): boolean;
  /** Grants, frozen. A filter value must be a non-empty id (TypeError otherwise). */
  grants(filter?: GrantFilter): Grant[];
  /**
   * Revokes a key: every grant of it given until now, here or (once heard) in other tabs and
   * processes, stays void. Waits for the first store sync, so it also covers what that brings.
   */
  revoke(keyOrGrant: string | Grant): Promise<boolean>;
  /**
   * Revokes every grant the filter matches (all grants with no filter). A filter value must be a
   * non-empty id: `{ userId: undefined }` is refused with a TypeError, never read as "everyone".
   */
  revokeAll(filter?: GrantFilter): Promise<number>;
  subscribe(listener: (event: EngineEvent) => void): () => void;
  getSnapshot(): EngineSnapshot;
  /** Stops listening to the store; pending prompts are cancelled. */
  dispose(): void;
  /**
   * Replaces the policy. Returns the errors of an invalid one, which then makes every call ask
   * (never allow) until a valid one is set; grants are never touched.
   */
  setPolicy(sources: readonly PolicySource[]): readonly PolicyError[];
  /** The policy in force (or refused), for a rules view. */
  policy(): PolicyState;
  /** What the policy says of a call (the deciding rule and the ignored destructive allows). */
  explain(call: ToolCall): PolicyExplanation;
  /** The current permission mode. */
  readonly mode: PermissionMode;
  setMode(mode: PermissionMode): void;
  /**
   * Audits the answer to a server's elicitation, sampling or roots request (seed 000): writes a
   * typed event (`mcp.elicitation.outcome`, `mcp.sampling.decision`, `mcp.roots.decision`) with
   * the engine clock's time to every audit sink, best effort like decisions (a failing sink is an
   * `audit_error` event, never an exception). Only the named fields are copied: no content.
   * Throws `InvalidInputError` (source `outcome`) for an outcome it cannot record.
   */
  recordOutcome(outcome: RequestOutcome): void;
  /** The current session id. */
  readonly sessionId: string;
  /** Ends the session: its session grants are gone; a new session starts (`next` or a new id). */
  endSession(next?: string): void;
  /** The allow-always lifetimes per tier in force (spec R5). */
  expiry(): Readonly<Record<RiskTier, number | null>>;
  /**
   * The user's expiry setting (R5: extend or disable per tier; `null` = never expires, `0` =
   * Allow always off for that tier). Checked like the `expiry` option. Applies to lookups at once.
   */
  setExpiry(expiry: Partial<Record<RiskTier, number | null>>): void;
}

/** Re-exported so callers can name the filter type without reaching into the cache module. */
export type { GrantFilter };
