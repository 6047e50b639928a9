import type { Translator } from '@mcp-consent/i18n';
import type { DryRunAnswer, DryRunApi, MarkdownRun } from '@mcp-consent/prompt';
import { linesHeight, type Line, type Span } from './lines.js';
import type { Tone } from './palette.js';
import { POINTER } from './permission-layout.js';
import { previewBlock, previewFooterRows, SEP } from './scroll.js';

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

/** A two-key dry run (seed 001) as terminal lines; the preview gets the rows that are left. */
export function layoutDryRun(api: DryRunApi, options: DryRunLayoutOptions) {
  const { t, width, plain } = options;
  const head: Line[] = [];
  if (plain) head.push(line('announcement', [{ text: api.announcement }]));
  head.push(
    line('step', [{ text: api.step.text, tone: 'dim' }]),
    line('title', [{ text: api.title, tone: 'strong' }]),
    line('server', [{ text: `${api.server.from}${SEP}${api.server.trustLabel}` }]),
  );
  if (api.risk !== null) head.push(line('risk', [{ text: api.risk.label, tone: 'risk' }]));
  head.push(
    ...api.notices.map((notice, index) =>
      line(`notice-${index}`, [{ text: `! ${notice.text}`, tone: 'notice' }]),
    ),
    line('tool', [{ text: api.tool.name, tone: 'strong' }], { gap: true }),
    line('intro', [{ text: api.intro }]),
    line('preview-heading', [{ text: api.preview.heading }], { gap: true }),
  );
  const tail: Line[] = [...fromServerLines(api)];
  tail.push(line('operator', [{ text: api.operatorNotice, tone: 'dim' }], { gap: true }));
  api.actions.forEach((action, index) => {
    const pointer = action.focused ? (plain ? POINTER.plain : POINTER.box) : ' ';
    const tone: Tone = action.focused ? 'focused' : 'strong';
    tail.push(
      line(`action-${action.answer}`, [{ text: `${pointer} ` }, { text: action.label, tone }], {
        gap: index === 0,
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
  const fixed =
    linesHeight(head, width) + linesHeight(tail, width) + previewFooterRows(api.preview);
  const preview = previewBlock('preview', api.preview, {
    t,
    width,
    room: options.rows === undefined ? undefined : options.rows - fixed,
    offset: options.previewOffset,
  });
  return { lines: [...head, ...preview.lines, ...tail], previewShown: preview.shown };
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
function fromServerLines(api: DryRunApi): Line[] {
  const { hint } = api;
  if (hint === null) return [];
  return [
    line('from-server', [{ text: hint.heading, tone: 'strong' }], { gap: true }),
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
