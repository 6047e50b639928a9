import process from 'node:process';
import { render, type Instance, type RenderOptions } from 'ink';
import {
  systemClock,
  type Choice,
  type PromptAnswer,
  type Clock,
  type PermissionEngine,
  type PromptRequest,
  type ToolCall,
} from '@mcp-consent/engine';
import { createTranslator, localesFromEnv, type Translator } from '@mcp-consent/i18n';
import {
  createConsentPresenter,
  type ConsentSnapshot,
  type ElicitationCall,
  type ElicitResult,
  type ResultReviewCall,
  type ResultReviewResult,
  type RootsCall,
  type RootsResult,
  type SamplingAnswer,
  type SamplingCall,
} from '@mcp-consent/prompt';
import { colorFromEnv } from './palette.js';
import { PromptHost } from './PromptHost.js';

/** An elicitation as `@mcp-consent/mcp` hands it to its `elicit` callback. */
export type { ElicitationCall };

export interface InkPrompterOptions {
  /**
   * Keeps "Permission request 1 of 3" live, shows "Checking permissions…" while the
   * engine takes longer than 100 ms (on `clock`) to decide (spec R4.1), and assesses the
   * tool calls given to `show`.
   */
  engine?: PermissionEngine;
  /** Time for the input guard and the "Checking permissions…" delay. @default systemClock */
  clock?: Clock;
  /** Preferred locales. @default from LANGUAGE, LC_ALL, LC_MESSAGES and LANG */
  locale?: string | readonly string[];
  /** Wins over `locale`. @default a translator without Unicode isolates (terminals rarely do bidi) */
  translator?: Translator;
  /** @default process.stdin */
  stdin?: NodeJS.ReadStream;
  /** @default process.stdout */
  stdout?: NodeJS.WriteStream;
  /** @default process.stderr */
  stderr?: NodeJS.WriteStream;
  /**
   * Plain mode for screen readers: no box drawing, the announcement first, one item per
   * line (Ink's screen-reader output). @default process.env.INK_SCREEN_READER === 'true'
   */
  plain?: boolean;
  /** Colours. @default off when NO_COLOR is set or FORCE_COLOR=0 */
  color?: boolean;
  /** Answers are ignored this long after a prompt appears. @default 500 */
  guardMs?: number;
  /** Shows "expires in 7 days" under Allow always for this lifetime. */
  allowAlwaysExpiresInMs?: number | null;
  /**
   * Ctrl+C while a prompt is shown. @default give the terminal back and raise SIGINT, as
   * if no prompt were there; if the process lives on, everything waiting is answered on
   * the safe side (Deny once, cancel)
   */
  onInterrupt?: () => void;
  /** Extra Ink render options (for tests and unusual hosts). */
  inkOptions?: Partial<RenderOptions>;
}

export interface InkPrompter {
  /**
   * The engine's prompt callback: `engine.request(call, { prompt: prompter.prompt })`. Resolves
   * with the choice, or with its detail (the grain picked, a deny note) when the request offers grains.
   */
  prompt(request: PromptRequest): Promise<PromptAnswer>;
  /** An `elicit` callback for `@mcp-consent/mcp` (form and URL mode; the host opens URLs). */
  elicit(request: ElicitationCall): Promise<ElicitResult>;
  /** A `pickRoots` callback for `@mcp-consent/mcp`: which of the host's roots a server may see. */
  roots(call: RootsCall): Promise<RootsResult>;
  /**
   * A `reviewResult` callback for `@mcp-consent/mcp`: an allowed call's result, sent to the
   * model or withheld (without a terminal it rejects, and the result is withheld).
   */
  result(call: ResultReviewCall): Promise<ResultReviewResult>;
  /** A `sample` callback for `@mcp-consent/mcp`: one step of a sampling request (request, reply). */
  sample(call: SamplingCall): Promise<SamplingAnswer>;
  /**
   * Spec R7: asks about a tool call (assessed by the engine's rules when an `engine` is
   * given; nothing stored or audited) or an engine request, in the same queue as the rest;
   * calls `onDecision` with the answer and resolves with it too.
   */
  show(
    call: ToolCall | PromptRequest,
    onDecision?: (choice: Choice) => void,
    options?: { signal?: AbortSignal },
  ): Promise<Choice>;
  /** What the terminal shows now (the presenter's snapshot); for hosts that want to know. */
  getSnapshot(): ConsentSnapshot;
  subscribe(listener: () => void): () => void;
  /** Denies or cancels whatever waits and gives the terminal back. */
  unmount(): void;
}

/**
 * Renders permission prompts, dry-run previews and elicitations into a terminal with Ink,
 * one at a time from one queue (`createConsentPresenter`). Ink is mounted only while a
 * question is waiting, so the host owns the terminal (and stdin) the rest of the time;
 * each answered question leaves one summary line in the scrollback.
 */
