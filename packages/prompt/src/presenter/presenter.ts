import {
  createEmitter,
  standaloneRequest,
  type Choice,
  type PromptAnswer,
  type PromptRequest,
  type ToolCall,
} from '@mcp-consent/engine';
import { CHECKING_DELAY_MS } from '../checking.js';
import type { Translator } from '@mcp-consent/i18n';
import { resolveTranslator } from '../core.js';
import type { ElicitResult } from '../elicitation/index.js';
import type { ResultReviewResult } from '../result-review/index.js';
import type { RootsResult } from '../roots/index.js';
import type { SamplingAnswer, SamplingCall } from '../sampling/index.js';
import { buildItem } from './build.js';
import type {
  ConsentEnd,
  ConsentItem,
  ConsentPresenter,
  ConsentPresenterOptions,
  ConsentSnapshot,
  ElicitationCall,
  ResultReviewCall,
  RootsCall,
  SettledItem,
} from './presenter-types.js';

/** A request the presenter holds: what it is, how it settles, and its model once on screen. */
export type Held =
  | {
      kind: 'permission' | 'dry_run';
      id: string;
      request: PromptRequest;
      /** `end` says whether the user answered or nobody could (the engine audits which). */
      answer: (choice: Choice, end: ConsentEnd, sent?: PromptAnswer) => void;
      item?: ConsentItem;
      done: boolean;
      detach: () => void;
      /** Re-adds the abort listener, so it runs after the model's own. */
      relisten?: () => void;
    }
  | {
      kind: 'elicitation';
      id: string;
      call: ElicitationCall;
      answer: (result: ElicitResult) => void;
      item?: ConsentItem;
      done: boolean;
      detach: () => void;
      relisten?: () => void;
    }
  | {
      kind: 'roots';
      id: string;
      call: RootsCall;
      answer: (result: RootsResult) => void;
      item?: ConsentItem;
      done: boolean;
      detach: () => void;
      relisten?: () => void;
    }
  | {
      kind: 'sampling';
      id: string;
      call: SamplingCall;
      answer: (answer: SamplingAnswer) => void;
      item?: ConsentItem;
      done: boolean;
      detach: () => void;
      relisten?: () => void;
    }
  | {
      kind: 'result_review';
      id: string;
      call: ResultReviewCall;
      answer: (result: ResultReviewResult) => void;
      item?: ConsentItem;
      done: boolean;
      detach: () => void;
      relisten?: () => void;
    };

/** Every answer a held request can settle with. */
type HeldAnswer = Choice | ElicitResult | RootsResult | SamplingAnswer | ResultReviewResult;

const SETTLED_KEPT = 100;
const CANCEL: ElicitResult = { action: 'cancel' };
/** Nothing shared, nothing remembered: the server may ask again. */
const SHARE_NONE: RootsResult = { answer: 'share_none', uris: [], grain: 'once' };
/** A sampling step nobody answered: denied, for this request only. */
const DENY_SAMPLING: SamplingAnswer = { action: 'deny', grain: 'once' };
/** A result nobody reviewed never reaches the model. */
const WITHHOLD: ResultReviewResult = { answer: 'withhold' };

/** The answer of each kind that never allows or shares anything. */
const failClosed = (held: Held): HeldAnswer =>
  held.kind === 'elicitation'
    ? CANCEL
    : held.kind === 'roots'
      ? SHARE_NONE
      : held.kind === 'sampling'
        ? DENY_SAMPLING
        : held.kind === 'result_review'
          ? WITHHOLD
          : 'deny_once';

/** A prompt that no renderer could show to the user (`end`: `failed` or `disposed`). */
export class PromptNotShownError extends Error {
  override name = 'PromptNotShownError';
  constructor(readonly end: 'failed' | 'disposed') {
    super(
      end === 'failed'
        ? 'The prompt could not be shown (the renderer failed): the call is denied.'
        : 'The prompt was not shown (the consent presenter was disposed): the call is denied.',
    );
  }
}

