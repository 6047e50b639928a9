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
