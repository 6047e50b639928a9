import { createEmitter, type CancelTimer, type Clock } from '@mcp-consent/engine';
import { createTranslator, type Translator } from '@mcp-consent/i18n';
import { partAttrs } from './anatomy.js';
import {
  sanitizeText,
  type HiddenKind,
  type HiddenRunText,
  type SanitizedPart,
  type SanitizeOptions,
} from './sanitize.js';

/** Options every prompt model takes. */
export interface BaseModelOptions {
  /** Time source for the input guard. Pass `systemClock` from `@mcp-consent/engine` in hosts. */
  clock: Clock;
  /** A translator; wins over `locale`. */
  translator?: Translator;
  /** Locale or preferred locales, negotiated. @default 'en-US' */
  locale?: string | readonly string[];
  /**
   * How long answers are ignored after the prompt appears, so that keys typed for
   * something else cannot answer it.
   * @default 500
   */
  guardMs?: number;
  /** Prefix of every element id. @default `mcp-consent-<request id>` */
  idPrefix?: string;
  /** How hidden characters in server text are shown. @default 'escape' */
  textMode?: 'escape' | 'remove';
}

/** @default guardMs of every model. */
export const DEFAULT_GUARD_MS = 500;

/** Why an answer was not taken. */
export type IgnoredReason = 'guard' | 'disabled' | 'settled';

export type AnswerOutcome = { accepted: true } | { accepted: false; reason: IgnoredReason };

export function resolveTranslator(
  options: Pick<BaseModelOptions, 'translator' | 'locale'>,
): Translator {
  return options.translator ?? createTranslator(options.locale ?? 'en-US');
}

/** Element ids are built from untrusted request ids: keep them to safe characters. */
export function idPrefixFor(requestId: string, prefix?: string): string {
  if (prefix !== undefined) return prefix;
  const safe = requestId.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64);
  return `mcp-consent-${safe || 'prompt'}`;
}

/** One piece of cleaned server text: plain text, or a run of hidden characters shown as one chip. */
export type TextPart = SanitizedPart;

/**
 * The parts of shown server text, the same in every renderer (`data-scope="server-text"`):
 * the text's container, a hidden run's chip (a button that shows or hides its codes), the codes.
 */
export const serverTextAnatomy = ['server-text', 'hidden-chip', 'hidden-codes'] as const;

export type ServerTextPart = (typeof serverTextAnatomy)[number];

/** `data-scope`/`data-part` of one part of shown server text. */
export const serverTextAttrs = (part: ServerTextPart) => partAttrs('server-text', part);

/**
 * Server text ready to show: `parts` for display (text nodes and hidden-run chips), `text`
 * for announcements and plain output (each run as its chip label in brackets).
 */
export interface ServerText {
  text: string;
  parts: readonly TextPart[];
  truncated: boolean;
}

/**
 * Cleans every server string of one model and collects what it hid, for the notice. With a
 * translator, a run of hidden characters collapses into one localized label ("200 hidden
 * characters") instead of a row of codes; in `'remove'` mode runs are simply dropped.
 */
export class TextCleaner {
  readonly found = new Set<HiddenKind>();
  private readonly hiddenRun: ((count: number) => HiddenRunText) | undefined;

  constructor(
    private readonly mode: 'escape' | 'remove',
    translator?: Translator,
  ) {
    this.hiddenRun =
      translator === undefined
        ? undefined
        : (count) => {
            const label = translator.t('mcp.text.hidden_run', { count });
            return { label, inline: translator.t('mcp.text.hidden_run_inline', { count }) };
          };
  }

  clean(
    input: unknown,
    maxLength: number,
    options: Omit<SanitizeOptions, 'maxLength' | 'mode' | 'hiddenRun'> = {},
  ) {
    const result = sanitizeText(input, {
      ...options,
      maxLength,
      mode: this.mode,
      hiddenRun: this.hiddenRun,
    });
    for (const kind of result.found) this.found.add(kind);
    return result;
  }

  /** Plain cleaned text; each hidden run reads "[200 hidden characters]" when there is a translator. */
  text(input: unknown, maxLength: number, multiline = false): string {
    return this.clean(input, maxLength, { multiline }).text;
  }

  /**
   * Server text as parts, for the "From the server" container: text, and one `hidden` part
   * (a chip) per run of hidden characters. Without a translator runs stay codes inside text.
   */
  serverText(input: unknown, maxLength: number, multiline = false): ServerText {
    const { text, parts, truncated } = this.clean(input, maxLength, { multiline });
    return { text, parts, truncated };
  }

