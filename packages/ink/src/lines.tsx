import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import type { ColorRole } from '@mcp-consent/prompt';
import { toneStyle, type Tone } from './palette.js';

/** A run of text with one style. Text always comes from a prompt model or the i18n catalog. */
export interface Span {
  text: string;
  tone?: Tone;
}

/** One block of a prompt: spans that wrap together, indented. */
export interface Line {
  key: string;
  spans: Span[];
  /** Columns of indentation. @default 0 */
  indent?: number;
  /** A blank row above, to group parts. @default false */
  gap?: boolean;
}

/**
 * Rows a text takes at a width: the rows {@link rowRanges} breaks it into, which is how
 * {@link Lines} draws it (pre-wrapped, so Ink does not wrap it again).
 */
export function wrappedRows(text: string, width: number): string[] {
  if (text === '') return [''];
  return rowRanges(text, width).map(([start, end]) => text.slice(start, end));
}

/** Texts longer than this are wrapped without keeping their rows in the cache. */
const LONG = 400;

const charWidth = (char: string) => {
  const code = char.codePointAt(0)!;
  return code >= 0x20 && code < 0x7f ? 1 : stringWidth(char);
};

/**
 * Wraps long text (arguments, messages: up to hundreds of kilobytes) into rows of at most
 * `width` columns in linear time, breaking after a space when one is near, else anywhere.
 * Ink's own wrapper is quadratic on long lines: expanding 200 kB of arguments froze the
 * terminal. The rows fit the width, so Ink does not wrap them again.
 */
export function fastRows(text: string, width: number): string[] {
  // Every render lays out the prompt at several detail levels: wrap each text once.
  const hit = recent.find((entry) => entry.width === width && entry.text === text);
  if (hit) return hit.rows;
  const rows = wrapFast(text, width);
  recent.unshift({ text, width, rows });
  recent.length = Math.min(recent.length, 4);
  return rows;
}

const recent: { text: string; width: number; rows: string[] }[] = [];

function wrapFast(text: string, width: number): string[] {
  const max = Math.max(1, width);
  const rows: string[] = [];
  for (const source of text.split('\n')) {
    if (source.length <= max && /^[\x20-\x7e]*$/.test(source)) {
      rows.push(source);
      continue;
    }
    let row = '';
    let used = 0;
    let space = -1; // index in `row` just after its last space
    for (const char of source) {
      const w = charWidth(char);
      if (used + w > max && row !== '') {
        const cut = space > row.length / 2 ? space : row.length;
        rows.push(row.slice(0, cut));
        row = row.slice(cut);
        used = stringWidth(row);
        space = -1;
      }
      row += char;
      used += w;
      if (char === ' ') space = row.length;
    }
    rows.push(row);
  }
  return rows;
}

/** The first `maxRows` wrapped rows of a text, the last one ending in "…" when cut. */
export function clipRows(text: string, width: number, maxRows: number): string {
  const rows = wrappedRows(text, width);
  if (rows.length <= maxRows) return rows.join('\n'); // already wrapped: Ink keeps it as is
  const kept = rows.slice(0, Math.max(1, maxRows));
  const last = kept.length - 1;
  kept[last] = `${[...kept[last]!].slice(0, Math.max(0, width - 1)).join('')}…`;
  return kept.join('\n');
}

/**
 * Where a text breaks into rows of at most `width` columns: `[start, end)` ranges of the text
 * (UTF-16 indices), one per row. Words move whole to the next row, longer words are cut; the
 * spaces a row breaks at are left out, so a wrapped row never starts with a space (Ink's own
 * wrapper keeps them). A row of the text's own ("\n") keeps its leading spaces (indentation).
 * Linear in the text's length (Ink's wrapper is quadratic on long words).
 */
export function rowRanges(text: string, width: number): [number, number][] {
  const max = Math.max(1, width);
  const key = `${max}\u0000${text}`;
  const hit = ranges.get(key);
  if (hit) return hit;
  const out: [number, number][] = [];
  let from = 0;
  for (const source of text.split('\n')) {
    breakRow(source, from, max, out);
    from += source.length + 1;
  }
  if (ranges.size >= 1000) ranges.clear();
  if (text.length <= 4 * LONG) ranges.set(key, out);
  return out;
}

const ranges = new Map<string, [number, number][]>();

