import type {
  AuditEvent,
  Choice,
  Clock,
  DecisionOrigin,
  EngineEvent,
  Grant,
  GrantFilter,
  RiskTier,
} from '@mcp-consent/engine';
import type { Direction, Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import type { ManagerPart } from './anatomy.js';

/** The part of the engine the manager needs: list, revoke and change events. */
export interface ManagerEngine {
  grants(filter?: GrantFilter): Grant[];
  revoke(keyOrGrant: string | Grant): Promise<boolean>;
  revokeAll(filter?: GrantFilter): Promise<number>;
  subscribe(listener: (event: EngineEvent) => void): () => void;
}

export interface PermissionManagerOptions {
  engine: ManagerEngine;
  /**
   * Reads the audit history (oldest first, as sinks return it), for example
   * `() => sink.read()`. Read again after every decision the engine reports.
   * Without it the history section is empty.
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
  audit: readonly AuditEvent[];
  auditLoading: boolean;
  grantsVersion: number;
}

export interface GrantRowView {
  key: string;
  tool: string;
  server: string;
  decision: Grant['decision'];
  decisionLabel: string;
  scopeText: string;
  /** "expires in 7 days", "never expires", "expired". */
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
  originText: string;
  /** `decision` is the badge of `decisionLabel` (`data-tone` allow or deny). */
  props: { row: PartProps; decision: PartProps };
}

export type GrantColumn = 'tool' | 'server' | 'decision' | 'scope' | 'expires';
export type AuditColumn = 'time' | 'tool' | 'server' | 'decision' | 'risk' | 'origin';

export interface ManagerApi {
  locale: string;
  dir: Direction;
  ids: Readonly<Record<'root' | 'grantsHeading' | 'auditHeading' | 'status', string>>;
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
  getColumnProps(part: 'column-header' | 'cell', column: GrantColumn | AuditColumn): PartProps;
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
  | 'handleKey'
>;
