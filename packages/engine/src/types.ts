import type { PolicyLayer, PolicyVerdict } from './policy/types.js';
import type { AuditEventBase, OutcomeAuditEvent } from './outcome-types.js';
/** Risk tiers, lowest to highest. */
export type RiskTier = 'low' | 'medium' | 'high';

/** The four answers of spec R3. */
export type Choice = 'allow_once' | 'allow_always' | 'deny_once' | 'deny_always';

/**
 * How a decision was reached (spec R6 `origin`). The spec's three keep their meaning — the user
 * answered (`user_prompt`; `auto_revoke_renewal` when a grant had expired), or a remembered
 * grant decided (`cache_hit`) — and a decision nobody chose says who did:
 * - `policy`: a policy rule (the event names it in `policy_rule`);
 * - `host_callback`: the host's `decide` callback;
 * - `mode`: the permission mode (`plan`, `non_interactive`);
 * - `trusted_read_only`: the host's `autoAllowReadOnly` for a trusted server's read-only tool;
 * - `timeout`: the prompt timed out; `cancelled`: the call was aborted or the prompt cancelled;
 * - `no_renderer`: no renderer could ask (none attached, or it failed or answered nonsense);
 * - `invalid`: the call itself could not be decided on.
 */
export type DecisionOrigin =
  | 'user_prompt'
  | 'cache_hit'
  | 'auto_revoke_renewal'
  | 'policy'
  | 'host_callback'
  | 'mode'
  | 'trusted_read_only'
  | 'timeout'
  | 'cancelled'
  | 'no_renderer'
  | 'invalid';

/**
 * How the engine treats calls that would ask: `ask` (as usual), `plan` (deny every call that is
 * not read-only, without asking), `non_interactive` (deny whatever would ask; for CI).
 */
export type PermissionMode = 'ask' | 'plan' | 'non_interactive';

/** How long an answer holds: this call, this session, a time the user picked, or always. */
export type Grain = 'once' | 'session' | 'timed' | 'always';

/** MCP tool annotations (`tools/list[].annotations`). All are hints from the server. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** A tool as listed by an MCP server. Every field is untrusted text from the server. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  annotations?: ToolAnnotations;
  inputSchema?: unknown;
  _meta?: Record<string, unknown>;
  /** The tool's own icons (MCP `Tool.icons`): shown only, never pinned or decided on. */
  icons?: readonly { src: string; mimeType?: string; sizes?: readonly string[] }[];
}

/**
 * The server a call goes to. `id` comes from the host's configuration of the
 * connection, never from what the server reports about itself.
 */
export interface ServerRef {
  id: string;
  /** Display name; untrusted when it came from the server. */
  name?: string;
  /** Set by the host only. @default false */
  trusted?: boolean;
  /** The server's web origin (`https://host:port`), set by the host only; tool icons may load from it. */
  origin?: string;
}

/** One tool call the agent wants to make. */
export interface ToolCall {
  userId: string;
  workspaceId: string;
  server: ServerRef;
  tool: ToolDefinition;
  args: unknown;
  /**
   * Who asked for the call, as the HOST knows it: an MCP App's UI (`@modelcontextprotocol/ext-apps`)
   * by the name the host shows for that app. Absent: the AI model. Grants and rules apply the
   * same either way; the prompt says who asked and the audit event records it.
   * @default undefined (the model)
   */
  requestedBy?: CallRequester;
}

/** Who asked for a tool call: the AI model, or an app's UI (by the host's name for it). */
export type CallRequester = { kind: 'model' } | { kind: 'app'; app: string };

/** Why a tier was chosen; the prompt model turns these into localized lines. */
export type RiskReason =
  | 'no_annotations'
  | 'destructive'
  | 'open_world'
  | 'read_only'
  | 'trusted_server'
  | 'untrusted_server'
  | 'idempotent_write'
  | 'non_idempotent_write'
  | 'server_raised'
  | 'server_lowered'
  | 'server_lower_ignored'
  /** The tool changed since the user allowed it always, and the change is not reviewed yet. */
  | 'definition_changed';

export interface RiskAssessment {
  tier: RiskTier;
  reasons: RiskReason[];
  /** What settled the tier: the annotations, the MCP defaults (no annotations), or the server's own `_meta` risk. */
  source: 'annotations' | 'defaults' | 'server_meta';
}

/** The scope a grant applies to. */
export interface GrantScope {
  userId: string;
  workspaceId: string;
  serverId: string;
  toolName: string;
  /** Present when the grant covers one exact set of arguments. */
  argsHash?: string;
}

/** A pinned tool definition: one hash overall plus one per part, to say what changed. */
export interface ToolPin {
  hash: string;
  parts: Record<PinnedPart, string>;
}

export type PinnedPart = 'name' | 'title' | 'description' | 'inputSchema' | 'annotations';

