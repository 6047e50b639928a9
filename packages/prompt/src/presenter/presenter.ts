import {
  createEmitter,
  standaloneRequest,
  type Choice,
  type PromptRequest,
  type ToolCall,
} from '@mcp-consent/engine';
import { CHECKING_DELAY_MS } from '../checking.js';
import { resolveTranslator } from '../core.js';
import type { ElicitResult } from '../elicitation-types.js';
import { buildItem } from './build.js';
import type {
  ConsentEnd,
  ConsentItem,
  ConsentPresenter,
  ConsentPresenterOptions,
  ConsentSnapshot,
  ElicitationCall,
  SettledItem,
} from './presenter-types.js';

/** A request the presenter holds: what it is, how it settles, and its model once on screen. */
export type Held =
  | {
      kind: 'permission' | 'dry_run';
      id: string;
      request: PromptRequest;
      answer: (choice: Choice) => void;
      item?: ConsentItem;
      done: boolean;
      detach: () => void;
    }
  | {
      kind: 'elicitation';
      id: string;
      call: ElicitationCall;
      answer: (result: ElicitResult) => void;
      item?: ConsentItem;
      done: boolean;
      detach: () => void;
    };

const SETTLED_KEPT = 100;
const CANCEL: ElicitResult = { action: 'cancel' };

/** The answer of each kind that never allows or shares anything. */
const failClosed = (held: Held): Choice | ElicitResult =>
  held.kind === 'elicitation' ? CANCEL : 'deny_once';

export function createConsentPresenter(options: ConsentPresenterOptions): ConsentPresenter {
  const emitter = createEmitter<void>();
  const held: Held[] = [];
  const translator = resolveTranslator(options);
  let snapshot: ConsentSnapshot = { current: null, waiting: 0, checking: false, settled: [] };
  let checking = false;
  let nextId = 0;
  let disposed = false;

  const publish = () => {
    const current = held[0]?.item ?? null;
    snapshot = { ...snapshot, current, waiting: held.length, checking };
    emitter.emit();
  };

  /** The head gets its model when it reaches the screen (the input guard starts then). */
  const advance = () => {
    const head = held[0];
    if (head && !head.item) {
      try {
        head.item = buildItem(head, options, translator, (answer) => settle(head, answer));
      } catch {
        // A request no model can be built for (malformed) cannot be answered: fail closed.
        settle(head, failClosed(head), 'failed');
        return;
      }
      // A request aborted before its model existed is settled elsewhere already.
      if (head.item.model.getState().status === 'closed') {
        settle(head, failClosed(head), 'settled_elsewhere');
        return;
      }
    }
    publish();
  };

  function settle(entry: Held, answer: Choice | ElicitResult, end: ConsentEnd = 'answered'): void {
    if (entry.done) return;
    entry.done = true;
    const index = held.indexOf(entry);
    if (index >= 0) held.splice(index, 1);
    entry.detach();
    const api = entry.item ? entry.item.model.connect() : null;
    entry.item?.model.destroy();
    const record = { kind: entry.kind, id: entry.id, end, answer, api } as SettledItem;
    snapshot = { ...snapshot, settled: [...snapshot.settled, record].slice(-SETTLED_KEPT) };
    if (entry.kind === 'elicitation') entry.answer(answer as ElicitResult);
    else entry.answer(answer as Choice);
    advance();
    if (held.length === 0) publish();
  }

  /** Queues a request; its signal settles it when it is answered elsewhere or given up. */
  const hold = (entry: Held, signal: AbortSignal | undefined) => {
    const onAbort = () => settle(entry, failClosed(entry), 'settled_elsewhere');
    signal?.addEventListener('abort', onAbort, { once: true });
    const detach = entry.detach;
    entry.detach = () => {
      signal?.removeEventListener('abort', onAbort);
      detach();
    };
    held.push(entry);
    if (disposed) settle(entry, failClosed(entry), 'disposed');
    else advance();
  };

  const prompt = (request: PromptRequest): Promise<Choice> =>
    new Promise<Choice>((resolve) => {
      if (request.signal.aborted) return resolve('deny_once');
      hold(
        {
          kind: request.kind,
          id: `consent-${++nextId}`,
          request,
          answer: resolve,
          done: false,
          detach: () => {},
        },
        request.signal,
      );
    });

  const elicit = (call: ElicitationCall): Promise<ElicitResult> =>
    new Promise<ElicitResult>((resolve) => {
      if (call.signal?.aborted) return resolve(CANCEL);
      hold(
        {
          kind: 'elicitation',
          id: call.id ?? `consent-${++nextId}`,
          call,
          answer: resolve,
          done: false,
          detach: () => {},
        },
        call.signal,
      );
    });

  const unfollow = followChecking(options, (busy) => {
    if (busy === checking) return;
    checking = busy;
    publish();
  });

  return {
    prompt,
    elicit,
    show(call, onDecision, showOptions = {}) {
      const request = isPromptRequest(call)
        ? call
        : standaloneRequest(call, {
            ...(showOptions.signal ? { signal: showOptions.signal } : {}),
            ...(options.engine ? { assessment: options.engine.assess(call) } : {}),
          });
      return prompt(request).then((choice) => {
        onDecision?.(choice);
        return choice;
      });
    },
    fail(id) {
      const entry = held.find((candidate) => candidate.id === id);
      if (entry) settle(entry, failClosed(entry), 'failed');
    },
    getSnapshot: () => snapshot,
    subscribe: (listener) => emitter.subscribe(listener),
    dispose() {
      disposed = true;
      unfollow();
      for (const entry of [...held]) settle(entry, failClosed(entry), 'disposed');
    },
  };
}

/**
 * "Checking permissions…" only when the engine is slow (spec R4.1), so quick decisions never
 * flash it: true once the engine has been checking for CHECKING_DELAY_MS on the given clock.
 */
function followChecking(
  options: ConsentPresenterOptions,
  onChange: (busy: boolean) => void,
): () => void {
  const { engine, clock } = options;
  if (!engine) return () => {};
  let cancel: (() => void) | undefined;
  const sync = () => {
    const busy = engine.getSnapshot().checking > 0;
    if (!busy) {
      cancel?.();
      cancel = undefined;
      onChange(false);
    } else if (!cancel) {
      if (!clock.setTimer) return onChange(true);
      cancel = clock.setTimer(() => onChange(engine.getSnapshot().checking > 0), CHECKING_DELAY_MS);
    }
  };
  const unsubscribe = engine.subscribe((event) => {
    if (event.type === 'checking' || event.type === 'status') sync();
  });
  sync();
  return () => {
    unsubscribe();
    cancel?.();
  };
}

/** Whether `show()` got the engine's request rather than a bare tool call. */
export function isPromptRequest(input: ToolCall | PromptRequest): input is PromptRequest {
  return 'kind' in input && 'call' in input && 'signal' in input;
}
