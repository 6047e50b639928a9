import { isoTime } from './clock.js';
import type {
  AuditEvent,
  Choice,
  DecisionAuditEvent,
  DecisionOrigin,
  RiskTier,
  ToolCall,
} from './types.js';

/** A destination for audit events. `write` must not throw synchronously for long work: return a promise. */
export interface AuditSink {
  write(event: AuditEvent): void | Promise<void>;
  /** Reads back recent events (newest last), when the sink can. */
  read?(): Promise<AuditEvent[]> | AuditEvent[];
}

/** What `createPermissionEngine({ audit })` accepts: a callback, a sink, or several. */
export type AuditInput =
  | ((event: AuditEvent) => void | Promise<void>)
  | AuditSink
  | ReadonlyArray<((event: AuditEvent) => void | Promise<void>) | AuditSink>;

export function toAuditSinks(input: AuditInput | undefined): AuditSink[] {
  if (input === undefined) return [];
  const list = Array.isArray(input) ? input : [input];
  return list.map((entry) =>
    typeof entry === 'function' ? { write: entry } : (entry as AuditSink),
  );
}

/** Keeps the last `capacity` events in memory. */
export function memoryAuditSink(capacity = 1000): AuditSink & { events(): AuditEvent[] } {
  const ring: AuditEvent[] = [];
  let start = 0;
  const events = () => [...ring.slice(start), ...ring.slice(0, start)];
  return {
    write(event) {
      if (ring.length < capacity) {
        ring.push(event);
      } else {
        ring[start] = event;
        start = (start + 1) % capacity;
      }
    },
    read: events,
    events,
  };
}

/**
 * A tool-call decision (`mcp.permission.decision`), as opposed to an elicitation, sampling or
 * roots outcome, or a kind this kit does not know: what a decision history should list.
 */
export function isDecisionEvent(event: unknown): event is DecisionAuditEvent {
  return (
    typeof event === 'object' &&
    event !== null &&
    (event as { event_type?: unknown }).event_type === 'mcp.permission.decision' &&
    typeof (event as { decision?: unknown }).decision === 'string'
  );
}

const DECISIONS = {
  allow_once: 'ALLOW_ONCE',
  allow_always: 'ALLOW_ALWAYS',
  deny_once: 'DENY_ONCE',
  deny_always: 'DENY_ALWAYS',
} as const satisfies Record<Choice, DecisionAuditEvent['decision']>;

/** Builds the R6 event. Only the hash of the arguments is recorded, never the arguments. */
export function toAuditEvent(
  call: ToolCall,
  choice: Choice,
  argsHash: string | null,
  risk: RiskTier,
  origin: DecisionOrigin,
  nowMs: number,
): DecisionAuditEvent {
  const event: DecisionAuditEvent = {
    event_type: 'mcp.permission.decision',
    decision: DECISIONS[choice],
    koder_user_id: call.userId,
    workspace_id: call.workspaceId,
    server_id: call.server.id,
    tool_name: call.tool.name,
    args_hash: argsHash,
    risk_tier: risk,
    timestamp: isoTime(nowMs),
    origin,
  };
  if (call.requestedBy?.kind === 'app') event.requested_by_app = call.requestedBy.app;
  return event;
}