  /** Whether a "hidden characters were found" notice is due. */
  get shouldNotice(): boolean {
    return this.mode === 'escape' && this.found.size > 0;
  }
}

/** Caps for server-provided text, in UTF-16 code units. */
export const TEXT_LIMITS = {
  toolName: 128,
  toolTitle: 200,
  description: 2000,
  serverName: 128,
  annotationTitle: 200,
  message: 4000,
  fieldLabel: 200,
  fieldDescription: 1000,
  option: 200,
  url: 8192,
  hint: 1000,
} as const;

/**
 * The input guard: answers are refused until `guardMs` after the prompt appeared. With
 * a clock that can set timers, listeners are notified when the guard lifts.
 */
export class InputGuard {
  private until = 0;
  private cancel: CancelTimer | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly ms: number,
    private readonly onLift: () => void,
  ) {
    this.arm();
  }

  /** (Re)starts the window, e.g. when the prompt becomes visible again. */
  arm(): void {
    this.cancel?.();
    this.until = this.clock.now() + Math.max(0, this.ms);
    this.wait(this.ms);
  }

  /**
   * Lifts the guard once the clock reads `until`. A timer can fire a little before that
   * (Node's setTimeout runs on a monotonic clock, `Date.now()` on the wall clock), and
   * lifting then would leave the guard notice up for good: wait out the rest instead.
   */
  private wait(ms: number): void {
    this.cancel =
      ms > 0
        ? this.clock.setTimer?.(() => {
            const left = this.until - this.clock.now();
            if (left > 0) this.wait(left);
            else this.onLift();
          }, ms)
        : undefined;
  }

  get active(): boolean {
    return this.clock.now() < this.until;
  }

  get endsAt(): number {
    return this.until;
  }

  dispose(): void {
    this.cancel?.();
  }
}

/** A tiny subscribe/notify store for a model's own state. */
export function createState<S extends object>(initial: S) {
  let state = initial;
  const emitter = createEmitter<S>();
  return {
    get: () => state,
    set(patch: Partial<S>) {
      state = { ...state, ...patch };
      emitter.emit(state);
    },
    notify: () => emitter.emit(state),
    subscribe: (listener: (state: S) => void) => emitter.subscribe(listener),
  };
}

export type Store<S extends object> = ReturnType<typeof createState<S>>;

type PromptStatus = 'open' | 'answered' | 'closed';

/**
 * Closes an open model when its request is settled elsewhere or times out. Returns the
 * detach for `modelLifecycle`.
 */
export function closeOnAbort<S extends { status: PromptStatus }>(
  state: Store<S>,
  signal: AbortSignal | undefined,
): () => void {
  const onAbort = () => {
    if (state.get().status === 'open') state.set({ status: 'closed' } as Partial<S>);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  return () => signal?.removeEventListener('abort', onAbort);
}

/** The input guard as a sheet shows it: active only while the prompt is open. */
export interface GuardView {
  active: boolean;
  endsAt: number;
}

/**
 * A model's `connect`: the view is built again only when the state changes or the guard
 * lifts, so renderers that compare snapshots by identity do not re-render for nothing.
 */
export function cachedView<S extends { status: string }, A>(
  state: Store<S>,
  guard: InputGuard,
  build: (current: S, guard: GuardView) => A,
): () => A {
  let cache: { state: S; guard: boolean; api: A } | undefined;
  return () => {
    const current = state.get();
    const guardActive = guard.active && current.status === 'open';
    if (cache && cache.state === current && cache.guard === guardActive) return cache.api;
    const api = build(current, { active: guardActive, endsAt: guard.endsAt });
    cache = { state: current, guard: guardActive, api };
    return api;
  };
}

/**
 * The store-facing half every model returns: state, subscription, re-arming the guard when
 * the prompt is shown again, and clean-up of the timer and the abort listener.
 */
export function modelLifecycle<S extends { status: string }>(
  state: Store<S>,
  guard: InputGuard,
  detach: () => void,
) {
  return {
    getState: state.get,
    subscribe: (listener: () => void) => state.subscribe(() => listener()),
    rearm: () => {
      if (state.get().status !== 'open') return;
      guard.arm();
      state.notify();
    },
    destroy: () => {
      guard.dispose();
      detach();
    },
  };
}

/** Keyboard input as renderers see it (a DOM KeyboardEvent fits, so does Ink's input). */
export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** Auto-repeat of a held key: never an answer. */
  repeat?: boolean;
  /** IME composition in progress: never an answer. */
  isComposing?: boolean;
}

export function toKeyInput(input: string | KeyInput): KeyInput {
  return typeof input === 'string' ? { key: input } : input;
}
