/**
 * A table that fits the terminal's width: columns keep their natural width when there is
 * room, else some wrap their text onto more lines (at spaces first, then inside long words),
 * chosen to keep the table short, so a row never runs past the right edge. Widths are
 * display widths.
 */
import stringWidth from 'string-width';
import { pad, wrap } from './text.js';

/** Columns between cells. */
const GAP = 2;
/** Narrowest a column gets by breaking inside its words. */
const MIN_BROKEN = 10;
/** Rows looked at to choose the widths (a long history is laid out like its first rows). */
const SAMPLE_ROWS = 100;

const longestWord = (text: string) =>
  Math.max(0, ...text.split(/ +/).map((word) => stringWidth(word)));

/**
 * The lines of the table in at most `columns` display columns, or undefined when even
 * wrapped it cannot fit (the caller stacks each row instead). Cells are already clean;
 * `keep` lists columns that never wrap (short ids). `columns` may be `Infinity`.
 */
export function fitTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  columns: number,
  keep: readonly number[] = [],
): string[] | undefined {
  const all = [headers, ...rows];
  const natural = headers.map((_, column) =>
    Math.max(...all.map((row) => stringWidth(row[column] ?? ''))),
  );
  const widths = [...natural];
  const total = () => widths.reduce((sum, width) => sum + width, 0) + GAP * (widths.length - 1);
  // First wrap cells at spaces (no column narrower than its longest word or its header),
  // then break words and headers.
  const floors = [
    natural.map((width, column) =>
      keep.includes(column)
        ? width
        : Math.max(
            stringWidth(headers[column] ?? ''),
            ...rows.map((row) => longestWord(row[column] ?? '')),
          ),
    ),
    natural.map((width, column) => (keep.includes(column) ? width : Math.min(width, MIN_BROKEN))),
  ];
  // Each step narrows the column that adds the fewest lines to the table (the widest on a
  // tie), so short cells stay on one line and long ones take the wrapping.
  const sample = all.slice(0, SAMPLE_ROWS + 1);
  const cellLines = new Map<string, number>();
  const linesOf = (row: number, column: number, width: number) => {
    const cell = sample[row]![column] ?? '';
    if (width >= stringWidth(cell)) return 1;
    const key = `${row}:${column}:${width}`;
    let count = cellLines.get(key);
    if (count === undefined) {
      count = wrap(cell, width, '').length;
      cellLines.set(key, count);
    }
    return count;
  };
  const height = () =>
    sample.reduce(
      (sum, _, row) =>
        sum + Math.max(...widths.map((width, column) => linesOf(row, column, width))),
      0,
    );
  for (const floor of floors) {
    while (total() > columns) {
      let best = -1;
      let bestHeight = Infinity;
      for (let column = 0; column < widths.length; column += 1) {
        if (widths[column]! <= floor[column]!) continue;
        widths[column] = widths[column]! - 1;
        const tall = height();
        widths[column] = widths[column]! + 1;
        if (tall < bestHeight || (tall === bestHeight && widths[column]! > widths[best]!)) {
          best = column;
          bestHeight = tall;
        }
      }
      if (best < 0) break;
      widths[best] = widths[best]! - 1;
    }
  }
  if (total() > columns) return undefined;
  return all.flatMap((row) => {
    const cells = widths.map((width, column) =>
      width >= (natural[column] ?? 0) ? [row[column] ?? ''] : wrap(row[column] ?? '', width, ''),
    );
    const height = Math.max(...cells.map((lines) => lines.length));
    return Array.from({ length: height }, (_, line) =>
      cells
        .map((lines, column) =>
          column === cells.length - 1
            ? (lines[line] ?? '')
            : pad(lines[line] ?? '', widths[column]!),
        )
        .join(' '.repeat(GAP))
        .trimEnd(),
    );
  });
}
