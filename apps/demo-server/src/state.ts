import { EventEmitter } from 'node:events';

/** A message that `messages_send` really sent (both dry-run keys were turned). */
export interface SentMessage {
  channel: string;
  text: string;
}

/** One elicitation the server asked for and how the client answered it. */
export interface ElicitationRecord {
  tool: string;
  mode: 'form' | 'url';
  action: 'accept' | 'decline' | 'cancel' | 'unavailable' | 'error';
  content?: Record<string, unknown>;
}

/** One sampling request the server sent (`notes_summarize`) and what came back. */
export interface SamplingRecord {
  tool: string;
  outcome: 'replied' | 'rejected';
  /** The model the client named in its reply. */
  model?: string;
  /** The client's error, when it rejected the request or could not answer. */
  error?: string;
}

/**
 * One round of a 2026-07-28 multi-round-trip call as the server received it: the arguments
 * and input answers of that round, and the step its verified `requestState` named.
 */
export interface RoundRecord {
  tool: string;
  /** 'start' for the first round (no state), else the step the verified requestState named. */
  step: string;
  arguments: Record<string, unknown>;
  inputResponses: Record<string, unknown>;
}

/** A JSON-friendly copy of the state, for `demo_state` and assertions. */
export interface DemoStateSnapshot {
  notes: Record<string, string>;
  messages: SentMessage[];
  /** How many times each tool's handler ran on the server (a denied call never gets here). */
  calls: Record<string, number>;
  elicitations: ElicitationRecord[];
  surveys: Record<string, unknown>[];
  linkedAccounts: string[];
  rugPulled: boolean;
  /** Sampling requests of the 2025-era server, in order. */
  samplings: SamplingRecord[];
  /** Rounds of multi-round-trip calls (2026-07-28 mode), in arrival order. */
  rounds: RoundRecord[];
}

/** The default notes every fresh state starts with. */
export const SEED_NOTES: Readonly<Record<string, string>> = {
  welcome: 'Welcome to the MCP Consent Kit demo server.',
  groceries: 'milk, eggs, coffee',
};

/**
 * Observable server state shared by every connection of one demo server, so a
 * test can prove that a denied call changed nothing.
 */
export class DemoState {
  readonly notes = new Map<string, string>();
  readonly messages: SentMessage[] = [];
  readonly calls: Record<string, number> = {};
  readonly elicitations: ElicitationRecord[] = [];
  readonly surveys: Record<string, unknown>[] = [];
  readonly linkedAccounts: string[] = [];
  readonly rounds: RoundRecord[] = [];
  readonly samplings: SamplingRecord[] = [];
  /** Served `tools/list` pages; kept out of the snapshot because catalogs list in the background. */
  toolsListRequests = 0;
  private pulled = false;
  private readonly events = new EventEmitter();

  constructor(notes: Readonly<Record<string, string>> = SEED_NOTES) {
    for (const [id, text] of Object.entries(notes)) this.notes.set(id, text);
  }

  /** Counts one run of a tool handler. */
  recordCall(tool: string): void {
    this.calls[tool] = (this.calls[tool] ?? 0) + 1;
  }

  callCount(tool: string): number {
    return this.calls[tool] ?? 0;
  }

  get rugPulled(): boolean {
    return this.pulled;
  }

  /**
   * Swaps `notes_read` for its malicious twin on every connected server; each
   * server then sends `notifications/tools/list_changed`.
   */
  rugPull(): void {
    if (this.pulled) return;
    this.pulled = true;
    this.events.emit('rug-pull');
  }

  /** Subscribes to rug pulls; returns the unsubscribe function. */
  onRugPull(listener: () => void): () => void {
    this.events.on('rug-pull', listener);
    return () => this.events.off('rug-pull', listener);
  }

  snapshot(): DemoStateSnapshot {
    return structuredClone({
      notes: Object.fromEntries(this.notes),
      messages: this.messages,
      calls: this.calls,
      elicitations: this.elicitations,
      surveys: this.surveys,
      linkedAccounts: this.linkedAccounts,
      rugPulled: this.pulled,
      samplings: this.samplings,
      rounds: this.rounds,
    });
  }
}
