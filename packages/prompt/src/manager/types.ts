import type {
  AuditEvent,
  DecisionAuditEvent,
  Choice,
  Clock,
  DecisionOrigin,
  EngineEvent,
  Grant,
  GrantFilter,
  PolicyEffect,
  PolicyError,
  PolicyLayer,
  PolicySource,
  RiskTier,
} from '@mcp-consent/engine';
import type { Direction, Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import type { ManagerPart } from './anatomy.js';

/** Allow-always lifetimes per tier in ms; `null` never expires, `0` turns Allow always off. */
export type ExpirySetting = Readonly<Record<RiskTier, number | null>>;

/**
 * The part of the engine the manager needs: list, revoke and change events; optionally the
 * policy (the rules section) and the expiry setting (shown only when both methods exist).
 */
export interface ManagerEngine {
  grants(filter?: GrantFilter): Grant[];
  revoke(keyOrGrant: string | Grant): Promise<boolean>;
  revokeAll(filter?: GrantFilter): Promise<number>;
  subscribe(listener: (event: EngineEvent) => void): () => void;
  /** The policy in force or refused (`engine.policy()`); without it no rules section. */
  policy?(): {
    status: 'none' | 'ok' | 'invalid';
    sources: readonly PolicySource[];
    errors: readonly PolicyError[];
  };
  /** The allow-always lifetimes in force (spec R5). */
  expiry?(): ExpirySetting;
  /** The user's expiry setting (spec R5: extend or disable per tier). */
  setExpiry?(expiry: Partial<Record<RiskTier, number | null>>): void;
}

export interface PermissionManagerOptions {
  engine: ManagerEngine;
  /**
   * Reads the audit history (oldest first, as sinks return it), for example
   * `() => sink.read()`. Read again after every decision the engine reports.
   * The history lists tool-call decisions only: elicitation, sampling and roots outcomes (and
   * kinds this kit does not know) are left out. Without it the history section is empty.
   */
  audit?: () => Promise<readonly AuditEvent[]> | readonly AuditEvent[];
  /** "expires in 7 days" is counted from `clock.now()`. */
  clock: Clock;
  translator?: Translator;
  /** @default 'en-US' */
  locale?: string | readonly string[];
  /** Which grants to list and revoke, e.g. the signed-in user's. @default {} (all) */
  filter?: GrantFilter;
  /** Prefix of element ids. @default 'mcp-consent-manager' */
  idPrefix?: string;
  /** At most this many history rows, newest first. @default 200 */
  auditLimit?: number;
  /**
   * Called after the user changed the expiry setting (the engine already applies it), with the
   * whole setting: the host saves it if it wants it to outlive the page and gives it back as
   * the engine's `expiry` option next time. @default undefined (not saved)
   */
  onExpiryChange?: (expiry: ExpirySetting, tier: RiskTier) => void;
}

/** `all`, or one of the four decisions. */
export type AuditDecisionFilter = 'all' | Choice;

export interface ManagerState {
  grantQuery: string;
  auditQuery: string;
  auditDecision: AuditDecisionFilter;
  /** Revoke all waits for a second click. */
  confirmingRevokeAll: boolean;
  /** The last change, for a polite live region ("Permission for x revoked"). */
  status: string;
  /** The decisions of the last read (other audit events are left out). */
  audit: readonly DecisionAuditEvent[];
  auditLoading: boolean;
  /** Bumped by the engine's grant and policy events, so the view is rebuilt. */
  grantsVersion: number;
}

/** How long a grant holds: this session, a time the user picked, or always (tier expiry). */
export type GrantGrain = 'session' | 'timed' | 'always';

export interface GrantRowView {
  key: string;
  /** The tool, or "Every tool" / "Every read-only tool" for a whole-server session grant. */
  tool: string;
  server: string;
  decision: Grant['decision'];
  grain: GrantGrain;
  /** The decision with its grain, in words: "Allowed for this session", "Denied always". */
  decisionLabel: string;
  scopeText: string;
  /**
   * "expires in 42 minutes", "never expires", "expired", "ends with this session"; counted
   * from the clock and the tier lifetime in force, and rebuilt every minute.
   */
  expiresText: string;
  /** "Expires on Nov 28, 2026"; null when it never expires. */
  expiresDateText: string | null;
  expired: boolean;
  /** "Saved on Nov 21, 2026". */
  grantedText: string;
  riskTier: RiskTier;
  revokeLabel: string;
  /** `decision` is the badge of `decisionLabel` (`data-tone` allow or deny). */
  props: { row: PartProps; decision: PartProps; revoke: PartProps };
  revoke(): Promise<boolean>;
}

export interface AuditRowView {
  /** Stable within one read of the history. */
  id: string;
  timeText: string;
  timestamp: string;
  tool: string;
  server: string;
  decision: Choice;
  decisionLabel: string;
  riskTier: RiskTier;
  riskText: string;
  origin: DecisionOrigin;
  /** Who decided; never "Your choice" for a decision the user did not make. */
  originText: string;
  /** What else the event says: the rule that decided ("Rule 2 in …"), edited, a note, the mode. */
  details: string[];
  /** `decision` is the badge of `decisionLabel` (`data-tone` allow or deny). */
  props: { row: PartProps; decision: PartProps };
}

export type RuleColumn = 'layer' | 'effect' | 'matches' | 'source' | 'reason';

/** One policy rule, read-only. Everything from the policy is host text, cleaned. */
export interface RuleRowView {
  id: string;
  layer: PolicyLayer;
  layerText: string;
  effect: PolicyEffect;
  effectText: string;
  /** What it matches: "server notes, tool notes_*, high risk, argument /path matches /tmp/*". */
  matchText: string;
  /** "Rule 3 in /etc/mcp/policy.json" (1-based, as the prompt says it). */
  sourceText: string;
  reason: string | null;
  /**
   * What the engine holds such a rule to, when it matters: an allow below the host layer never
   * allows a tool that may destroy data ("Ignored: …" when that is all it matches).
   */
  note: string | null;
  /** `effect` is the badge of `effectText` (`data-effect`). */
  props: { row: PartProps; effect: PartProps };
}

/** One lifetime choice of the expiry setting. `value` is the `<option>` value. */
export interface ExpiryOption {
  value: string;
  label: string;
}

/** The expiry setting of one tier. */
export interface ExpiryTierView {
  tier: RiskTier;
  label: string;
  /** The current value (an option's `value`). */
  value: string;
  options: ExpiryOption[];
  props: { label: PartProps; select: PartProps };
}

export type GrantColumn = 'tool' | 'server' | 'decision' | 'scope' | 'expires';
export type ManagerIdName =
  'root' | 'grantsHeading' | 'auditHeading' | 'rulesHeading' | 'expiryHeading' | 'status';
export type AuditColumn = 'time' | 'tool' | 'server' | 'decision' | 'risk' | 'origin';

export interface ManagerApi {
  locale: string;
  dir: Direction;
  ids: Readonly<Record<ManagerIdName, string>>;
  grants: {
    title: string;
    countText: string;
    columns: Readonly<Record<GrantColumn, string>>;
    /** Header of the column holding each row's Revoke button. */
    actionsColumn: string;
    /** After the text filter. */
    rows: GrantRowView[];
    /** Before the text filter. */
    total: number;
    /** "No saved permissions…" or "No saved permissions match the filter"; null when rows show. */
    emptyText: string | null;
    filter: { label: string; value: string };
    revokeAllLabel: string;
    canRevokeAll: boolean;
  };
  /**
   * The second step of Revoke all, or null. Focus goes to `initialFocus` (Cancel: never the
   * destructive confirm) when it opens; Escape in it cancels (`handleKey`).
   */
  confirm: {
    text: string;
    confirmLabel: string;
    cancelLabel: string;
    initialFocus: 'confirm-cancel';
  } | null;
  /**
   * Where focus goes when the confirmation closes and focus was in it: Revoke all, which
   * opened it, while there are grants; else the list's heading.
   */
  returnFocus: 'revoke-all' | 'grants-heading';
  /**
   * The user's expiry setting per tier (spec R5), or null when the engine given has no
   * `expiry`/`setExpiry`. A change applies at once (`setExpiry`).
   */
  expiry: { title: string; description: string; tiers: ExpiryTierView[] } | null;
  /**
   * The policy's rules, read-only, highest layer first; null when the engine given has no
   * `policy()`. An invalid policy lists its errors instead (`invalidText` says every call is
   * asked until it is fixed).
   */
  rules: {
    title: string;
    description: string;
    countText: string;
    status: 'none' | 'ok' | 'invalid';
    columns: Readonly<Record<RuleColumn, string>>;
    rows: RuleRowView[];
    emptyText: string | null;
    invalidText: string | null;
    /** "Error at policy.json:3:7 rules[2].effect: …", in file order. */
    errors: { id: string; text: string }[];
  } | null;
  audit: {
    title: string;
    columns: Readonly<Record<AuditColumn, string>>;
    rows: AuditRowView[];
    total: number;
    emptyText: string | null;
    loading: boolean;
    filter: {
      label: string;
      value: string;
      decisionLabel: string;
      decision: AuditDecisionFilter;
      options: { value: AuditDecisionFilter; label: string }[];
    };
  };
  status: string;
  props: Readonly<Partial<Record<ManagerPart, PartProps>>>;
  /** Attributes of a column header or cell, tagged with its column. */
  getColumnProps(
    part: 'column-header' | 'cell',
    column: GrantColumn | AuditColumn | RuleColumn,
  ): PartProps;
  setGrantQuery(text: string): void;
  setAuditQuery(text: string): void;
  setAuditDecision(decision: AuditDecisionFilter): void;
  revoke(key: string): Promise<boolean>;
  /** First call asks for confirmation; `confirmRevokeAll` does it. */
  requestRevokeAll(): void;
  confirmRevokeAll(): Promise<number>;
  cancelRevokeAll(): void;
  refreshAudit(): Promise<void>;
  /**
   * Sets one tier's lifetime to an option's `value`; false (nothing changed) for a value not
   * offered or when the engine refuses it.
   */
  setExpiry(tier: RiskTier, value: string): boolean;
  /**
   * A key pressed in the manager (`KeyboardEvent.key`): Escape while Revoke all asks for
   * confirmation cancels it. True when the key was used (prevent its default).
   */
  handleKey(key: string): boolean;
}

export interface ManagerModel {
  /** The current view; the same object until something changes (or a minute passes). */
  connect(): ManagerApi;
  getState(): ManagerState;
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

/** What `state.ts` hands the view besides the state. Internal, not exported. */
export interface ManagerContext {
  t: Translator;
  prefix: string;
  ids: ManagerApi['ids'];
  /** Tool and server names are server text: sanitized before they are shown. */
  text: (value: unknown) => string;
  engine: ManagerEngine;
  filter: GrantFilter;
  /** At most this many history rows. */
  limit: number;
  /** Host text from the policy (file names, globs, reasons): cleaned, longer than a name. */
  hostText: (value: unknown) => string;
}

/** The transitions `state.ts` hands the view, as the api's actions. */
export type ManagerActions = Pick<
  ManagerApi,
  | 'setGrantQuery'
  | 'setAuditQuery'
  | 'setAuditDecision'
  | 'revoke'
  | 'requestRevokeAll'
  | 'confirmRevokeAll'
  | 'cancelRevokeAll'
  | 'refreshAudit'
  | 'setExpiry'
  | 'handleKey'
>;
