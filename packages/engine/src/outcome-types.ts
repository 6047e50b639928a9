/**
 * The audit events of the requests a server makes of the client besides tool calls: an
 * elicitation's answer, a sampling request's decision, a `roots/list` pick (seed 000, spec R6),
 * and the user's review of a tool's result before the model saw it.
 * Privacy: they carry who, which server and what was answered, never a form value, a message,
 * a prompt, a model reply or a root's path.
 */

/** Who answered an elicitation: the user, the no-renderer policy, or a failure (fail closed). */
export type ElicitationVia = 'renderer' | 'policy' | 'invalid' | 'error' | 'aborted';
/** Who decided a sampling request: the user, a session answer or missing host parts, a failure. */
export type SamplingVia = 'renderer' | 'policy' | 'error' | 'aborted';
/** Who decided what a `roots/list` got: the user, a remembered pick, the policy, a failure. */
export type RootsVia = 'renderer' | 'remembered' | 'policy' | 'error' | 'aborted';
/** Who decided whether a tool's result reached the model: the user, or a failure (withheld). */
export type ResultReviewVia = 'user' | 'no_renderer' | 'error' | 'aborted' | 'timeout';

/** Who and where, for every outcome: the host's ids, never the server's own words. */
interface OutcomeBase {
  userId: string;
  workspaceId: string;
  /** The host's id for the server (`ServerRef.id`). */
  serverId: string;
  /** The host's name for the app whose call the request came during (absent: the model's). */
  requestedByApp?: string;
}

/** What `engine.recordOutcome` audits: one answered server request, without its content. */
export type RequestOutcome =
  | (OutcomeBase & {
      kind: 'elicitation';
      mode: 'form' | 'url';
      action: 'accept' | 'decline' | 'cancel';
      via: ElicitationVia;
      /** The tool whose call was running when the server asked, if any. */
      tool?: string;
    })
  | (OutcomeBase & {
      kind: 'sampling';
      outcome: 'approved' | 'edited' | 'denied' | 'failed';
      via: SamplingVia;
      /** The step that ended it: the request, the host's generator, or the reply review. */
      step: 'request' | 'generate' | 'response';
    })
  | (OutcomeBase & {
      kind: 'roots';
      /** How many roots the server got (0: none). Which ones is never recorded. */
      shared: number;
      via: RootsVia;
    })
  | (OutcomeBase & {
      kind: 'result_review';
      /** The tool whose result was reviewed (the caller's name for it). */
      tool: string;
      outcome: 'sent' | 'withheld';
      via: ResultReviewVia;
    });

/** The R6 fields every audit event has. */
export interface AuditEventBase {
  koder_user_id: string;
  workspace_id: string;
  server_id: string;
  /** ISO 8601, from the engine's clock. */
  timestamp: string;
  /** Set when an app's UI asked for the call (absent: the model): the host's name for the app. */
  requested_by_app?: string;
}

export interface ElicitationAuditEvent extends AuditEventBase {
  event_type: 'mcp.elicitation.outcome';
  mode: 'form' | 'url';
  action: 'accept' | 'decline' | 'cancel';
  via: ElicitationVia;
  /** The tool whose call was running when the server asked, if any. */
  tool_name?: string;
}

export interface SamplingAuditEvent extends AuditEventBase {
  event_type: 'mcp.sampling.decision';
  outcome: 'approved' | 'edited' | 'denied' | 'failed';
  via: SamplingVia;
  step: 'request' | 'generate' | 'response';
}

export interface RootsAuditEvent extends AuditEventBase {
  event_type: 'mcp.roots.decision';
  shared: number;
  via: RootsVia;
}

export interface ResultReviewAuditEvent extends AuditEventBase {
  event_type: 'mcp.result.review';
  tool_name: string;
  outcome: 'sent' | 'withheld';
  via: ResultReviewVia;
}

/** The audit events that are not a tool-call decision. */
export type OutcomeAuditEvent =
  ElicitationAuditEvent | SamplingAuditEvent | RootsAuditEvent | ResultReviewAuditEvent;
