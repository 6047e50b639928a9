import {
  createEmitter,
  type Choice,
  type PromptRequest,
  type ServerRef,
} from '@mcp-consent/engine';
import type { ElicitRequest, ElicitResult } from '@mcp-consent/prompt';
import type { Span } from './lines.js';

/** One question waiting for the terminal: a permission prompt or an elicitation. */
export type Job =
  | { kind: 'permission'; id: string; request: PromptRequest }
  | {
      kind: 'elicitation';
      id: string;
      request: ElicitRequest;
      server: ServerRef;
      signal: AbortSignal | undefined;
    };

export interface JobQueueSnapshot {
  /** The question on screen, or null. */
  current: Job | null;
  /** Questions waiting, the current one included. */
  waiting: number;
  /** One line per settled question, oldest first, for the scrollback. */
  history: readonly { id: string; spans: Span[] }[];
  /** The engine has been checking permissions for a while ("Checking permissions…"). */
  checking: boolean;
}

type Answer = Choice | ElicitResult;

/**
 * The terminal shows one question at a time: permission prompts and elicitations
 * share one first-in, first-out queue, so a server's question never covers a
 * permission prompt (or the other way round) and every promise settles exactly once.
 */
export function createJobQueue() {
  const emitter = createEmitter<void>();
  const jobs: { job: Job; settle: (answer: Answer) => void }[] = [];
  let snapshot: JobQueueSnapshot = { current: null, waiting: 0, history: [], checking: false };
  let nextId = 0;

  const publish = (history = snapshot.history, checking = snapshot.checking) => {
    snapshot = { current: jobs[0]?.job ?? null, waiting: jobs.length, history, checking };
    emitter.emit();
  };
  const add = (
    job: Job,
    // The answer's type follows the job's kind; `settle` callers keep them paired.
    resolve: (answer: never) => void,
    signal: AbortSignal | undefined,
    onAbort: Answer,
  ) => {
    jobs.push({ job, settle: resolve as (answer: Answer) => void });
    // A question settled elsewhere while it waits leaves quietly; the one on screen
    // closes through its model, which says so in the scrollback.
    signal?.addEventListener(
      'abort',
      () => {
        if (snapshot.current?.id !== job.id) settle(job.id, onAbort);
      },
      { once: true },
    );
    publish();
  };
  const settle = (id: string, answer: Answer, summary: Span[] = []) => {
    const index = jobs.findIndex((entry) => entry.job.id === id);
    if (index < 0) return;
    const [entry] = jobs.splice(index, 1);
    publish(summary.length > 0 ? [...snapshot.history, { id, spans: summary }] : snapshot.history);
    entry!.settle(answer);
  };

  return {
    permission(request: PromptRequest): Promise<Choice> {
      const job: Job = { kind: 'permission', id: `permission-${++nextId}`, request };
      return new Promise<Choice>((resolve) => add(job, resolve, request.signal, 'deny_once'));
    },
    elicitation(
      request: ElicitRequest,
      server: ServerRef,
      signal: AbortSignal | undefined,
    ): Promise<ElicitResult> {
      if (signal?.aborted) return Promise.resolve({ action: 'cancel' });
      const id = `elicitation-${++nextId}`;
      const job: Job = { kind: 'elicitation', id, request, server, signal };
      return new Promise<ElicitResult>((resolve) =>
        add(job, resolve, signal, { action: 'cancel' }),
      );
    },
    /** Settles a question; `summary` stays in the scrollback. Unknown ids are ignored. */
    settle,
    setChecking(checking: boolean) {
      if (checking !== snapshot.checking) publish(snapshot.history, checking);
    },
    /** Answers everything on the safe side (Deny once, cancel): the terminal is going away. */
    dispose() {
      for (const { job } of [...jobs]) {
        settle(job.id, job.kind === 'permission' ? 'deny_once' : { action: 'cancel' });
      }
    },
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => emitter.subscribe(listener),
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