/** A remembered "always" answer (spec R4). Timestamps are ISO 8601. */
export interface Grant extends GrantScope {
  key: string;
  decision: 'allow' | 'deny';
  grantedAt: string;
  expiresAt: string | null;
  grantedBy: string;
  riskTier: RiskTier;
  /** Allow grants are pinned to the definition they were granted for. */
  pin?: ToolPin;
  /** Set on a session grant: it lives in memory until `engine.endSession()`, never in a store. */
  sessionId?: string;
  /** Set on a grant for a time the user picked (`ttlMs`), to tell it from an "always" one. */
  grain?: 'timed';
}

export type LookupStatus = 'allow' | 'deny' | 'prompt';

export type LookupReason =
  | 'grant_allow'
  | 'grant_deny'
  | 'no_grant'
  | 'not_ready'
  | 'store_failed'
  | 'expired'
  | 'definition_changed'
  | 'definition_unknown'
  | 'args_hash_unknown'
  /** The call's tier is higher than the tier the grant was given for (trust withdrawn, risk raised). */
  | 'risk_raised'
  /** Allow always may not be given for the tool as it is defined now (it is destructive). */
  | 'not_permitted'
  /** A policy rule (or the host's callback) asks about every such call, whatever is remembered. */
  | 'policy_ask'
  /** The policy given to the engine is invalid: every call is asked until it is fixed. */
  | 'policy_invalid';

export interface LookupResult {
  status: LookupStatus;
  reason: LookupReason;
  /** The grant that decided, or the stale one (expired, changed definition) that needs renewal. */
  grant?: Grant;
  /** For `definition_changed`: which parts of the tool definition differ from the pinned ones. */
  changed?: PinnedPart[];
}

/** A richer answer: the choice plus optional scope and time the user picked. */
export interface ChoiceDetail {
  choice: Choice;
  /** Remember for these exact arguments only (with an "always" choice). @default false */
  argsOnly?: boolean;
  /**
   * A shorter lifetime than the tier default, in ms ("for 1 hour"): the timed grain. With an
   * "always" choice; offered lifetimes are `request.grains.timed`.
   */
  ttlMs?: number;
  /**
   * Remember until the host's session ends (`engine.endSession()`), in memory only. With an
   * "always" choice; offered when `request.grains.session`. @default false
   */
  session?: boolean;
  /**
   * With a session allow: cover every tool of the call's server (`server`) or only its read-only
   * tools (`server_read_only`) for the rest of the session. @default 'tool'
   */
  scope?: 'tool' | 'server' | 'server_read_only';
  /** The user's note on a deny (at most 500 characters), returned to the agent. */
  reason?: string;
  /**
   * The arguments as the user edited them (an allow answer, `request.editable` only): the call
   * runs with these, and an args-narrowed grant is keyed on them.
   */
  args?: unknown;
}

export type PromptAnswer = Choice | ChoiceDetail;

/** What a prompt asks: whether a call may run, or whether a server's dry run may run for real. */
export type PromptKind = 'permission' | 'dry_run';

/** What the engine makes of a call before asking: the same for every renderer and app. */
export interface Assessment {
  risk: RiskAssessment;
  /** Whether Allow always may be offered (never for a tool that may destroy data). */
  allowAlwaysEnabled: boolean;
  /** Why Allow always is not offered; null when it is. */
  allowAlwaysDisabled: 'destructive' | null;
  /** The answer focused first: Deny once for a destructive tool, else Allow once. */
  defaultChoice: 'allow_once' | 'deny_once';
}

/**
 * A two-key server's dry-run answer (seed 001): what the call would have done, which the user
 * reviews before the call runs for real. Everything in it is untrusted text from the server.
 */
export interface DryRunPreview {
  /** The redacted arguments (or whatever the server sent back instead of executing). */
  preview: unknown;
  /** The server's hint (`recovery_hint`); untrusted. */
  hint: string | null;
  /** The tool as the server named it in its preview, when it did; untrusted. */
  toolName?: string;
}

/** The definition an allow-always grant was pinned to, when the tool changed since. */
export interface DefinitionChange {
  previous: ToolDefinition;
  parts: PinnedPart[];
}

interface PromptRequestBase extends Assessment {
  id: string;
  call: ToolCall;
  /**
   * Who asked for the call (seed 004's `requestedBy`), as `engine.pending()` lists it: the model
   * unless the host said an app did. The engine always sets it; `call.requestedBy` is the source.
   */
  requestedBy?: CallRequester;
  /** Why the engine asks: a first call, an expired grant, a changed definition, … */
  lookup: LookupResult;
  argsHash: string | null;
  /** Position in the queue (1-based) and the queue length when the prompt was shown. */
  position: number;
  queueLength: number;
  /** Aborted when the prompt is settled elsewhere (another tab, timeout, cancel): close the UI. */
  signal: AbortSignal;
  /** For a changed definition, when the host could say what it was before (`previousDefinition`). */
  change?: DefinitionChange;
  /** Which grains the renderer may offer; absent (a request made without an engine): the four answers only. */
  grains?: GrainOptions;
  /** The policy rule that made the engine ask, to say "Asked because of rule N in FILE". */
  rule?: PolicyVerdict;
  /** Whether the user may edit the arguments before allowing (the tool has an input schema). @default false */
  editable?: boolean;
}

