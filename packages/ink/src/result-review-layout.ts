import type { Translator } from '@mcp-consent/i18n';
import type { ResultReviewApi, ResultReviewResult } from '@mcp-consent/prompt';
import { clipRows, linesHeight, type Line, type Span } from './lines.js';
import { POINTER } from './permission-layout.js';
import { SEP } from './scroll.js';

const line = (key: string, spans: Span[], extra: Partial<Line> = {}): Line => ({
  key,
  spans: spans.filter((span) => span.text !== ''),
  ...extra,
});

export interface ResultReviewLayoutOptions {
  plain: boolean;
  /** Columns for text. */
  width: number;
  /** Rows for the whole prompt; `undefined`: no limit (the content is shown whole). */
  rows: number | undefined;
}

/**
 * An allowed call's result as terminal lines: who answered, the tool and its tier, the kit's
 * error line, the content (server text, cleaned by the model; other blocks as the model's
 * labels), and the two numbered answers. When the content does not fit, text blocks are cut
 * so the title and the answers always stay on screen.
 */
export function layoutResultReview(
  api: ResultReviewApi,
  options: ResultReviewLayoutOptions,
): Line[] {
  const { plain, width } = options;
  const pointer = (focused: boolean) => (focused ? (plain ? POINTER.plain : POINTER.box) : ' ');
  const head: Line[] = [];
  if (plain) head.push(line('announcement', [{ text: api.announcement }]));
  head.push(
    line('title', [{ text: api.title, tone: 'strong' }]),
    line('server', [{ text: `${api.server.from}${SEP}${api.server.trustLabel}` }]),
    line('tool', [{ text: api.toolLine }, { text: SEP }, { text: api.risk.label, tone: 'notice' }]),
    ...api.notices.map((notice, index) =>
      line(`notice-${index}`, [{ text: `! ${notice.text}`, tone: 'notice' }]),
    ),
    line('intro', [{ text: api.intro }], { gap: true }),
  );
  if (api.error !== null) head.push(line('error', [{ text: `! ${api.error}`, tone: 'notice' }]));
  head.push(line('content-heading', [{ text: api.contentHeading, tone: 'strong' }], { gap: true }));
  const tail: Line[] = [];
  api.actions.forEach((action, index) => {
    tail.push(
      line(
        `action-${action.answer}`,
        [
          { text: `${pointer(action.focused)} ${index + 1} ` },
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
  let room =
    options.rows === undefined
      ? Infinity
      : Math.max(2, options.rows - linesHeight(head, width) - linesHeight(tail, width));
  const body: Line[] = [];
  if (api.empty !== null) body.push(line('empty', [{ text: api.empty, tone: 'dim' }]));
  for (const [shown, block] of api.blocks.entries()) {
    if (room <= 1) {
      // The user sends what they did not all see: say how much is left out.
      body.push(
        line('blocks-more', [{ text: api.moreBlocks(api.blocks.length - shown), tone: 'dim' }], {
          indent: 2,
        }),
      );
      break;
    }
    const next: Line[] =
      block.kind === 'text'
        ? [
            line(`block-${block.index}`, [{ text: textIn(block.text, width - 2, room) }], {
              indent: 2,
            }),
            ...(block.more === null
              ? []
              : [
                  line(`block-${block.index}-more`, [{ text: block.more, tone: 'dim' }], {
                    indent: 2,
                  }),
                ]),
          ]
        : [
            line(`block-${block.index}`, [{ text: `[${block.label}]`, tone: 'dim' }], {
              indent: 2,
            }),
          ];
    body.push(...next);
    room -= linesHeight(next, width);
  }
  return [...head, ...body, ...tail];
}

/** Server text cut to the rows left (already wrapped, so Ink keeps it as it is). */
const textIn = (text: string, width: number, rows: number) =>
  rows === Infinity ? text : clipRows(text, Math.max(1, width), Math.max(1, rows));

/** The scrollback line of a settled review: whether the model got the result. */
export function resultReviewSummary(
  api: ResultReviewApi,
  t: Translator,
  result: ResultReviewResult | null,
): Span[] {
  if (result === null)
    return [
      { text: `${api.tool}${SEP}` },
      { text: t.t('mcp.permission.notice.settled_elsewhere'), tone: 'dim' },
    ];
  return [
    {
      text: t.t(
        result.answer === 'send' ? 'mcp.result.history.sent' : 'mcp.result.history.withheld',
        { tool: api.tool },
      ),
      tone: 'strong',
    },
  ];
}
