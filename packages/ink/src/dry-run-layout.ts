import type { Translator } from '@mcp-consent/i18n';
import type { DryRunAnswer, DryRunApi, MarkdownRun } from '@mcp-consent/prompt';
import { fitParts } from './fit.js';
import { clipRows, linesHeight, wrapLine, type Line, type Span } from './lines.js';
import type { Tone } from './palette.js';
import { POINTER } from './permission-layout.js';
import { previewBetween, previewBlock, SEP } from './scroll.js';

export interface DryRunLayoutOptions {
  t: Translator;
  width: number;
  rows: number | undefined;
  plain: boolean;
  previewOffset: number;
}

const line = (key: string, spans: Span[], extra: Partial<Line> = {}): Line => ({
  key,
  spans: spans.filter((span) => span.text !== ''),
  ...extra,
});

/** How much of a dry run's own text is kept: all of it with blank lines, or cut short. */
interface Level {
  gaps: boolean;
  /** Rows the kit's intro and operator notice and each block of the server's note keep. */
  clip: number;
}
const LEVELS: readonly Level[] = [
  { gaps: true, clip: Infinity },
  { gaps: false, clip: Infinity },
  { gaps: false, clip: 3 },
  { gaps: false, clip: 2 },
];

/**
 * A two-key dry run (seed 001) as terminal lines; the preview gets the rows that are left.
 * In a short terminal the blank lines go, then long texts are cut; when even that is too
 * tall, the step, the title, the server, the risk, the intro and the preview heading stay
 * above, the operator notice and the answers below, and the server's words between them —
 * the preview and its note — scroll with PageUp/PageDown, so the frame is always shorter
 * than `rows`.
 */
export function layoutDryRun(api: DryRunApi, options: DryRunLayoutOptions) {
  const { t, width, rows } = options;
  for (const level of LEVELS) {
    const { head, note, tail } = partsAt(api, options, level);
    const preview = previewBetween('preview', api.preview, [head, note, tail], {
      t,
      width,
      rows,
      offset: options.previewOffset,
    });
    const shown = preview.lines.map((entry) => wrapLine(entry, width));
    const lines = [...head, ...shown, ...note, ...tail];
    const height = linesHeight(lines, width);
    if (rows === undefined || height <= rows) {
      return { lines, previewShown: preview.shown, height };
    }
  }
  // Nothing fits: the server's preview and note scroll between the kit's own lines.
  const variants = [LEVELS[2]!, LEVELS[3]!, { gaps: false, clip: 1 }].map((level) => {
    const { head, tail, note } = partsAt(api, options, level);
    const preview = previewBlock('preview', api.preview, {
      t,
      width,
      room: undefined,
      offset: 0,
    });
    return { top: head, body: [...preview.lines, ...note], bottom: tail };
  });
  const fitted = fitParts(variants, { t, width, rows: rows!, offset: options.previewOffset });
  return { lines: fitted.lines, previewShown: fitted.shown, height: fitted.height };
}

/** The dry run's lines at one level, wrapped: above the preview, the server's note, below. */
function partsAt(api: DryRunApi, options: DryRunLayoutOptions, level: Level) {
  const { width, plain } = options;
  const cut = (text: string, indent = 0) =>
    level.clip === Infinity ? text : clipRows(text, width - indent, level.clip);
  const head: Line[] = [];
  if (plain) head.push(line('announcement', [{ text: api.announcement }]));
  head.push(
    line('step', [{ text: api.step.text, tone: 'dim' }]),
    line('title', [{ text: api.title, tone: 'strong' }]),
    line('server', [{ text: cut(`${api.server.from}${SEP}${api.server.trustLabel}`) }]),
  );
  if (api.risk !== null) head.push(line('risk', [{ text: api.risk.label, tone: 'risk' }]));
  head.push(
    ...api.notices.map((notice, index) =>
      line(`notice-${index}`, [{ text: cut(`! ${notice.text}`), tone: 'notice' }]),
    ),
    line('tool', [{ text: api.tool.name, tone: 'strong' }], { gap: level.gaps }),
    line('intro', [{ text: cut(api.intro) }]),
    line('preview-heading', [{ text: api.preview.heading }], { gap: level.gaps }),
  );
  const note = fromServerLines(api, level);
  const tail: Line[] = [
    line('operator', [{ text: cut(api.operatorNotice), tone: 'dim' }], { gap: level.gaps }),
  ];
  api.actions.forEach((action, index) => {
    const pointer = action.focused ? (plain ? POINTER.plain : POINTER.box) : ' ';
    const tone: Tone = action.focused ? 'focused' : 'strong';
    tail.push(
      line(`action-${action.answer}`, [{ text: `${pointer} ` }, { text: action.label, tone }], {
        gap: level.gaps && index === 0,
      }),
    );
  });
  tail.push(
    line('key-hint', [
      api.guard.active
        ? { text: api.guard.text, tone: 'notice' }
        : { text: api.keyHint, tone: 'dim' },
    ]),
  );
  const wrap = (lines: Line[]) => lines.map((entry) => wrapLine(entry, width));
  return { head: wrap(head), note: wrap(note), tail: wrap(tail) };
}

const runSpan = (run: MarkdownRun): Span => {
  if (run.kind === 'link') return { text: run.host ? `${run.text} (${run.host})` : run.text };
  return {
    text: run.text,
    ...(run.kind === 'strong'
      ? { tone: 'strong' }
      : run.kind === 'code'
        ? { tone: 'highlight' }
        : {}),
  };
};

/**
 * The server's own note, quoted in a "From the server" block under the kit's label saying it
 * is the server's note to its operator: never shown as the kit's instruction.
 */
function fromServerLines(api: DryRunApi, level: Level): Line[] {
  const { hint } = api;
  if (hint === null) return [];
  return [
    line('from-server', [{ text: hint.heading, tone: 'strong' }], { gap: level.gaps }),
    line('hint-label', [{ text: hint.label, tone: 'dim' }]),
    ...hint.blocks.map((block, index) =>
      line(
        `hint-${index}`,
        [
          { text: '│ ', tone: 'dim' },
          ...(block.kind === 'item' ? [{ text: `${block.marker} ` }] : []),
          ...block.runs.map(runSpan),
        ],
        { indent: 2 },
      ),
    ),
  ];
}

/** The scrollback line of an answered dry run. */
export function dryRunSummary(api: DryRunApi, t: Translator, answer: DryRunAnswer | null): Span[] {
  const label = api.actions.find((action) => action.answer === answer)?.label;
  return [
    { text: api.tool.displayName, tone: 'strong' },
    { text: `${SEP}${api.server.name}${SEP}` },
    label === undefined
      ? { text: t.t('mcp.permission.notice.settled_elsewhere'), tone: 'dim' }
      : { text: label, tone: 'strong' },
  ];
}
