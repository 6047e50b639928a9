import { effectiveHints, type ToolCall } from '@mcp-consent/engine';

/** The call a server's question came during, as the kit knows it (see `ElicitationRequest.origin`). */
export interface CallOrigin {
  tool: string;
  /** The engine's hints say the call may destroy data (MCP defaults: unannotated counts). */
  destructive: boolean;
  /** The host's name for the app whose UI asked for the call (absent: the model did). */
  requestedByApp?: string;
}

/**
 * The approved calls of one client that have not returned yet. MCP does not say which call
 * a server's `elicitation/create` belongs to, so the question is tied to what is running:
 * when any running call may destroy data, the question counts as part of a destructive
 * action (over-warning is the safe side); with none running there is no origin.
 */
export class CallsInFlight {
  private readonly calls: ToolCall[] = [];

  /** Marks a call as running; call the returned function once when it returns. */
  add(call: ToolCall): () => void {
    this.calls.push(call);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.calls.splice(this.calls.indexOf(call), 1);
    };
  }

  /** The origin of a question asked now: the latest destructive call running, else the latest. */
  origin(): CallOrigin | undefined {
    const destructive = this.calls.findLast(
      (call) => effectiveHints(call.tool.annotations).destructive,
    );
    const call = destructive ?? this.calls.at(-1);
    if (!call) return undefined;
    const origin: CallOrigin = { tool: call.tool.name, destructive: destructive !== undefined };
    if (call.requestedBy?.kind === 'app') origin.requestedByApp = call.requestedBy.app;
    return origin;
  }
}

const byClient = new WeakMap<object, CallsInFlight>();

/** The calls in flight of one wrapped client (shared by its call gate and elicitation handler). */
export function callsInFlight(client: object): CallsInFlight {
  let calls = byClient.get(client);
  if (!calls) byClient.set(client, (calls = new CallsInFlight()));
  return calls;
}
