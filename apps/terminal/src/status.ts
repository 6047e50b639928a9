/**
 * What the server says while a call runs, on stderr (never stdout, which carries results):
 * progress as one status line redrawn in place on a terminal (one line per report when
 * redirected, for logs), and the server's log lines. Everything shown is untrusted text: it
 * arrives sanitized from the guard and is cleaned again here, capped to one line.
 */
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import type { LogEvent, ProgressEvent } from '@mcp-consent/mcp';
import { clean, fit } from './text.js';

/** Erase the whole line and go back to its start (only written to a terminal). */
const ERASE_LINE = '\r\u001B[2K';

export interface StatusLine {
  progress(event: ProgressEvent): void;
  log(event: LogEvent): void;
  /** Removes the status line (before a prompt or a result is written). */
  clear(): void;
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
 * `stream` is stderr; `canDraw` says no prompt is on screen (a status line must not run into
 * an Ink frame).
 */
export function statusLine(
  stream: NodeJS.WriteStream,
  t: AppTranslator,
  canDraw: () => boolean,
): StatusLine {
  const tty = stream.isTTY === true;
  let shown: string | undefined;
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
  return {
    progress(event) {
      const text = progressText(event, t);
      if (!tty) stream.write(`${text}\n`);
      else if (canDraw()) draw(text);
    },
    log(event) {
      const last = shown;
      clear();
      stream.write(`${logText(event, t)}\n`);
      if (last !== undefined && canDraw()) draw(last);
    },
    clear,
  };
}
