/**
 * What the server says while a call runs, on stderr (never stdout, which carries results):
 * progress as one status line redrawn in place on a terminal (one line per report when
 * redirected, for logs), and the server's log lines. Everything shown is untrusted text: it
 * arrives sanitized from the guard and is cleaned again here, capped to one line.
 *
 * On a terminal nothing is written while a prompt is on screen (it would run into Ink's frame,
 * and Ink would then erase the wrong rows): log lines wait, the last `HELD_LINES` of them, and
 * are printed once the prompt is gone; while a question is being typed they go above it.
 */
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import type { LogEvent, ProgressEvent } from '@mcp-consent/mcp';
import { clean, fit } from './text.js';

/** Erase the whole line and go back to its start (only written to a terminal). */
const ERASE_LINE = '\r\u001B[2K';

/** How many lines wait while a prompt is on screen; older ones are dropped, and counted. */
export const HELD_LINES = 50;

export interface StatusLine {
  progress(event: ProgressEvent): void;
  log(event: LogEvent): void;
  /** A host message of its own (a warning, clean text), shown like a log line. */
  note(text: string): void;
  /** Removes the status line (before a prompt or a result is written). */
  clear(): void;
  /**
   * Prints what waited while a prompt was on screen (and the latest progress of the call),
   * once `canDraw` says the prompt is gone; nothing otherwise.
   */
  flush(): void;
}

export interface StatusLineOptions {
  /**
   * The question being typed on the terminal (`openQuestion`): lines go above it, and no
   * status line is drawn over it. @default none
   */
  question?: { open(): boolean; above(write: () => void): boolean };
  /** @default HELD_LINES */
  held?: number;
}

/** The words for one progress report, e.g. "trigger-long-running-operation: 2 of 6". */
export function progressText(event: ProgressEvent, t: AppTranslator): string {
  const tool = clean(event.tool, 128);
  const status =
    event.total === undefined
      ? t.t('mcp.cli.progress.count', { tool, progress: String(event.progress) })
      : t.t('mcp.cli.progress.total', {
          tool,
          progress: String(event.progress),
          total: String(event.total),
        });
  return event.message
    ? t.t('mcp.cli.progress.message', { status, message: clean(event.message, 300) })
    : status;
}

/** One log line of the server, e.g. "Server log (warning): Disk almost full". */
export function logText(event: LogEvent, t: AppTranslator): string {
  return t.t('mcp.cli.server_log', {
    level: clean(event.level, 20),
    message: clean(event.message, 2000),
  });
}

/**
 * `stream` is stderr; `canDraw` says no prompt is on screen (nothing may run into an Ink
 * frame). Redirected, every line is written as it comes, as plain text.
 */
export function statusLine(
  stream: NodeJS.WriteStream,
  t: AppTranslator,
  canDraw: () => boolean,
  options: StatusLineOptions = {},
): StatusLine {
  const tty = stream.isTTY === true;
  const limit = Math.max(1, options.held ?? HELD_LINES);
  let shown: string | undefined;
  /** Lines that came while a prompt was on screen, oldest first, and how many were dropped. */
  const held: string[] = [];
  let dropped = 0;
  /** The call's latest progress, reported while a prompt was on screen. */
  let heldProgress: string | undefined;
  const draw = (text: string) => {
    const width = Math.max(20, (stream.columns || 80) - 1);
    stream.write(`${ERASE_LINE}${fit(text, width)}`);
    shown = text;
  };
  const clear = () => {
    if (shown === undefined) return;
    stream.write(ERASE_LINE);
    shown = undefined;
  };
  /** One line on a free terminal: above the status line and above a question being typed. */
  const emit = (line: string) => {
    const write = () => void stream.write(`${line}\n`);
    if (options.question?.above(write)) return;
    const last = shown;
    clear();
    write();
    if (last !== undefined) draw(last);
  };
  const say = (line: string) => {
    if (!tty) stream.write(`${line}\n`);
    else if (canDraw()) emit(line);
    else {
      if (held.length >= limit) {
        held.shift();
        dropped += 1;
      }
      held.push(line);
    }
  };
  return {
    progress(event) {
      const text = progressText(event, t);
      if (!tty) stream.write(`${text}\n`);
      else if (canDraw() && !options.question?.open()) draw(text);
      else heldProgress = text;
    },
    log: (event) => say(logText(event, t)),
    note: say,
    clear() {
      heldProgress = undefined;
      clear();
    },
    flush() {
      if (!tty || !canDraw()) return;
      if (dropped > 0)
        emit(t.t('mcp.cli.server_log.dropped', { count: dropped, kept: held.length }));
      dropped = 0;
      for (const line of held.splice(0)) emit(line);
      if (heldProgress !== undefined && !options.question?.open()) draw(heldProgress);
      heldProgress = undefined;
    },
  };
}