export function inkPrompter(options: InkPrompterOptions = {}): InkPrompter {
  const clock = options.clock ?? systemClock;
  const translator =
    options.translator ??
    createTranslator(options.locale ?? localesFromEnv(process.env), { isolateValues: false });
  const presenter = presenterFor(options, clock, translator);
  const color = options.color ?? colorFromEnv(process.env);
  const stdin = options.stdin ?? process.stdin;
  let instance: Instance | undefined;
  let closing: NodeJS.Immediate | undefined;
  let disposed = false;
  // While set, nothing mounts: the terminal was handed back (Ctrl+C) or the queue is
  // being emptied, and a prompt drawn now would only flash.
  let held = false;

  /** Settles everything waiting on the safe side (Deny once, cancel); the queue lives on. */
  const failAll = () => {
    const wasHeld = held;
    held = true;
    presenter.interrupt();
    held = wasHeld;
  };

  const interrupt =
    options.onInterrupt ??
    (() => {
      // The terminal goes back to normal first, then the host gets its Ctrl+C. A host
      // that survives SIGINT gets Deny once / cancel for everything that was waiting,
      // a moment later, so nothing hangs; one that exits never sees an answer.
      held = true;
      unmountInk();
      process.kill(process.pid, 'SIGINT');
      setTimeout(() => {
        failAll();
        held = false;
      }, 50);
    });

  const unmountInk = () => {
    if (closing) clearImmediate(closing);
    closing = undefined;
    instance?.unmount();
    instance = undefined;
  };
  const sync = () => {
    const { current, checking } = presenter.getSnapshot();
    if ((current || checking) && !instance && !disposed && !held) {
      if (closing) clearImmediate(closing);
      closing = undefined;
      const mounted = render(
        <PromptHost
          presenter={presenter}
          clock={clock}
          translator={translator}
          color={color}
          onInterrupt={interrupt}
        />,
        {
          stdin,
          stdout: options.stdout ?? process.stdout,
          stderr: options.stderr ?? process.stderr,
          exitOnCtrlC: false,
          patchConsole: false,
          ...(options.plain === undefined ? {} : { isScreenReaderEnabled: options.plain }),
          ...options.inkOptions,
        },
      );
      instance = mounted;
      // Ink gave up (a render error): nobody can answer what was on screen, so it is
      // denied or cancelled rather than left hanging; the next request mounts Ink again.
      mounted.waitUntilExit().then(
        () => undefined,
        () => {
          if (instance === mounted) instance = undefined;
          const shown = presenter.getSnapshot().current;
          if (shown) presenter.fail(shown.id);
        },
      );
    } else if (!current && !checking && instance && !closing) {
      // The engine shows the next queued prompt a moment after the last one settled:
      // wait a turn before giving the terminal back, so the screen does not flicker.
      closing = setImmediate(() => {
        closing = undefined;
        const now = presenter.getSnapshot();
        if (!now.current && !now.checking) unmountInk();
      });
    }
  };
  const unsubscribe = presenter.subscribe(sync);

  // Without a terminal to read keys from nobody can answer: fail, so the engine denies.
  const needTerminal = () =>
    stdin.isTTY
      ? undefined
      : Promise.reject(new Error('inkPrompter: stdin is not a terminal, so no one can answer.'));

  return {
    // The presenter's own callback: a grain or a deny note reaches the engine with the choice.
    prompt: (request) => needTerminal() ?? presenter.prompt(request),
    elicit: (call) => needTerminal() ?? presenter.elicit(call),
    roots: (call) => needTerminal() ?? presenter.roots(call),
    result: (call) => needTerminal() ?? presenter.result(call),
    sample: (call) => needTerminal() ?? presenter.sample(call),
    show(call, onDecision, showOptions) {
      // No engine to turn a failure into a denial here: the caller gets Deny once.
      if (!stdin.isTTY) {
        onDecision?.('deny_once');
        return Promise.resolve('deny_once');
      }
      return presenter.show(call, onDecision, showOptions);
    },
    getSnapshot: presenter.getSnapshot,
    subscribe: presenter.subscribe,
    unmount() {
      disposed = true;
      presenter.dispose();
      unsubscribe();
      unmountInk();
    },
  };
}

/** The one queue of the terminal: a list layout, the engine's queue and Allow always's expiry. */
function presenterFor(options: InkPrompterOptions, clock: Clock, translator: Translator) {
  return createConsentPresenter({
    clock,
    translator,
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.guardMs === undefined ? {} : { guardMs: options.guardMs }),
    permission: {
      layout: 'list',
      ...(options.allowAlwaysExpiresInMs === undefined
        ? {}
        : { allowAlwaysExpiresInMs: options.allowAlwaysExpiresInMs }),
    },
  });
}
