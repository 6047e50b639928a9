import type { Choice, ChoiceDetail } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import type { PermissionApi } from '@mcp-consent/prompt';
import { clipRows, linesHeight, type Line, type Span } from './lines.js';
import { previewBlock, previewFooterRows, SEP } from './scroll.js';
import { serverTextSpans } from './server-text.js';
import type { Tone } from './palette.js';

/** Marks the action Enter would choose: a glyph in the box, plain ASCII in plain mode. */
export const POINTER = { box: '›', plain: '>' } as const;
const BULLET: Readonly<Record<'caution' | 'neutral', { glyph: string; tone: Tone }>> = {
  caution: { glyph: '!', tone: 'caution' },
  neutral: { glyph: '•', tone: 'plain' },
};
const DESCRIPTION_ROWS = 2;

export interface PermissionLayoutOptions {
  t: Translator;
  /** Columns available for text (inside the border). */
  width: number;
  /** Rows available for the whole prompt; `undefined` when the terminal height is unknown. */
  rows: number | undefined;
  plain: boolean;
  /** First wrapped row of the arguments shown (PageDown/PageUp move it). */
  argsOffset: number;
  /** Box-drawing glyphs may be used (the prompt is boxed); else plain ASCII. @default !plain */
  glyphs?: boolean;
  /** "Edit arguments" (issue 17, `argsEditLines`), shown after the arguments. @default [] */
  editLines?: Line[];
}

export interface PermissionLayout {
  lines: Line[];
  /** Wrapped argument rows the viewport shows. */
  argsShown: number;
  /** Rows the lines take at the layout's width. */
  height: number;
}

const line = (key: string, spans: Span[], extra: Partial<Line> = {}): Line => ({
  key,
  spans: spans.filter((span) => span.text !== ''),
  ...extra,
});

/**
 * Detail levels, most to least: when the terminal is short, the "declared / assumed"
 * notes go first, then the risk reasons, the blank lines, the server chip and the
 * description, and finally the effect lines run together on one line. The title, the
 * risk label, the summary, the arguments, the effects, the "From the server" box (tool
 * name, what changed) and the actions always stay.
 */
const FULL = {
  sources: true,
  reasons: true,
  description: true,
  gaps: true,
  list: true,
  tight: false,
};
const LAST = {
  ...FULL,
  sources: false,
  reasons: false,
  gaps: false,
  list: false,
  description: false,
};
const LEVELS: readonly (typeof FULL)[] = [
  FULL,
  { ...FULL, sources: false },
  { ...FULL, sources: false, reasons: false },
  { ...FULL, sources: false, reasons: false, gaps: false },
  { ...FULL, sources: false, reasons: false, gaps: false, description: false },
  LAST,
  // Last resort for a tiny terminal or very long server text: long lines are cut short.
  { ...LAST, tight: true },
];
/** Rows a line keeps at the tight level; the summary keeps more, the effects one. */
const TIGHT_ROWS = 2;
const SUMMARY_ROWS = 4;
type Level = typeof FULL;

/**
 * The permission prompt as terminal lines, in the order every renderer shows: the kit's
 * title and risk label, the summary, the arguments, why this risk and the effects, the
 * "From the server" box, the notices, then the actions. Everything comes from the model
 * (or, for row counts, the i18n catalog); the only decisions made here are about space —
 * the description is capped, detail is dropped in short terminals, and the arguments get
 * the rows that are left, so the actions are never pushed off screen.
 */
export function layoutPermission(
  api: PermissionApi,
  options: PermissionLayoutOptions,
): PermissionLayout {
  let layout: PermissionLayout | undefined;
  // Expanded arguments are what the user asked to read: they get the room detail would take.
  for (const level of api.args.expanded ? LEVELS.slice(-2) : LEVELS) {
    layout = layoutAt(api, options, level);
    if (options.rows === undefined || layout.height <= options.rows) return layout;
  }
  return layout!;
}

