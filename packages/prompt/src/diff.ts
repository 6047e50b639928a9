/** One run of a diff: text both versions share, or text only the new (`added`) or old (`removed`) has. */
export interface DiffSegment {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * Above this many table cells (old tokens × new tokens) the diff is not computed: the old
 * text is shown as removed and the new one as added. Keeps a hostile 2 MB schema cheap.
 */
export const DIFF_CELL_CAP = 250_000;

/** Words and the whitespace between them, so that joining the tokens gives the text back. */
export function wordTokens(text: string): string[] {
  return text.split(/(\s+)/).filter((token) => token !== '');
}

/** Lines, each with its line break, so that joining the tokens gives the text back. */
export function lineTokens(text: string): string[] {
  return text === '' ? [] : (text.match(/[^\n]*\n|[^\n]+$/g) ?? []);
}

/** A word diff (descriptions, titles). */
export function diffWords(before: string, after: string, cap = DIFF_CELL_CAP): DiffSegment[] {
  return diffTokens(wordTokens(before), wordTokens(after), cap);
}

/** A line diff (pretty JSON of schemas and annotations). */
export function diffLines(before: string, after: string, cap = DIFF_CELL_CAP): DiffSegment[] {
  return diffTokens(lineTokens(before), lineTokens(after), cap);
}

/**
 * The longest-common-subsequence diff of two token lists, as merged runs in reading order
 * (removed before added where both replace the same place). Pure.
 */
export function diffTokens(
  before: readonly string[],
  after: readonly string[],
  cap = DIFF_CELL_CAP,
): DiffSegment[] {
  // Shared head and tail cost nothing and shrink the table.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const out: DiffSegment[] = [];
  const push = (op: DiffSegment['op'], text: string) => {
    if (text === '') return;
    const last = out[out.length - 1];
    if (last?.op === op) last.text += text;
    else out.push({ op, text });
  };
  push('same', before.slice(0, head).join(''));
  if ((a.length + 1) * (b.length + 1) > cap) {
    push('removed', a.join(''));
    push('added', b.join(''));
  } else {
    for (const [op, token] of lcsOps(a, b)) push(op, token);
  }
  push('same', before.slice(before.length - tail).join(''));
  return out;
}

/** Walks an LCS length table; within a changed stretch, removals come before additions. */
function lcsOps(a: readonly string[], b: readonly string[]): [DiffSegment['op'], string][] {
  const width = b.length + 1;
  // lengths[i * width + j]: LCS length of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const ops: [DiffSegment['op'], string][] = [];
  const added: string[] = [];
  const flush = () => {
    for (const token of added.splice(0)) ops.push(['added', token]);
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      ops.push(['same', a[i]!]);
      i++;
      j++;
    } else if (
      j < b.length &&
      (i === a.length || lengths[i * width + j + 1]! >= lengths[(i + 1) * width + j]!)
    ) {
      added.push(b[j]!);
      j++;
    } else {
      ops.push(['removed', a[i]!]);
      i++;
    }
  }
  flush();
  return ops;
}
