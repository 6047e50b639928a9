import type { Translator } from '@mcp-consent/i18n';
import type { RootsApi, RootsResult } from '@mcp-consent/prompt';
import type { Line, Span } from './lines.js';
import type { Tone } from './palette.js';
import { POINTER } from './permission-layout.js';
import { SEP } from './scroll.js';

const line = (key: string, spans: Span[], extra: Partial<Line> = {}): Line => ({
  key,
  spans: spans.filter((span) => span.text !== ''),
  ...extra,
});

/**
 * A server's `roots/list` as terminal lines: who asks, the host's roots numbered with a
 * checkbox each (the number toggles it), the grains as radio marks, and the two answers.
 * Marks are ASCII so they read the same with a screen reader and without colour.
 */
export function layoutRoots(api: RootsApi, options: { plain: boolean }): Line[] {
  const pointer = (focused: boolean) =>
    focused ? (options.plain ? POINTER.plain : POINTER.box) : ' ';
  const lines: Line[] = [];
  if (options.plain) lines.push(line('announcement', [{ text: api.announcement }]));
  lines.push(
    line('title', [{ text: api.title, tone: 'strong' }]),
    line('server', [{ text: `${api.server.from}${SEP}${api.server.trustLabel}` }]),
    ...api.notices.map((notice, index) =>
      line(`notice-${index}`, [{ text: `! ${notice.text}`, tone: 'notice' }]),
    ),
    line('intro', [{ text: api.intro }], { gap: true }),
  );
  if (api.empty !== null) lines.push(line('empty', [{ text: api.empty, tone: 'dim' }]));
  else {
    lines.push(line('list-heading', [{ text: api.listHeading, tone: 'strong' }], { gap: true }));
    for (const item of api.items) {
      const tone: Tone = item.focused ? 'focused' : 'plain';
      lines.push(
        line(`root-${item.index}`, [
          { text: `${pointer(item.focused)} ${item.number} ` },
          { text: item.checked ? '[x] ' : '[ ] ', tone },
          { text: item.name, tone: item.focused ? 'focused' : 'strong' },
        ]),
        line(`root-${item.index}-uri`, [{ text: item.uri, tone: 'dim' }], { indent: 8 }),
      );
    }
    lines.push(line('count', [{ text: api.count, tone: 'dim' }]));
  }
  lines.push(line('grains-heading', [{ text: api.grainsHeading, tone: 'strong' }], { gap: true }));
  for (const grain of api.grains) {
    lines.push(
      line(`grain-${grain.grain}`, [
        { text: `${pointer(grain.focused)} ` },
        { text: grain.selected ? '(*) ' : '( ) ' },
        { text: grain.label, tone: grain.focused ? 'focused' : 'plain' },
      ]),
    );
  }
  api.actions.forEach((action, index) => {
    lines.push(
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
  lines.push(
    line('key-hint', [
      api.guard.active
        ? { text: api.guard.text, tone: 'notice' }
        : { text: api.keyHint, tone: 'dim' },
    ]),
  );
  return lines;
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