function layoutAt(
  api: PermissionApi,
  options: PermissionLayoutOptions,
  level: Level,
): PermissionLayout {
  const { t, width, plain } = options;
  const head: Line[] = [];
  if (plain) head.push(line('announcement', [{ text: api.announcement }]));
  head.push(
    line('title', [
      { text: api.header.title, tone: 'strong' },
      { text: api.queue.visible ? `${SEP}${api.queue.label}` : '', tone: 'dim' },
    ]),
    line('risk', [{ text: api.header.risk.label, tone: 'risk' }]),
    // The summary says what will happen: it keeps more rows than anything else cut short.
    line('summary', [{ text: fit(api.summary, width, level, SUMMARY_ROWS), tone: 'strong' }], {
      gap: level.gaps,
    }),
    line('args-heading', [{ text: api.args.heading }], { gap: level.gaps }),
  );
  const middle = [
    ...(options.editLines ?? []),
    ...whyLines(api, level, { width }),
    ...fromServerLines(api, { width, glyphs: options.glyphs ?? !plain, level }),
    ...api.notices.map((notice, index) =>
      line(`notice-${index}`, [{ text: fit(`! ${notice.text}`, width, level), tone: 'notice' }]),
    ),
  ];
  const tail = actionLines(api, plain, level);

  // The arguments get the rows the rest leaves (at least MIN_PREVIEW_ROWS).
  const fixed =
    linesHeight(head, width) +
    linesHeight(middle, width) +
    linesHeight(tail, width) +
    previewFooterRows(api.args);
  const args = previewBlock('args', api.args, {
    t,
    width,
    room: options.rows === undefined ? undefined : options.rows - fixed,
    offset: options.argsOffset,
  });
  const lines = [...head, ...args.lines, ...middle, ...tail];
  return {
    lines,
    argsShown: args.shown,
    height: linesHeight(lines, width),
  };
}

/** Why this risk (its reasons), then what the tool will do. */
function whyLines(api: PermissionApi, level: Level, options: { width: number }): Line[] {
  const lines: Line[] = [];
  if (level.reasons && api.risk.reasons.length > 0) {
    lines.push(
      line(
        'why',
        [
          { text: api.risk.heading },
          { text: api.risk.reasons.map((reason) => `${SEP}${reason.text}`).join(''), tone: 'dim' },
        ],
        { gap: level.gaps },
      ),
    );
  }
  lines.push(
    line(
      'effects',
      [
        {
          text: fit(
            `${api.effects.unannotatedText ?? api.effects.heading}${
              level.list ? '' : api.effects.lines.map((effect) => `${SEP}${effect.text}`).join('')
            }`,
            options.width,
            level,
            1,
          ),
        },
      ],
      { gap: level.gaps && !level.reasons },
    ),
    ...(level.list ? api.effects.lines : []).map((effect, index) =>
      line(
        `effect-${index}`,
        [
          { text: `${BULLET[effect.tone].glyph} `, tone: BULLET[effect.tone].tone },
          { text: effect.text },
          { text: level.sources ? `${SEP}${effect.sourceText}` : '', tone: 'dim' },
        ],
        { indent: 2 },
      ),
    ),
  );
  return lines;
}

/** The key that opens and closes "What changed" (a key, not copy). */
export const CHANGE_KEY = 'd';

/** A text cut to two rows at the tight level (the last "…" shows it was cut). */
function fit(text: string, width: number, level: Level, rows = TIGHT_ROWS): string {
  return level.tight ? clipRows(text, width, rows) : text;
}

/**
 * Everything the server said, in one box: a heading rule, then its lines indented under
 * it, so server text never reads as the kit's own: the tool, the server, the description,
 * and what changed (`+`/`-` lines once opened with {@link CHANGE_KEY}).
 */
function fromServerLines(
  api: PermissionApi,
  options: { width: number; glyphs: boolean; level: Level },
): Line[] {
  const { width, glyphs, level } = options;
  const from = api.fromServer;
  const inner = width - BOX_INDENT;
  const boxed = (key: string, spans: Span[]): Line => line(key, spans, { indent: BOX_INDENT });
  const title = from.title
    ? [{ text: SEP, tone: 'dim' as const }, ...serverTextSpans(from.title, 'dim')]
    : [];
  const tool: Span[] = level.tight
    ? [
        {
          text: clipRows([from.name, ...title.map((span) => span.text)].join(''), inner, 1),
          tone: 'strong',
        },
      ]
    : [{ text: from.name, tone: 'strong' }, ...title];
  const lines: Line[] = [
    line('from-server', [{ text: `${glyphs ? '╭─' : '--'} ${from.heading}`, tone: 'dim' }], {
      gap: level.gaps,
    }),
    boxed('tool', tool),
  ];
  if (level.description) {
    lines.push(boxed('server', [{ text: `${api.server.from}${SEP}${api.server.trustLabel}` }]));
    if (from.description) {
      lines.push(
        boxed('description', [
          { text: clipRows(from.description.text, inner, DESCRIPTION_ROWS), tone: 'dim' },
        ]),
      );
    }
  }
  if (api.change) lines.push(...changeLines(api.change, boxed, inner));
  return lines;
}

