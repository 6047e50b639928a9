import type { Translator } from '@mcp-consent/i18n';
import { fastRows, linesHeight, type Line, type Span } from './lines.js';

/** Separates parts that share a line. A glyph, not copy. */
export const SEP = ' · ';
/** The show-more key and its glyph: `+` expands a preview, `-` collapses it. */
export const EXPAND_KEYS = { expand: ['+', '='], collapse: ['-', '_'] } as const;
/** Glyphs of a "more lines" row (not copy; the counts and key names come from the catalog). */
export const MORE = { above: '↑', below: '↓' } as const;

/**
 * "↑ 3 more lines · ↓ 12 more lines · [PgUp/PgDn]": the rows out of view of a window and the
 * keys that show them, the counts and the key names from the catalog (a German keyboard says
 * Bild↑/Bild↓); without `pageKeys`, the counts alone. '' when nothing is out of view.
 */
export function moreLinesText(
  t: Translator,
  above: number,
  below: number,
  /** PageUp/PageDown move this window. @default true */
  pageKeys = true,
): string {
  const count = (n: number) => t.t('mcp.permission.args.more_lines', { count: n });
  const parts: string[] = [];
  if (above > 0) parts.push(`${MORE.above} ${count(above)}`);
  if (below > 0) parts.push(`${MORE.below} ${count(below)}`);
  const keys = [
    above > 0 ? t.t('mcp.permission.args.key.page_up') : '',
    below > 0 ? t.t('mcp.permission.args.key.page_down') : '',
  ]
    .filter(Boolean)
    .join('/');
  if (keys !== '' && pageKeys) parts.push(`[${keys}]`);
  return parts.join(SEP);
}

/** The fewest rows a preview gets, however short the terminal. */
export const MIN_PREVIEW_ROWS = 3;

/** What the permission model's `args` and the dry-run model's `preview` have in common. */
export interface PreviewView {
  text: string;
  expanded: boolean;
  toggleLabel: string | null;
  moreText: string | null;
  redactedText: string | null;
}

/**
 * Rows a preview block takes besides its text and its "more" line: the redaction note. The
 * `room` given to {@link previewBlock} holds the text and the "more" line.
 */
export const previewFooterRows = (view: PreviewView) => (view.redactedText === null ? 0 : 1);

/**
 * A preview (JSON arguments) in a window of `room` rows starting at `offset` (the rows and
 * the "more · [+] Show more" line under them), pre-wrapped so Ink does not wrap it again,
 * followed by how much is hidden and the keys that show it: rows out of the window as
 * "↑ 2 more lines · ↓ 5 more lines · [PgUp/PgDn]" (else what the model cut), then the
 * show-more key. A row that fits where "1 more line" would go is shown instead.
 */
export function previewBlock(
  key: string,
  view: PreviewView,
  options: { t: Translator; width: number; room: number | undefined; offset: number },
): { lines: Line[]; shown: number; rows: number } {
  const rows = fastRows(view.text, options.width - 2);
  const glyph = view.expanded ? EXPAND_KEYS.collapse[0] : EXPAND_KEYS.expand[0];
  const toggle = view.toggleLabel === null ? '' : `[${glyph}] ${view.toggleLabel}`;
  const footer = view.moreText !== null || toggle !== '' ? 1 : 0;
  const space = options.room === undefined ? Infinity : Math.max(MIN_PREVIEW_ROWS, options.room);
  const room = rows.length + footer <= space ? rows.length : Math.max(1, space - 1);
  const offset = Math.min(Math.max(0, options.offset), Math.max(0, rows.length - room));
  const shown = rows.slice(offset, offset + room);
  const below = rows.length - offset - shown.length;
  const lines: Line[] = shown.map((text, index) => ({
    key: `${key}-${index}`,
    spans: [{ text: text === '' ? ' ' : text }],
    indent: 2,
  }));
  // Rows out of the window say which key brings them (PgDn was only in the scrolled layout).
  const more = offset > 0 || below > 0 ? moreLinesText(options.t, offset, below) : view.moreText;
  if (more !== null || toggle !== '') {
    lines.push({
      key: `${key}-more`,
      spans: (
        [
          { text: more ?? '', tone: 'dim' },
          { text: more !== null && toggle !== '' ? SEP : '', tone: 'dim' },
          { text: toggle, tone: 'strong' },
        ] satisfies Span[]
      ).filter((span) => span.text !== ''),
      indent: 2,
    });
  }
  if (view.redactedText !== null) {
    lines.push({
      key: `${key}-redacted`,
      spans: [{ text: view.redactedText, tone: 'dim' }],
      indent: 2,
    });
  }
  return { lines, shown: shown.length, rows: rows.length };
}

/**
 * A preview in the rows its layout leaves it: `rows` less what the parts around it and its
 * redaction note take (no bound when `rows` is undefined).
 */
export function previewBetween(
  key: string,
  view: PreviewView,
  around: readonly (readonly Line[])[],
  options: { t: Translator; width: number; rows: number | undefined; offset: number },
): ReturnType<typeof previewBlock> {
  const { t, width, rows, offset } = options;
  const taken =
    around.reduce((sum, part) => sum + linesHeight(part, width), 0) + previewFooterRows(view);
  return previewBlock(key, view, {
    t,
    width,
    room: rows === undefined ? undefined : rows - taken,
    offset,
  });
}

/** Applies `+`, `-`, PageDown and PageUp to a preview; false for any other key. */
export function previewKey(
  name: string,
  page: number,
  toggle: (expanded: boolean) => void,
  setOffset: (update: (offset: number) => number) => void,
): boolean {
  if ((EXPAND_KEYS.expand as readonly string[]).includes(name)) toggle(true);
  else if ((EXPAND_KEYS.collapse as readonly string[]).includes(name)) {
    toggle(false);
    setOffset(() => 0);
  } else if (name === 'PageDown') setOffset((offset) => offset + Math.max(1, page));
  else if (name === 'PageUp') setOffset((offset) => Math.max(0, offset - Math.max(1, page)));
  else return false;
  return true;
}