/** Builds the presenter; see `ConsentPresenter`. */
export function createConsentPresenter(options: ConsentPresenterOptions): ConsentPresenter {
  return new Presenter(options);
}

class Presenter implements ConsentPresenter {
  private readonly emitter = createEmitter<void>();
  private readonly held: Held[] = [];
  private readonly translator: Translator;
  private snapshot: ConsentSnapshot = { current: null, waiting: 0, checking: false, settled: [] };
  private checking = false;
  private nextId = 0;
  private disposed = false;
  private readonly unfollow: () => void;

  constructor(private readonly options: ConsentPresenterOptions) {
    this.translator = resolveTranslator(options);
    this.unfollow = followChecking(options, (busy) => {
      if (busy === this.checking) return;
      this.checking = busy;
      this.publish();
    });
  }

  private publish(): void {
    const current = this.held[0]?.item ?? null;
    this.snapshot = {
      ...this.snapshot,
      current,
      waiting: this.held.length,
      checking: this.checking,
    };
    this.emitter.emit();
  }

  /** The head gets its model when it reaches the screen (the input guard starts then). */
  private advance(): void {
    const head = this.held[0];
    if (head && !head.item) {
      try {
        head.item = buildItem(head, this.options, this.translator, (answer, sent) =>
          this.settle(head, answer, 'answered', sent),
        );
      } catch {
        // A request no model can be built for (malformed) cannot be answered: fail closed.
        this.settle(head, failClosed(head), 'failed');
        return;
      }
      // A request aborted before its model existed is settled elsewhere already.
      if (head.item.model.getState().status === 'closed') {
        this.settle(head, failClosed(head), 'settled_elsewhere');
        return;
      }
      // The model closes on the same signal: let it go first, so the record shows it closed.
      head.relisten?.();
    }
    this.publish();
  }

  /** `sent`: what the engine gets when it is more than the choice (a grain, a deny note). */
  private settle(
    entry: Held,
    answer: HeldAnswer,
    end: ConsentEnd = 'answered',
    sent?: PromptAnswer,
  ): void {
    if (entry.done) return;
    entry.done = true;
    const index = this.held.indexOf(entry);
    if (index >= 0) this.held.splice(index, 1);
    entry.detach();
    const api = entry.item ? lastView(entry.item) : null;
    entry.item?.model.destroy();
    const record = {
      kind: entry.kind,
      id: entry.id,
      end,
      answer,
      api,
      ...(sent !== undefined && typeof sent === 'object' ? { detail: sent } : {}),
    } as SettledItem;
    this.snapshot = {
      ...this.snapshot,
      settled: [...this.snapshot.settled, record].slice(-SETTLED_KEPT),
    };
    if (entry.kind === 'elicitation') entry.answer(answer as ElicitResult);
    else if (entry.kind === 'roots') entry.answer(answer as RootsResult);
    else if (entry.kind === 'sampling') entry.answer(answer as SamplingAnswer);
    else if (entry.kind === 'result_review') entry.answer(answer as ResultReviewResult);
    else entry.answer(answer as Choice, end, sent);
    this.advance();
    if (this.held.length === 0) this.publish();
  }

  /** Queues a request; its signal settles it when it is answered elsewhere or given up. */
  private hold(entry: Held, signal: AbortSignal | undefined): void {
    const onAbort = () => this.settle(entry, failClosed(entry), 'settled_elsewhere');
    signal?.addEventListener('abort', onAbort, { once: true });
    entry.relisten = () => {
      signal?.removeEventListener('abort', onAbort);
      signal?.addEventListener('abort', onAbort, { once: true });
    };
    const detach = entry.detach;
    entry.detach = () => {
      signal?.removeEventListener('abort', onAbort);
      detach();
    };
    this.held.push(entry);
    if (this.disposed) this.settle(entry, failClosed(entry), 'disposed');
    else this.advance();
  }

