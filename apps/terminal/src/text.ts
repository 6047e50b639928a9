/**
 * Text that reaches the terminal. Everything a server sends (tool names, titles,
 * descriptions, results, error messages, its stderr) is untrusted: it goes through the
 * kit's one sanitizer, so no escape sequence, control, bidi or invisible character is
 * ever written raw. Column layout uses display width, so CJK text lines up.
 */
import stringWidth from 'string-width';
import { sanitizeText } from '@mcp-consent/prompt';

/** Longest result text shown, in UTF-16 code units (a tool may return megabytes). */
export const RESULT_LIMIT = 200_000;

/** One line of untrusted text, hidden characters shown as `\u{…}` codes, capped at `max`. */
export function clean(value: unknown, max = 300): string {
  return sanitizeText(value, { maxLength: max }).text;
}

/** Untrusted text that may span lines (results, long descriptions). */
export function cleanBlock(value: unknown, max = RESULT_LIMIT): string {
  return sanitizeText(value, { maxLength: max, multiline: true }).text;
}

/**
 * An error's message with the SDK's prefix once: an SDK 1.x server sends its error's message,
 * which already starts with "MCP error -32042: ", and the client's `McpError` adds it again.
 */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^(MCP error -?\d+: )(?:MCP error -?\d+: )+/, '$1');
}

/**
 * JSON for scripts, with every character a terminal could act on escaped as `\uXXXX`
 * (JSON.stringify already escapes C0 controls; this adds DEL, C1 controls, bidi,
 * zero-width, separators and tag characters). The result is still valid JSON.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F]/g,
    (char) => {
      let escaped = '';
      for (let i = 0; i < char.length; i += 1)
        escaped += `\\u${char.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`;
      return escaped;
    },
  );
}

/** Pads to a display width (wide characters count two columns). */
export function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** Cuts text to a display width, ending with "…" when it had to cut. */
export function fit(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  let out = '';
  for (const char of text) {
    if (stringWidth(out + char) > width - 1) break;
    out += char;
  }
  return `${out}…`;
}

/** A plain table: a header row and rows, columns separated by two spaces. Cells are already clean. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(stringWidth(header), ...rows.map((row) => stringWidth(row[column] ?? ''))),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : pad(cell, widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** The longest word `wrap` moves to the next line whole; a longer one is broken where it falls. */
export const SHORT_WORD = 24;

/**
 * Wraps one paragraph to `columns` display columns: the first line starts with `first`, the
 * others with `indent`. Breaks at spaces; a word wider than a line (a path, Japanese text
 * without spaces) is broken between characters.
 */
export function wrap(text: string, columns: number, indent: string, first = ''): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  const room = () => columns - stringWidth(line);
  const push = () => {
    lines.push(line.trimEnd());
    line = indent;
    empty = true;
  };
  for (const word of text.split(/ +/).filter(Boolean)) {
    const width = stringWidth(word);
    const gap = empty ? 0 : 1;
    if (width + gap <= room()) {
      line += (empty ? '' : ' ') + word;
      empty = false;
      continue;
    }
    // A short word moves to the next line; a long one (a path, a sentence without spaces)
    // fills this line first.
    if (!empty && width <= Math.min(SHORT_WORD, columns - stringWidth(indent))) {
      push();
      line += word;
      empty = false;
      continue;
    }
    if (!empty) line += ' ';
    for (const char of word) {
      if (stringWidth(char) > room() && !(empty && line === indent)) push();
      line += char;
      empty = false;
    }
  }
  if (!empty || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

/** A host message for `stream`: wrapped at spaces on a terminal, one line when redirected (for grep). */
export function messageFor(stream: NodeJS.WriteStream, message: string): string {
  const columns = stream.isTTY ? stream.columns : 0;
  if (columns <= 20) return message;
  return message
    .split('\n')
    .map((line) => wrap(line, columns, '  ').join('\n'))
    .join('\n');
}