function breakRow(source: string, from: number, max: number, out: [number, number][]): void {
  if (source.length <= max && /^[\x20-\x7e]*$/.test(source)) {
    out.push([from, from + source.length]);
    return;
  }
  let start = 0; // where the current row starts in `source`
  let end = 0; // where its last word ends
  let spaced = 0; // where the spaces after that word end, while they fit
  let used = 0;
  let wrapped = false;
  const push = () => {
    out.push([from + start, from + end]);
    wrapped = true;
    used = 0;
  };
  let at = 0;
  for (const token of source.match(/ +|[^ ]+/g) ?? []) {
    const tokenAt = at;
    at += token.length;
    if (token[0] === ' ') {
      if (wrapped && used === 0) {
        // The spaces a row broke at: not shown at the start of the next one.
        start = end = spaced = at;
      } else if (used + token.length <= max) {
        used += token.length;
        spaced = at;
      } else {
        push();
        start = end = spaced = at;
      }
      continue;
    }
    const w = stringWidth(token);
    if (used + w <= max) {
      used += w;
      end = spaced = at;
      continue;
    }
    if (w <= max && end > start) {
      push();
      start = tokenAt;
      end = spaced = at;
      used = w;
      continue;
    }
    // A word longer than a row (or after only indentation): cut it, starting on this row.
    let index = tokenAt;
    for (const char of token) {
      const cw = charWidth(char);
      if (used + cw > max && used > 0) {
        end = Math.max(end, index);
        push();
        start = index;
      }
      index += char.length;
      used += cw;
      end = spaced = index;
    }
  }
  // The text's own trailing spaces stay (a blank row is " "), as long as they fit.
  end = Math.max(end, spaced);
  out.push([from + start, from + end]);
}

/**
 * A line wrapped at `width` (less its indent) by {@link rowRanges}: its spans cut at the row
 * breaks, with "\n" between rows, so Ink shows exactly these rows and {@link lineHeight} counts
 * exactly them.
 */
export function wrapLine(line: Line, width: number): Line {
  const { text, rows } = rangesOf(line, width);
  if (rows.length <= 1 && !text.includes('\n') && rows[0]?.[1] === text.length) return line;
  return { ...line, spans: spansOf(line.spans, rows) };
}

/**
 * A line's text and rows at a width, kept per line object: a layout measures and wraps the same
 * lines for each variant it tries, and 200 kB of arguments made that a full pass per variant.
 * Lines are never changed once made (a wrapped or cut line is a new object).
 */
const rangesByLine = new WeakMap<Line, { width: number; text: string; rows: [number, number][] }>();
function rangesOf(line: Line, width: number): { text: string; rows: [number, number][] } {
  const columns = width - (line.indent ?? 0);
  const held = rangesByLine.get(line);
  if (held?.width === columns) return held;
  const text = line.spans.map((span) => span.text).join('');
  const entry = { width: columns, text, rows: rowRanges(text, columns) };
  rangesByLine.set(line, entry);
  return entry;
}

/** Each wrapped row of a line as a line of its own (the gap as a blank row before them). */
export function rowLines(line: Line, width: number): Line[] {
  const { text, rows } = rangesOf(line, width);
  // One row already (each row of a long preview is a line of its own): the line as it is.
  if (!line.gap && rows.length === 1 && rows[0]![0] === 0 && rows[0]![1] === text.length)
    return [line];
  const out: Line[] = line.gap ? [{ key: `${line.key}~gap`, spans: [{ text: ' ' }] }] : [];
  rows.forEach((row, index) => {
    const spans = spansOf(line.spans, [row]);
    out.push({
      ...line,
      key: index === 0 ? line.key : `${line.key}~${index}`,
      spans: spans.length > 0 ? spans : [{ text: ' ' }],
      gap: false,
    });
  });
  return out;
}

/** The parts of `spans` inside `rows`, "\n" between rows, each part keeping its tone. */
function spansOf(spans: readonly Span[], rows: readonly [number, number][]): Span[] {
  const out: Span[] = [];
  rows.forEach(([start, end], index) => {
    if (index > 0) out.push({ text: '\n' });
    let at = 0;
    for (const span of spans) {
      const from = Math.max(start, at);
      const to = Math.min(end, at + span.text.length);
      if (to > from) {
        out.push({ ...span, text: span.text.slice(from - at, to - at) });
      }
      at += span.text.length;
    }
  });
  return out;
}

export function lineHeight(line: Line, width: number): number {
  return rangesOf(line, width).rows.length + (line.gap ? 1 : 0);
}

export function linesHeight(lines: readonly Line[], width: number): number {
  return lines.reduce((sum, line) => sum + lineHeight(line, width), 0);
}

export interface LinesProps {
  lines: readonly Line[];
  color: boolean;
  role?: ColorRole;
  /**
   * Columns for text: each line is drawn wrapped as {@link lineHeight} counts it. Without it,
   * Ink wraps (scrollback lines, which have no height budget).
   */
  width?: number;
}

/** Renders lines as Ink text: one box per line, so each reads as its own line in plain mode. */
export function Lines({ lines, color, role, width }: LinesProps) {
  const shown = width === undefined ? lines : lines.map((line) => wrapLine(line, width));
  return (
    <>
      {shown.map((line) => (
        <Box
          key={line.key}
          paddingLeft={line.indent ?? 0}
          marginTop={line.gap ? 1 : 0}
          flexShrink={0}
        >
          <Text>
            {line.spans.map((span, index) => (
              <Text key={index} {...toneStyle(span.tone ?? 'plain', color, role)}>
                {span.text}
              </Text>
            ))}
          </Text>
        </Box>
      ))}
    </>
  );
}
