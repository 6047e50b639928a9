import { assessLookup } from './assess.js';
import { grantKey } from './grant-key.js';
import { pinTool } from './hash.js';
import { hexOf } from './sha256.js';
import { scopeOf } from './grant-cache.js';
import type { PolicyVerdict } from './policy/types.js';
import type {
  Assessment,
  CallRequester,
  GrainOptions,
  DefinitionChange,
  DryRunPreview,
  LookupResult,
  PromptCallback,
  PromptKind,
  PromptRequest,
  RequestResult,
  ToolCall,
} from './types.js';

const MODEL: CallRequester = Object.freeze({ kind: 'model' });

/** One request waiting on a prompt. Several identical requests share one prompt. */
export interface Waiter {
  call: ToolCall;
  /** The kind of prompt it waits on (a `dry_run` answer is audited as sent / not sent). */
  kind: PromptKind;
  settled: boolean;
  resolve(result: RequestResult): void;
  cleanup(): void;
}

export interface PromptEntry extends Assessment {
  id: string;
  dedupeKey: string;
  kind: PromptKind;
  call: ToolCall;
  /** What a `dry_run` prompt shows. */
  dryRun: DryRunPreview | undefined;
  /** What changed since the grant, when the host could say (`previousDefinition`). */
  change: DefinitionChange | undefined;
  argsHash: string | null;
  lookup: LookupResult;
  prompt: PromptCallback;
  forcePrompt: boolean;
  persist: boolean;
  /** The rule that made the engine ask, if one did. */
  rule: PolicyVerdict | undefined;
  grains: GrainOptions;
  editable: boolean;
  createdAt: number;
  /** Order in which `request` was called, so the queue keeps call order. */
  arrival: number;
  /** Set once the prompt callback was called for this entry. */
  shown: boolean;
  waiters: Set<Waiter>;
  controller: AbortController;
}

/** Omit over each member of a union, keeping it discriminated. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The fields a pending prompt and a prompt request share. */
type PromptFacts = OmitEach<PromptRequest, 'queueLength' | 'signal'>;

/** What `engine.pending()` lists: enough to show or answer a prompt from elsewhere. */
export type PendingPrompt = PromptFacts & {
  createdAt: number;
  /** How many requests share this prompt. */
  requests: number;
};

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
    } as PromptRequest;
  }
}

function facts(entry: PromptEntry, position: number): PromptFacts {
  const shared = {
    id: entry.id,
    call: entry.call,
    requestedBy: entry.call.requestedBy ?? MODEL,
    // Shown one tier higher while a changed definition is unreviewed; grants keep the tool's own.
    ...assessLookup(entry, entry.lookup),
    lookup: entry.lookup,
    argsHash: entry.argsHash,
    position,
    ...(entry.change ? { change: entry.change } : {}),
    grains: entry.grains,
    editable: entry.editable,
    ...(entry.rule ? { rule: entry.rule } : {}),
  };
  return entry.kind === 'dry_run'
    ? { ...shared, kind: 'dry_run', dryRun: entry.dryRun! }
    : { ...shared, kind: 'permission' };
}

/** Same scope, same arguments, same definition, same kind of request: one prompt. */
function dedupeKeyOf(init: NewEntry): string {
  // Unhashable arguments cannot be compared, and a dry run is about its own preview: ask apart.
  if (init.argsHash === null || init.kind === 'dry_run') return '';
  const flags = `${init.forcePrompt ? 'f' : ''}${init.persist ? 'p' : ''}`;
  return [
    grantKey({ ...scopeOf(init.call), argsHash: init.argsHash }),
    toolIdentity(init.call),
    // An app's request is not the model's: each is asked with who asked.
    init.call.requestedBy?.kind === 'app' ? `app:${init.call.requestedBy.app}` : 'model',
    init.risk.tier,
    flags,
  ].join('|');
}

function toolIdentity(call: ToolCall): string {
  return `${pinTool(call.tool)?.hash ?? 'unpinned'}:${call.server.trusted === true ? 't' : 'u'}`;
}

function randomPrefix(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return `p${hexOf(bytes)}`;
}