/** Columns the lines of the "From the server" box are indented by. */
const BOX_INDENT = 2;

type ChangeView = NonNullable<PermissionApi['change']>;

/** "This tool changed", the toggle, and once opened each changed part as `-` old and `+` new lines. */
function changeLines(
  change: ChangeView,
  boxed: (key: string, spans: Span[]) => Line,
  width: number,
): Line[] {
  const lines: Line[] = [
    boxed('change', [
      { text: `! ${change.heading}`, tone: 'caution' },
      { text: `${SEP}${change.summary}` },
    ]),
    boxed('change-toggle', [{ text: `[${CHANGE_KEY}] ${change.toggleLabel}`, tone: 'strong' }]),
  ];
  if (!change.opened) return lines;
  change.parts.forEach((part, index) => {
    lines.push(boxed(`change-${index}`, [{ text: part.label, tone: 'strong' }]));
    diffRows(part.segments).forEach((row, r) =>
      lines.push(
        boxed(`change-${index}-${r}`, [
          {
            text: clipRows(`${row.mark} ${row.text}`, width, DIFF_ROWS),
            tone: row.mark === '+' ? 'strong' : row.mark === '-' ? 'dim' : 'plain',
          },
        ]),
      ),
    );
  });
  return lines;
}

const DIFF_ROWS = 4;

/**
 * A diff as terminal rows: the old text (same + removed) and the new one (same + added)
 * line by line; a line both share is shown once, unmarked, the others behind `-` and `+`.
 */
export function diffRows(
  segments: readonly { op: 'same' | 'added' | 'removed'; text: string }[],
): { mark: '+' | '-' | ' '; text: string }[] {
  const before = segments
    .filter((s) => s.op !== 'added')
    .map((s) => s.text)
    .join('')
    .split('\n');
  const after = segments
    .filter((s) => s.op !== 'removed')
    .map((s) => s.text)
    .join('')
    .split('\n');
  const rows: { mark: '+' | '-' | ' '; text: string }[] = [];
  const kept = new Set(before.filter((row) => after.includes(row)));
  for (const row of before) if (!kept.has(row) && row !== '') rows.push({ mark: '-', text: row });
  for (const row of after) {
    if (row === '') continue;
    rows.push({ mark: kept.has(row) ? ' ' : '+', text: row });
  }
  return rows.filter((row) => row.mark !== ' ');
}

/** The four actions, the reason a disabled one gives, and the key hint (or the guard). */
function actionLines(api: PermissionApi, plain: boolean, level: Level): Line[] {
  const tail: Line[] = [];
  for (const action of api.actions) {
    const pointer = action.focused ? (plain ? POINTER.plain : POINTER.box) : ' ';
    const tone: Tone = action.enabled ? (action.focused ? 'focused' : 'strong') : 'disabled';
    tail.push(
      line(
        `action-${action.choice}`,
        [
          { text: `${pointer} ` },
          { text: `${action.shortcut}. ${action.label}`, tone },
          { text: action.detail === null ? '' : `${SEP}${action.detail}`, tone: 'dim' },
        ],
        { gap: level.gaps && action.choice === api.actions[0]?.choice },
      ),
    );
    if (action.disabledReason !== null) {
      tail.push(line(`reason-${action.choice}`, [{ text: action.disabledReason }], { indent: 5 }));
    }
  }
  tail.push(
    line('hint', [
      api.guard.active
        ? { text: api.guard.text, tone: 'notice' }
        : { text: api.keyHint, tone: 'dim' },
    ]),
  );
  return tail;
}

/** The line left in the scrollback once a prompt is answered: tool, server and the decision. */
export function permissionSummary(
  api: PermissionApi,
  t: Translator,
  choice: Choice | null,
  detail?: ChoiceDetail,
): Span[] {
  // "Allowed for this session" / "Denied for a time": the grain the user picked, not "always".
  const grain =
    choice === null || !detail ? '' : detail.session ? '_session' : detail.ttlMs ? '_timed' : '';
  const decision: Choice | `${'allow' | 'deny'}${'_session' | '_timed'}` | null =
    choice === null
      ? null
      : grain
        ? `${choice.startsWith('allow') ? 'allow' : 'deny'}${grain}`
        : choice;
  return [
    { text: api.tool.displayName, tone: 'strong' },
    { text: `${SEP}${api.server.name}${SEP}` },
    decision === null
      ? { text: t.t('mcp.permission.notice.settled_elsewhere'), tone: 'dim' }
      : { text: t.t(`mcp.audit.decision.${decision}`), tone: 'strong' },
  ];
}
