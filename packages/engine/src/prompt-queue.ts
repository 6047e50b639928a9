import { grantKey } from './grant-key.js';
import { pinTool } from './hash.js';
import { scopeOf } from './grant-cache.js';
import type {
  LookupResult,
  PromptCallback,
  PromptRequest,
  RequestResult,
  RiskAssessment,
  ToolCall,
} from './types.js';

/** One request waiting on a prompt. Several identical requests share one prompt. */
export interface Waiter {
  call: ToolCall;
  settled: boolean;
  resolve(result: RequestResult): void;
  cleanup(): void;
}

export interface PromptEntry {
  id: string;
  dedupeKey: string;
  call: ToolCall;
  risk: RiskAssessment;
  argsHash: string | null;
  lookup: LookupResult;
  allowAlwaysEnabled: boolean;
  prompt: PromptCallback;
  forcePrompt: boolean;
  persist: boolean;
  context: Record<string, unknown> | undefined;
  createdAt: number;
  /** Order in which `request` was called, so the queue keeps call order. */
  arrival: number;
  /** Set once the prompt callback was called for this entry. */
  shown: boolean;
  waiters: Set<Waiter>;
  controller: AbortController;
}

/** The fields a pending prompt and a prompt request share. */
type PromptFacts = Pick<
  PromptRequest,
  'id' | 'call' | 'risk' | 'allowAlwaysEnabled' | 'lookup' | 'argsHash' | 'position' | 'context'
>;

/** What `engine.pending()` lists: enough to show or answer a prompt from elsewhere. */
export interface PendingPrompt extends PromptFacts {
  createdAt: number;
  /** How many requests share this prompt. */
  requests: number;
}

export type NewEntry = Omit<PromptEntry, 'id' | 'dedupeKey' | 'waiters' | 'controller' | 'shown'>;

/** Prompts wait in arrival order, one shown at a time; identical calls share one entry. */
export class PromptQueue {
  private readonly entries = new Map<string, PromptEntry>();
  private readonly byDedupeKey = new Map<string, PromptEntry>();
  private readonly idPrefix = randomPrefix();
  private counter = 0;

  enqueue(init: NewEntry): PromptEntry {
    const dedupeKey = dedupeKeyOf(init);
    const existing = dedupeKey ? this.byDedupeKey.get(dedupeKey) : undefined;
    if (existing) return existing;
    const entry: PromptEntry = {
      ...init,
      id: `${this.idPrefix}-${++this.counter}`,
      dedupeKey,
      shown: false,
      waiters: new Set(),
      controller: new AbortController(),
    };
    this.insertInOrder(entry);
    if (dedupeKey) this.byDedupeKey.set(dedupeKey, entry);
    return entry;
  }

  /**
   * Requests hash their arguments before they queue, and hashes can finish out
   * of order; the arrival number keeps the queue in the order calls were made.
   * An entry already on screen (`shown`) keeps its place at the front.
   */
  private insertInOrder(entry: PromptEntry): void {
    const last = [...this.entries.values()].at(-1);
    if (!last || last.arrival < entry.arrival || last.shown) {
      this.entries.set(entry.id, entry);
      return;
    }
    const all = [...this.entries.values(), entry];
    const shown = all.filter((item) => item.shown);
    const waiting = all.filter((item) => !item.shown).sort((a, b) => a.arrival - b.arrival);
    this.entries.clear();
    for (const item of [...shown, ...waiting]) this.entries.set(item.id, item);
  }

  remove(entry: PromptEntry): void {
    this.entries.delete(entry.id);
    if (this.byDedupeKey.get(entry.dedupeKey) === entry) this.byDedupeKey.delete(entry.dedupeKey);
  }

  has(entry: PromptEntry): boolean {
    return this.entries.get(entry.id) === entry;
  }

  get(id: string): PromptEntry | undefined {
    return this.entries.get(id);
  }

  first(): PromptEntry | undefined {
    return this.entries.values().next().value;
  }

  list(): PendingPrompt[] {
    return [...this.entries.values()].map((entry, index) => ({
      ...facts(entry, index + 1),
      createdAt: entry.createdAt,
      requests: entry.waiters.size,
    }));
  }

  toRequest(entry: PromptEntry): PromptRequest {
    const position = [...this.entries.keys()].indexOf(entry.id) + 1;
    return {
      ...facts(entry, position),
      queueLength: this.entries.size,
      signal: entry.controller.signal,
    };
  }
}

function facts(entry: PromptEntry, position: number): PromptFacts {
  const { id, call, risk, allowAlwaysEnabled, lookup, argsHash, context } = entry;
  return {
    id,
    call,
    risk,
    allowAlwaysEnabled,
    lookup,
    argsHash,
    position,
    ...(context ? { context } : {}),
  };
}

/** Same scope, same arguments, same definition, same kind of request: one prompt. */
function dedupeKeyOf(init: NewEntry): string {
  if (init.argsHash === null) return ''; // Unhashable arguments cannot be compared: ask separately.
  const flags = `${init.forcePrompt ? 'f' : ''}${init.persist ? 'p' : ''}:${String(init.context?.kind ?? '')}`;
  return [
    grantKey({ ...scopeOf(init.call), argsHash: init.argsHash }),
    toolIdentity(init.call),
    flags,
  ].join('|');
}

function toolIdentity(call: ToolCall): string {
  return `${pinTool(call.tool)?.hash ?? 'unpinned'}:${call.server.trusted === true ? 't' : 'u'}`;
}

function randomPrefix(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return `p${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
