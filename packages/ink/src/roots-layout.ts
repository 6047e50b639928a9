import type { Translator } from '@mcp-consent/i18n';
import type { RootsApi, RootsResult } from '@mcp-consent/prompt';
import { linesHeight, type Line, type Span } from './lines.js';
import type { Tone } from './palette.js';
import { POINTER } from './permission-layout.js';
import { SEP } from './scroll.js';

const line = (key: string, spans: Span[], extra: Partial<Line> = {}): Line => ({
  key,
  spans: spans.filter((span) => span.text !== ''),
  ...extra,
});

export interface RootsLayoutOptions {
  plain: boolean;
  /** Columns for text. */
  width: number;
  /** Rows for the whole prompt; `undefined`: no limit (the list is shown whole). */
  rows: number | undefined;
}

/**
 * A server's `roots/list` as terminal lines: who asks, the host's roots numbered with a
 * checkbox each (the number toggles it), the grains as radio marks, and the two answers.
 * Marks are ASCII so they read the same with a screen reader and without colour. When the
 * roots do not fit, the list scrolls with the focus (↑/↓ mark what is above and below), so
 * the title and the answers always stay on screen.
 */
export function layoutRoots(api: RootsApi, options: RootsLayoutOptions): Line[] {
  const { plain, width } = options;
  const pointer = (focused: boolean) => (focused ? (plain ? POINTER.plain : POINTER.box) : ' ');
  const head: Line[] = [];
  if (plain) head.push(line('announcement', [{ text: api.announcement }]));
  head.push(
    line('title', [{ text: api.title, tone: 'strong' }]),
    line('server', [{ text: `${api.server.from}${SEP}${api.server.trustLabel}` }]),
    ...api.notices.map((notice, index) =>
      line(`notice-${index}`, [{ text: `! ${notice.text}`, tone: 'notice' }]),
    ),
    line('intro', [{ text: api.intro }], { gap: true }),
  );
  if (api.empty !== null) head.push(line('empty', [{ text: api.empty, tone: 'dim' }]));
  else head.push(line('list-heading', [{ text: api.listHeading, tone: 'strong' }], { gap: true }));
  // A URI longer than two rows is cut in the terminal (the host gave it; the name says which).
  const cut = (text: string) =>
    text.length > width * 2 ? `${text.slice(0, Math.max(1, width * 2 - 1))}…` : text;
  const items = api.items.map((item) => {
    const tone: Tone = item.focused ? 'focused' : 'plain';
    return [
      line(`root-${item.index}`, [
        { text: `${pointer(item.focused)} ${item.number} ` },
        { text: item.checked ? '[x] ' : '[ ] ', tone },
        { text: item.name, tone: item.focused ? 'focused' : 'strong' },
      ]),
      line(`root-${item.index}-uri`, [{ text: cut(item.uri), tone: 'dim' }], { indent: 8 }),
    ];
  });
  const tail: Line[] = [];
  if (api.empty === null) tail.push(line('count', [{ text: api.count, tone: 'dim' }]));
  tail.push(line('grains-heading', [{ text: api.grainsHeading, tone: 'strong' }], { gap: true }));
  for (const grain of api.grains) {
    tail.push(
      line(`grain-${grain.grain}`, [
        { text: `${pointer(grain.focused)} ` },
        { text: grain.selected ? '(*) ' : '( ) ' },
        { text: grain.label, tone: grain.focused ? 'focused' : 'plain' },
      ]),
    );
  }
  api.actions.forEach((action, index) => {
    tail.push(
      line(
        `action-${action.answer}`,
        [
          { text: `${pointer(action.focused)} ` },
          { text: action.label, tone: action.focused ? 'focused' : 'strong' },
        ],
        { gap: index === 0 },
      ),
    );
  });
  tail.push(
    line('key-hint', [
      api.guard.active
        ? { text: api.guard.text, tone: 'notice' }
        : { text: api.keyHint, tone: 'dim' },
    ]),
  );
  const room =
    options.rows === undefined
      ? Infinity
      : options.rows - linesHeight(head, width) - linesHeight(tail, width);
  return [...head, ...visibleItems(api, items, room, width), ...tail];
}

/** The roots that fit in `room` rows, around the focused one, with ↑/↓ for the rest. */
function visibleItems(api: RootsApi, items: Line[][], room: number, width: number): Line[] {
  const heights = items.map((lines) => linesHeight(lines, width));
  if (heights.reduce((sum, h) => sum + h, 0) <= room) return items.flat();
  const focused = api.items.findIndex((item) => item.focused);
  let first = Math.max(0, focused);
  let last = first;
  // Two rows for the marks; the focused root is shown even when it alone is too tall.
  let used = heights[first]! + 2;
  while (true) {
    if (last + 1 < items.length && used + heights[last + 1]! <= room) used += heights[++last]!;
    else if (first > 0 && used + heights[first - 1]! <= room) used += heights[--first]!;
    else break;
  }
  const mark = (key: string, text: string): Line =>
    line(key, [{ text, tone: 'dim' }], { indent: 2 });
  return [
    mark('roots-above', first > 0 ? `↑ ${first}` : ''),
    ...items.slice(first, last + 1).flat(),
    mark('roots-below', last < items.length - 1 ? `↓ ${items.length - 1 - last}` : ''),
  ];
}

/** The scrollback line of a settled roots request: how many roots the server got, or nothing. */
export function rootsSummary(api: RootsApi, t: Translator, result: RootsResult | null): Span[] {
  if (result === null)
    return [
      { text: `${api.server.name}${SEP}` },
      { text: t.t('mcp.permission.notice.settled_elsewhere'), tone: 'dim' },
    ];
  const count = result.uris.length;
  return [
    count === 0
      ? { text: t.t('mcp.roots.history.none', { server: api.server.name }), tone: 'strong' }
      : {
          text: t.t('mcp.roots.history.shared', {
            server: api.server.name,
            count,
            total: api.items.length,
          }),
          tone: 'strong',
        },
  ];
}
