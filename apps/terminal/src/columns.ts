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
/** What breaking a word inside a cell costs, in table lines: worse than one more line. */
const BREAK_COST = 3;
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
  // Wrapping at spaces keeps each column as wide as its longest word and its header; only
  // when that cannot fit are words (and headers) broken, down to MIN_BROKEN columns.
  const wordFloor = natural.map((width, column) =>
    keep.includes(column)
      ? width
      : Math.max(
          stringWidth(headers[column] ?? ''),
          ...rows.map((row) => longestWord(row[column] ?? '')),
        ),
  );
  const sum = (values: readonly number[]) =>
    values.reduce((total, value) => total + value, 0) + GAP * (values.length - 1);
  const floor =
    sum(wordFloor) <= columns
      ? wordFloor
      : natural.map((width, column) =>
          keep.includes(column) ? width : Math.min(width, MIN_BROKEN),
        );
  // Each step narrows the column that costs the table the fewest lines (a broken word counts
  // as BREAK_COST lines; the widest column on a tie), so short cells stay on one line, long
  // ones take the wrapping, and a word is broken only when wrapping at spaces cannot do it.
  const sample = all.slice(0, SAMPLE_ROWS + 1);
  const memo = new Map<string, number>();
  const cellCost = (row: number, column: number, width: number) => {
    const cell = sample[row]![column] ?? '';
    if (width >= stringWidth(cell)) return { lines: 1, broken: 0 };
    const key = `${row}:${column}:${width}`;
    let lines = memo.get(key);
    if (lines === undefined) {
      lines = wrap(cell, width, '').length;
      memo.set(key, lines);
    }
    return { lines, broken: longestWord(cell) > width ? 1 : 0 };
  };
  const cost = () =>
    sample.reduce((total, _, row) => {
      const cells = widths.map((width, column) => cellCost(row, column, width));
      const broken = cells.reduce((count, cell) => count + cell.broken, 0);
      return total + Math.max(...cells.map((cell) => cell.lines)) + BREAK_COST * broken;
    }, 0);
  while (total() > columns) {
    let best = -1;
    let bestCost = Infinity;
    for (let column = 0; column < widths.length; column += 1) {
      if (widths[column]! <= floor[column]!) continue;
      widths[column] = widths[column]! - 1;
      const after = cost();
      widths[column] = widths[column]! + 1;
      if (after < bestCost || (after === bestCost && widths[column]! > widths[best]!)) {
        best = column;
        bestCost = after;
      }
    }
    if (best < 0) break;
    widths[best] = widths[best]! - 1;
  }
  if (total() > columns) return undefined;
  // The steps may leave a column wider than its wrapped lines: take that back, and give the
  // room to whichever column it saves lines in (or unbreaks a word).
  widths.forEach((width, column) => {
    if (width >= natural[column]!) return;
    const used = all.flatMap((row) => wrap(row[column] ?? '', width, ''));
    widths[column] = Math.max(1, ...used.map((line) => stringWidth(line)));
  });
  for (let room = columns - total(); room > 0; room -= 1) {
    const before = cost();
    let best = -1;
    let bestCost = before;
    for (let column = 0; column < widths.length; column += 1) {
      if (widths[column]! >= natural[column]!) continue;
      widths[column] = widths[column]! + 1;
      const after = cost();
      widths[column] = widths[column]! - 1;
      if (after < bestCost) {
        best = column;
        bestCost = after;
      }
    }
    if (best < 0) break;
    widths[best] = widths[best]! + 1;
  }
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