  /**
   * The engine's prompt callback. A prompt no renderer could show (its model failed to build, the
   * renderer crashed, the presenter was disposed) rejects with `PromptNotShownError`, so the
   * engine denies it as `no_renderer` rather than as the user's choice.
   */
  readonly prompt = (request: PromptRequest): Promise<PromptAnswer> =>
    new Promise<PromptAnswer>((resolve, reject) => {
      if (request.signal.aborted) return resolve('deny_once');
      const id = `consent-${++this.nextId}`;
      const answer = (choice: Choice, end: ConsentEnd, sent?: PromptAnswer) =>
        end === 'failed' || end === 'disposed'
          ? reject(new PromptNotShownError(end))
          : resolve(sent ?? choice);
      const entry: Held = { kind: request.kind, id, request, answer, done: false, detach };
      this.hold(entry, request.signal);
    });

  readonly elicit = (call: ElicitationCall): Promise<ElicitResult> =>
    new Promise<ElicitResult>((resolve) => {
      if (call.signal?.aborted) return resolve(CANCEL);
      const id = call.id ?? `consent-${++this.nextId}`;
      this.hold(
        { kind: 'elicitation', id, call, answer: resolve, done: false, detach },
        call.signal,
      );
    });

  readonly roots = (call: RootsCall): Promise<RootsResult> =>
    new Promise<RootsResult>((resolve) => {
      if (call.signal?.aborted) return resolve(SHARE_NONE);
      const id = call.id ?? `consent-${++this.nextId}`;
      this.hold({ kind: 'roots', id, call, answer: resolve, done: false, detach }, call.signal);
    });

  readonly sample = (call: SamplingCall): Promise<SamplingAnswer> =>
    new Promise<SamplingAnswer>((resolve) => {
      if (call.signal?.aborted) return resolve(DENY_SAMPLING);
      const id = call.id ?? `consent-${++this.nextId}`;
      this.hold({ kind: 'sampling', id, call, answer: resolve, done: false, detach }, call.signal);
    });

  readonly result = (call: ResultReviewCall): Promise<ResultReviewResult> =>
    new Promise<ResultReviewResult>((resolve) => {
      if (call.signal?.aborted) return resolve(WITHHOLD);
      const id = call.id ?? `consent-${++this.nextId}`;
      this.hold(
        { kind: 'result_review', id, call, answer: resolve, done: false, detach },
        call.signal,
      );
    });

  readonly show = (
    call: ToolCall | PromptRequest,
    onDecision?: (choice: Choice) => void,
    showOptions: { signal?: AbortSignal } = {},
  ): Promise<Choice> => {
    const { engine } = this.options;
    const request = isPromptRequest(call)
      ? call
      : standaloneRequest(call, {
          ...(showOptions.signal ? { signal: showOptions.signal } : {}),
          ...(engine ? { assessment: engine.assess(call) } : {}),
        });
    // `show` always answers: a prompt nobody could show is Deny once for the host.
    return this.prompt(request)
      .catch((): Choice => 'deny_once')
      .then((answer) => {
        // R7 hosts get the choice; a grain or a note only matters to an engine.
        const choice = typeof answer === 'string' ? answer : answer.choice;
        onDecision?.(choice);
        return choice;
      });
  };

  readonly fail = (id: string): void => {
    const entry = this.held.find((candidate) => candidate.id === id);
    if (entry) this.settle(entry, failClosed(entry), 'failed');
  };

  readonly getSnapshot = (): ConsentSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => this.emitter.subscribe(listener);

  readonly interrupt = (): void => {
    for (const entry of [...this.held]) this.settle(entry, failClosed(entry), 'interrupted');
  };

  readonly dispose = (): void => {
    this.disposed = true;
    this.unfollow();
    for (const entry of [...this.held]) this.settle(entry, failClosed(entry), 'disposed');
  };
}

/** A held request detaches nothing until it is queued. */
const detach = () => {};

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

/** The model's last view for the record; a model that cannot give one must not stop the settle. */
function lastView(item: ConsentItem): SettledItem['api'] {
  try {
    return item.model.connect();
  } catch {
    return null;
  }
}
