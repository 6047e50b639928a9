import type { MarkdownBlock, MarkdownRun } from '@mcp-consent/prompt';
import { fastRows, type Span } from './lines.js';
import type { Tone } from './palette.js';

/** How each kind of run looks in a terminal: bold, italic, inverse; a link is plain text. */
const RUN_TONE: Readonly<Record<MarkdownRun['kind'], Tone>> = {
  text: 'plain',
  link: 'plain',
  strong: 'strong',
  emphasis: 'emphasis',
  code: 'code',
};

/**
 * The message's markdown blocks as terminal rows of styled spans, wrapped at `width` exactly
 * as `fastRows` wraps the plain text (so long messages stay linear and scroll by row). A list
 * item starts with its marker; every span is text for Ink's `<Text>`, never escape codes.
 */
export function messageRows(blocks: readonly MarkdownBlock[], width: number): Span[][] {
  const out: Span[][] = [];
  for (const block of blocks) {
    const segments: Span[] = block.runs.map((run) => ({
      text: run.text,
      tone: RUN_TONE[run.kind],
    }));
    if (block.kind === 'item') segments.unshift({ text: `${block.marker} `, tone: 'plain' });
    const text = segments.map((segment) => segment.text).join('');
    const cursor = { segment: 0, at: 0 };
    for (const [index, row] of fastRows(text, width).entries()) {
      // The wrapper splits at "\n" and drops it: skip it here too.
      if (index > 0 && charAt(segments, cursor) === '\n') take(segments, cursor, 1);
      out.push(take(segments, cursor, row.length));
    }
  }
  return out;
}

function charAt(segments: readonly Span[], cursor: { segment: number; at: number }): string {
  let { segment, at } = cursor;
  while (segment < segments.length && at >= segments[segment]!.text.length) {
    segment += 1;
    at = 0;
  }
  return segments[segment]?.text[at] ?? '';
}

/** The next `count` UTF-16 units as spans, keeping each segment's tone. */
function take(
  segments: readonly Span[],
  cursor: { segment: number; at: number },
  count: number,
): Span[] {
  const spans: Span[] = [];
  let left = count;
  while (left > 0 && cursor.segment < segments.length) {
    const segment = segments[cursor.segment]!;
    const piece = segment.text.slice(cursor.at, cursor.at + left);
    if (piece !== '') spans.push({ text: piece, tone: segment.tone ?? 'plain' });
    left -= piece.length;
    cursor.at += piece.length;
    if (cursor.at >= segment.text.length) {
      cursor.segment += 1;
      cursor.at = 0;
    }
  }
  return spans;
}
