import type { Translator } from '@mcp-consent/i18n';
import { linesHeight, rowLines, wrapLine, type Line, type Span } from './lines.js';
import { moreLinesText, SEP } from './scroll.js';

/** A prompt in three parts: what always stays above, what scrolls, what always stays below. */
export interface FrameParts {
  top: Line[];
  body: Line[];
  bottom: Line[];
}

export interface FitOptions {
  t: Translator;
  width: number;
  rows: number;
  /** First row of the body shown (PageDown/PageUp move it). */
  offset: number;
  /**
   * Rows of the body that must be in view (a focused field): matched by line key. The window
   * then follows the focus, and the "more lines" row names no PageUp/PageDown (they do not move it).
   */
  focus?: (key: string) => boolean;
  /** Said after the counts on the "more lines" row (the key that collapses what scrolls). */
  moreExtra?: Span[];
}

export interface Fitted {
  lines: Line[];
  /** Rows of the body in view (PageDown moves one less). */
  shown: number;
  /** Rows the lines take. */
  height: number;
}

/** The fewest body rows worth a window: two rows of text and the "more lines" row. */
const MIN_WINDOW = 3;

/**
 * Fits a prompt into `rows` rows, so Ink never draws a frame as tall as the terminal (it then
 * clears the screen and the scrollback). `variants` are the same prompt with less and less kept
 * in its pinned top and bottom; the first whose body gets a window of a few rows is used. Its
 * body scrolls: a window of rows at `offset`, then a row saying how many rows are above and
 * below and which key shows them. Every line comes back wrapped as it will be drawn, so
 * `height` is the rows the frame really takes.
 */
export function fitParts(variants: readonly FrameParts[], options: FitOptions): Fitted {
  const { width, rows } = options;
  const wrapped = variants.map((parts) => ({
    top: parts.top.map((line) => wrapLine(line, width)),
    body: parts.body.map((line) => wrapLine(line, width)),
    bottom: parts.bottom.map((line) => wrapLine(line, width)),
  }));
  const room = (parts: FrameParts) =>
    rows - linesHeight(parts.top, width) - linesHeight(parts.bottom, width);
  const bodyHeight = (parts: FrameParts) => linesHeight(parts.body, width);
  // Everything, when it fits; else the first variant whose body gets a real window; else the
  // first whose pinned parts fit at all.
  const whole = wrapped.find((parts) => bodyHeight(parts) <= room(parts));
  if (whole) return done([...whole.top, ...whole.body, ...whole.bottom], bodyHeight(whole), width);
  const chosen =
    wrapped.find((parts) => room(parts) >= MIN_WINDOW) ??
    wrapped.find((parts) => room(parts) >= 0) ??
    wrapped[wrapped.length - 1]!;
  const space = room(chosen);
  const body = chosen.body.flatMap((line) => rowLines(line, width));
  const view = bodyWindow(body, Math.max(0, space), options);
  const lines = [...chosen.top, ...view.lines, ...chosen.bottom];
  if (space >= 0) return done(lines, view.shown, width);
  // A terminal too small for even the pinned parts: the rows from the top that fit.
  const cut = lines.flatMap((line) => rowLines(line, width)).slice(0, Math.max(1, rows));
  return done(cut, 0, width);
}

const done = (lines: Line[], shown: number, width: number): Fitted => ({
  lines,
  shown,
  height: linesHeight(lines, width),
});

/** A window of `room` rows of the body (one row each), the "more lines" row under it. */
function bodyWindow(
  body: Line[],
  room: number,
  options: FitOptions,
): { lines: Line[]; shown: number } {
  if (room <= 0 || body.length === 0) return { lines: [], shown: 0 };
  let size = room - 1;
  let more: Line | null = null;
  let offset = 0;
  // The "more" row can wrap in a narrow terminal: shrink the window until both fit.
  for (let tries = 0; tries < 4; tries++) {
    offset = windowOffset(body, Math.max(0, size), options);
    more = moreLine(offset, body.length - offset - Math.max(0, size), options);
    const height = linesHeight([more], options.width);
    if (size + height <= room || size <= 0) break;
    size = room - height;
  }
  const shown = body.slice(offset, offset + Math.max(0, size));
  const fits = more !== null && linesHeight([more], options.width) + shown.length <= room;
  return { lines: fits ? [...shown, more!] : shown, shown: shown.length };
}

/** The first row shown: the one asked for, moved so the focused rows are in view. */
function windowOffset(body: readonly Line[], size: number, options: FitOptions): number {
  let offset = Math.min(Math.max(0, options.offset), Math.max(0, body.length - size));
  const focus = options.focus;
  if (!focus) return offset;
  const first = body.findIndex((line) => focus(line.key));
  if (first < 0) return offset;
  let last = first;
  while (last + 1 < body.length && focus(body[last + 1]!.key)) last += 1;
  if (last >= offset + size) offset = last - size + 1;
  if (first < offset) offset = first;
  return Math.max(0, offset);
}

/**
 * "↑ 3 more lines · ↓ 12 more lines · [PgUp/PgDn]", the counts and the key names from the
 * catalog (a German keyboard says Bild↑/Bild↓).
 */
function moreLine(above: number, below: number, options: FitOptions): Line {
  const text = moreLinesText(options.t, above, below, !options.focus);
  const spans: Span[] = [{ text, tone: 'dim' }];
  if (options.moreExtra) spans.push({ text: SEP, tone: 'dim' }, ...options.moreExtra);
  return wrapLine({ key: 'scroll-more', spans }, options.width);
}