/**
 * The grains a prompt may offer, as the engine's options and the call allow, in the order
 * once, session, timed, always. `timed` answers carry one of `timed` as `ttlMs`.
 */
export interface GrainOptions {
  /**
   * For an allow. Once only for a dry run, a rule that asks every time, or when answers are not
   * remembered; no `always` or `timed` for a tool that may destroy data (spec R5), and no
   * `session` for one unless the host allows it (`sessionGrainsForDestructive`).
   */
  allow: readonly Grain[];
  /** For a deny: every grain, unless the prompt is a dry run or answers are not remembered. */
  deny: readonly Grain[];
  /** Lifetimes in ms for "for a time" (15 min, 1 h, 1 day by default). */
  timed: readonly number[];
  /** "Allow every tool of this server for the session" (`scope: 'server' | 'server_read_only'`). */
  server: boolean;
}

/** Asks whether a tool call may run: answered with one of the four choices. */
export interface PermissionRequest extends PromptRequestBase {
  kind: 'permission';
}

/** Asks whether a previewed call may run for real: answered Allow once (run) or Deny once. */
export interface DryRunRequest extends PromptRequestBase {
  kind: 'dry_run';
  dryRun: DryRunPreview;
}

/** What a renderer receives to ask the user, by kind. */
export type PromptRequest = PermissionRequest | DryRunRequest;

export type PromptCallback = (request: PromptRequest) => Promise<PromptAnswer> | PromptAnswer;

/** How a request ended. `answer`: the user (or a remote approver) chose. */
export type Settlement = 'answer' | 'grant' | 'rule' | 'timeout' | 'abort' | 'cancel' | 'error';

export interface RequestResult {
  allowed: boolean;
  choice: Choice;
  origin: DecisionOrigin;
  risk: RiskAssessment;
  settledBy: Settlement;
  /** SHA-256 of the arguments' canonical JSON; null when they cannot be represented as JSON. */
  argsHash: string | null;
  promptId?: string;
  grant?: Grant;
  /**
   * The call as decided on: a deep, frozen copy made when `request` was called. Send these
   * arguments, not the caller's object, which may have changed since. Absent only when the call
   * itself was invalid (then it was denied).
   */
  call?: ToolCall;
  /** Which policy rule decided (origin `policy`) or made the engine ask. */
  rule?: PolicyVerdict;
  /**
   * Why the call was denied, for the agent: the user's note, a rule's or the host callback's
   * reason. Untrusted when it came from a rule or the user: send it as text only.
   */
  reason?: string;
  /** The user edited the arguments: `call.args` and `argsHash` are what they allowed. */
  edited?: boolean;
  /** How long the answer holds, when it was remembered. */
  grain?: Grain;
  /** The permission mode that decided (origin `mode`). */
  mode?: PermissionMode;
  /**
   * Set when something failed on the way (an invalid call or answer, a renderer that threw, a
   * store that could not save an "always" answer). An allowed result with an error still ran
   * only what the user allowed; a failed save means the answer was not remembered.
   */
  error?: Error;
}

/** The audit event of spec R6, field for field. Raw arguments never appear here. */
export interface DecisionAuditEvent extends AuditEventBase {
  event_type: 'mcp.permission.decision';
  decision: 'ALLOW_ONCE' | 'ALLOW_ALWAYS' | 'DENY_ONCE' | 'DENY_ALWAYS';
  tool_name: string;
  args_hash: string | null;
  risk_tier: RiskTier;
  origin: DecisionOrigin;
  /**
   * Set only on the answer to a server's dry-run preview (a `dry_run` prompt, seed 001): `sent`
   * when the user let the kit send the call for real (with `__confirm: true`), `not_sent` when not.
   * The earlier answer that led to the preview is the previous event for the same call.
   */
  dry_run?: 'sent' | 'not_sent';
  /** The rule that decided or made the engine ask (origin `policy`, or a prompt a rule forced). */
  policy_rule?: { layer: PolicyLayer; file: string; index: number; id?: string };
  /** How long a remembered answer holds: `session` or `timed` (absent: once, or always). */
  grain?: 'session' | 'timed';
  /** The user wrote a note with their deny (the text only when the host opts in). */
  deny_reason?: true;
  /** The note's text, only with the host's `auditDenyReasonText`. */
  deny_reason_text?: string;
  /** The user edited the arguments; `args_hash` is the hash of what ran. */
  edited?: true;
  /** The permission mode, when it decided (origin `mode`). */
  mode?: PermissionMode;
}

/**
 * Any event of the audit trail, told apart by `event_type`: a tool-call decision, or the outcome
 * of an elicitation, sampling or roots request. A reader meeting a kind it does not know (a log
 * written by a newer kit) should skip it, never read it as a decision.
 */
export type AuditEvent = DecisionAuditEvent | OutcomeAuditEvent;
