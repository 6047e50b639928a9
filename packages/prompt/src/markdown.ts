/**
 * A safe markdown subset for server text (an elicitation or dry-run message): paragraphs,
 * bullet and numbered list items and fenced code blocks, made of flat inline runs (plain,
 * emphasis, strong, code, link). Pure and bounded: input is capped, runs never nest (no
 * nesting to bomb), closers are searched within one line and a short window, so the work
 * is linear in the input. Nothing here is markup: renderers draw every run as a text node
 * (web) or `<Text>` (Ink). Raw HTML stays literal text. A link is never clickable: it keeps
 * its text and the REAL host of its target (`checkUrl`), or no host when it has none.
 *
 * Parse text that is already cleaned (the prompt model's `TextCleaner`), never raw input.
 */
import { checkUrl } from './url-check.js';

/** One inline run. `text` is what is shown; a link also carries the real host of its target. */
export type MarkdownRun =
  | { kind: 'text' | 'emphasis' | 'strong' | 'code'; text: string }
  /** `host` is `null` for a target that is not an http(s) URL (`javascript:`, relative…). */
  | { kind: 'link'; text: string; host: string | null };

/** One block: a paragraph (lines joined with "\n"), a list item with its marker, or code. */
export type MarkdownBlock =
  | { kind: 'paragraph'; runs: MarkdownRun[] }
  /** `marker` is "•" for bullets, the item's own number ("3.") for numbered lists. */
  | { kind: 'item'; marker: string; runs: MarkdownRun[] }
  /** A fenced code block, shown as it is (monospace), never parsed for inline markers. */
  | { kind: 'code'; runs: [{ kind: 'code'; text: string }] };

/** Past these the rest is one plain paragraph (or dropped), so hostile input stays cheap. */
export const MARKDOWN_LIMITS = { input: 8000, blocks: 200, runs: 400, window: 500 } as const;

const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})([.)])\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;
const FENCE = /^\s{0,3}```/;
/** Characters a backslash makes literal (not `\`: the cleaner writes hidden characters as `\u{…}`). */
const ESCAPABLE = new Set([...'*_`[]()#+-.!>']);

/**
 * Parses cleaned server text into blocks of inline runs. Input past
 * `MARKDOWN_LIMITS.input` characters is cut (the caller shows its own truncation mark).
 */
export function parseMarkdown(text: string): MarkdownBlock[] {
  const lines = text.slice(0, MARKDOWN_LIMITS.input).split('\n');
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0)
      blocks.push({ kind: 'paragraph', runs: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    if (blocks.length >= MARKDOWN_LIMITS.blocks) {
      // Too many blocks: the rest is shown as it is, in one paragraph.
      paragraph.push(...lines.slice(i));
      break;
    }
    const line = lines[i]!;
    if (FENCE.test(line)) {
      flush();
      const end = lines.findIndex((next, at) => at > i && FENCE.test(next));
      const stop = end === -1 ? lines.length : end;
      blocks.push({
        kind: 'code',
        runs: [{ kind: 'code', text: lines.slice(i + 1, stop).join('\n') }],
      });
      i = stop;
      continue;
    }
    const item = listItem(line);
    if (item) {
      flush();
      blocks.push({ kind: 'item', marker: item.marker, runs: parseInline(item.text) });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'paragraph', runs: [{ kind: 'strong', text: heading[1]! }] });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

function listItem(line: string): { marker: string; text: string } | null {
  const bullet = BULLET.exec(line);
  if (bullet) return { marker: '•', text: bullet[1]! };
  const numbered = NUMBERED.exec(line);
  return numbered ? { marker: `${numbered[1]}${numbered[2]}`, text: numbered[3]! } : null;
}

/** The runs of one block's text, adjacent plain runs merged. */
export function parseInline(text: string): MarkdownRun[] {
  const runs: MarkdownRun[] = [];
  let plain = '';
  const push = (run: MarkdownRun) => {
    if (plain !== '') runs.push({ kind: 'text', text: plain });
    plain = '';
    runs.push(run);
  };
  let i = 0;
  while (i < text.length) {
    if (runs.length >= MARKDOWN_LIMITS.runs) {
      plain += text.slice(i);
      break;
    }
    const ch = text[i]!;
    if (ch === '\\' && ESCAPABLE.has(text[i + 1] ?? '')) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    const found = inlineAt(text, i);
    if (found) {
      push(found.run);
      i = found.next;
      continue;
    }
    plain += ch;
    i += 1;
  }
  if (plain !== '') runs.push({ kind: 'text', text: plain });
  return runs;
}

type Found = { run: MarkdownRun; next: number } | null;

/** The run that starts at `i`, if a marker opens there and closes within the window. */
function inlineAt(text: string, i: number): Found {
  const ch = text[i]!;
  if (ch === '`') return delimited(text, i, '`', 'code');
  if (ch === '[') return link(text, i);
  if (ch !== '*' && ch !== '_') return null;
  // `_` only at a word start, so snake_case names stay as they are.
  if (ch === '_' && i > 0 && /[\p{L}\p{N}]/u.test(text[i - 1]!)) return null;
  if (text[i + 1] === ch) return delimited(text, i, ch + ch, 'strong');
  return delimited(text, i, ch, 'emphasis');
}

/** `marker…marker` on one line within the window, not empty and not starting with a space. */
function delimited(
  text: string,
  i: number,
  marker: string,
  kind: 'code' | 'strong' | 'emphasis',
): Found {
  const start = i + marker.length;
  const end = closer(text, start, marker);
  if (end === -1 || end === start) return null;
  // Nor does `_` close inside a word (MCP_DRY_RUN stays as it is).
  if (marker[0] === '_' && /[\p{L}\p{N}]/u.test(text[end + marker.length] ?? '')) return null;
  const inner = text.slice(start, end);
  if (kind !== 'code' && (/^\s/.test(inner) || /\s$/.test(inner))) return null;
  // Markers inside a run are shown as they are: runs never nest.
  return { run: { kind, text: inner }, next: end + marker.length };
}

/** `[text](target)`: the text, and the host of the target when it is an http(s) URL. */
function link(text: string, i: number): Found {
  const close = closer(text, i + 1, '](');
  if (close === -1) return null;
  const end = closer(text, close + 2, ')');
  if (end === -1) return null;
  const label = text.slice(i + 1, close);
  if (label.trim() === '' || label.includes('[')) return null;
  const target =
    text
      .slice(close + 2, end)
      .trim()
      .split(/\s+/)[0] ?? '';
  const check = checkUrl(target);
  return {
    run: { kind: 'link', text: label, host: check.valid ? check.host : null },
    next: end + 1,
  };
}

/** Where `marker` next occurs on this line, within the window; -1 when it does not. */
function closer(text: string, from: number, marker: string): number {
  const limit = Math.min(text.length, from + MARKDOWN_LIMITS.window);
  const at = text.indexOf(marker, from);
  if (at === -1 || at + marker.length > limit) return -1;
  const newline = text.indexOf('\n', from);
  return newline !== -1 && newline < at ? -1 : at;
}

/** The blocks as plain text (announcements, terminals without styles): link hosts included. */
export function markdownText(blocks: readonly MarkdownBlock[]): string {
  return blocks
    .map((block) => {
      const text = block.runs
        .map((run) => (run.kind === 'link' && run.host ? `${run.text} (${run.host})` : run.text))
        .join('');
      return block.kind === 'item' ? `${block.marker} ${text}` : text;
    })
    .join('\n');
}
