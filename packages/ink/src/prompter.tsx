import process from 'node:process';
import { render, type Instance, type RenderOptions } from 'ink';
import {
  systemClock,
  type Choice,
  type Clock,
  type PermissionEngine,
  type PromptRequest,
  type ServerRef,
} from '@mcp-consent/engine';
import { createTranslator, localesFromEnv, type Translator } from '@mcp-consent/i18n';
import { CHECKING_DELAY_MS, type ElicitRequest, type ElicitResult } from '@mcp-consent/prompt';
import { colorFromEnv } from './palette.js';
import { PromptHost } from './PromptHost.js';
import { createJobQueue, type JobQueueSnapshot } from './queue.js';

export interface InkPrompterOptions {
  /**
   * Keeps "Permission request 1 of 3" live, and shows "Checking permissions…" while the
   * engine takes longer than 100 ms to decide (spec R4.1).
   */
  engine?: PermissionEngine;
  /** Time for the input guard. @default systemClock */
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

/** An elicitation as `@mcp-consent/mcp` hands it to its `elicit` callback. */
export interface ElicitationCall {
  /** The request exactly as the server sent it; the prompt model sanitizes it. */
  params: ElicitRequest;
  server: ServerRef;
  signal?: AbortSignal;
}

export interface InkPrompter {
  /** The engine's prompt callback: `engine.request(call, { prompt: prompter.prompt })`. */
  prompt(request: PromptRequest): Promise<Choice>;
  /** An `elicit` callback for `@mcp-consent/mcp` (form and URL mode; the host opens URLs). */
  elicit(request: ElicitationCall): Promise<ElicitResult>;
  /** What the terminal shows now; for hosts that want to know whether a prompt is up. */
  getSnapshot(): JobQueueSnapshot;
  subscribe(listener: () => void): () => void;
  /** Denies or cancels whatever waits and gives the terminal back. */
  unmount(): void;
}

/**
 * Renders permission prompts and elicitations into a terminal with Ink. Ink is mounted
 * only while a question is waiting, so the host owns the terminal (and stdin) the rest
 * of the time; each answered question leaves one summary line in the scrollback.
 */
export function inkPrompter(options: InkPrompterOptions = {}): InkPrompter {
  const queue = createJobQueue();
  const clock = options.clock ?? systemClock;
  const translator =
    options.translator ??
    createTranslator(options.locale ?? localesFromEnv(process.env), { isolateValues: false });
  const color = options.color ?? colorFromEnv(process.env);
  const stdin = options.stdin ?? process.stdin;
  let instance: Instance | undefined;
  let closing: NodeJS.Immediate | undefined;
  let disposed = false;

  let interrupted = false;
  const interrupt =
    options.onInterrupt ??
    (() => {
      // The terminal goes back to normal first, then the host gets its Ctrl+C. A host
      // that survives SIGINT gets Deny once / cancel for everything that was waiting,
      // a moment later, so nothing hangs; one that exits never sees an answer.
      interrupted = true;
      unmountInk();
      process.kill(process.pid, 'SIGINT');
      setTimeout(() => {
        interrupted = false;
        queue.dispose();
      }, 50);
    });

  const unmountInk = () => {
    if (closing) clearImmediate(closing);
    closing = undefined;
    instance?.unmount();
    instance = undefined;
  };
  const sync = () => {
    const { current, checking } = queue.getSnapshot();
    if ((current || checking) && !instance && !disposed && !interrupted) {
      if (closing) clearImmediate(closing);
      closing = undefined;
      const mounted = render(
        <PromptHost
          queue={queue}
          clock={clock}
          translator={translator}
          color={color}
          onInterrupt={interrupt}
          {...(options.engine ? { engine: options.engine } : {})}
          {...(options.guardMs === undefined ? {} : { guardMs: options.guardMs })}
          {...(options.allowAlwaysExpiresInMs === undefined
            ? {}
            : { allowAlwaysExpiresInMs: options.allowAlwaysExpiresInMs })}
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
      // Ink gave up (a render error): nobody can answer, so everything waiting is
      // denied or cancelled rather than left hanging.
      mounted.waitUntilExit().then(
        () => undefined,
        () => {
          if (instance === mounted) instance = undefined;
          queue.dispose();
        },
      );
    } else if (!current && !checking && instance && !closing) {
      // The engine shows the next queued prompt a moment after the last one settled:
      // wait a turn before giving the terminal back, so the screen does not flicker.
      closing = setImmediate(() => {
        closing = undefined;
        const now = queue.getSnapshot();
        if (!now.current && !now.checking) unmountInk();
      });
    }
  };
  queue.subscribe(sync);

  // "Checking permissions…" only when the engine is slow, so quick decisions never flash.
  // A screen delay, not a decision: wall time, so it never adds timers to the engine's clock.
  let late: NodeJS.Timeout | undefined;
  const { engine } = options;
  const unfollow = engine?.subscribe(() => {
    const busy = engine.getSnapshot().checking > 0;
    if (!busy) {
      clearTimeout(late);
      late = undefined;
      queue.setChecking(false);
    } else if (!late) {
      late = setTimeout(
        () => queue.setChecking(engine.getSnapshot().checking > 0),
        CHECKING_DELAY_MS,
      ).unref();
    }
  });

  // Without a terminal to read keys from nobody can answer: fail, so the engine denies.
  const needTerminal = () =>
    stdin.isTTY
      ? undefined
      : Promise.reject(new Error('inkPrompter: stdin is not a terminal, so no one can answer.'));

  return {
    prompt: (request) => needTerminal() ?? queue.permission(request),
    elicit: (call) => needTerminal() ?? queue.elicitation(call.params, call.server, call.signal),
    getSnapshot: queue.getSnapshot,
    subscribe: queue.subscribe,
    unmount() {
      disposed = true;
      unfollow?.();
      clearTimeout(late);
      queue.dispose();
      unmountInk();
    },
  };
}
