import type { Choice, ChoiceDetail } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import type { PermissionApi } from '@mcp-consent/prompt';
import { fitParts } from './fit.js';
import { clipRows, linesHeight, wrapLine, type Line, type Span } from './lines.js';
import { previewBetween, previewBlock, SEP } from './scroll.js';
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
  /** Lines under the key hint (the keys of "How long, and a note", or its open step). @default [] */
  after?: Line[];
  /**
   * The keys line under the actions while something else has the keys, whose keys the
   * prompt's own hint ("Press 1–4 … Esc to deny once") would misstate: `null` while a step
   * open under the actions says its own keys (a number picks a grain, Esc goes back); the
   * argument editor's keys while it has them. The input guard's notice still wins.
   * @default the prompt's key hint
   */
  keys?: Line | null;
}

export interface PermissionLayout {
  lines: Line[];
  /** Wrapped rows the viewport shows (the arguments, or the whole middle when it scrolls). */
  argsShown: number;
  /** Rows the lines take at the layout's width: what the frame really draws. */
  height: number;
}

const line = (key: string, spans: Span[], extra: Partial<Line> = {}): Line => ({
  key,
  spans: spans.filter((span) => span.text !== ''),
  ...extra,
});

/**
 * Detail levels, most to least: when the terminal is short, the "declared / assumed" notes
 * go first, then what the server wrote about itself (its description), the blank lines, the
 * effect list (run together on one line) and the server chip; last, long lines are cut short.
 * The kit's own "why this risk" stays at every level: it is what explains the risk label
 * next to the server's claims. The title, the risk label, the summary, the arguments, the
 * effects, the "From the server" box (tool name, what changed) and the actions always stay.
 */
const FULL = {
  sources: true,
  description: true,
  gaps: true,
  list: true,
  server: true,
  tight: false,
};
type Level = typeof FULL;
const LEVELS: readonly Level[] = [
  FULL,
  { ...FULL, sources: false },
  { ...FULL, sources: false, description: false },
  { ...FULL, sources: false, description: false, gaps: false },
  { ...FULL, sources: false, description: false, gaps: false, list: false },
  { ...FULL, sources: false, description: false, gaps: false, list: false, server: false },
  // Last resort for a tiny terminal or very long server text: long lines are cut short.
  {
    ...FULL,
    sources: false,
    description: false,
    gaps: false,
    list: false,
    server: false,
    tight: true,
  },
];
/**
 * When no level fits (long arguments, an opened "what changed", the argument editor, a
 * narrow or short terminal), everything between the summary and the actions scrolls, at full
 * detail: nothing is cut, it is a PageDown away.
 */
const SCROLL: Level = { ...FULL, gaps: false };
/** Rows a line keeps at the tight level; the summary keeps more, the effects one. */
const TIGHT_ROWS = 2;
const SUMMARY_ROWS = 4;

/**
 * The permission prompt as terminal lines, in the order every renderer shows: the kit's
 * title and risk label, the summary, the arguments, why this risk and the effects, the
 * "From the server" box, the notices, then the actions. Everything comes from the model
 * (or, for row counts, the i18n catalog); the only decisions made here are about space —
 * the description is capped, detail is dropped in short terminals, the arguments get the
 * rows that are left, and when even that is too tall the middle scrolls between the pinned
 * title, risk and summary above and the actions below, so the frame is always shorter than
 * `rows` and the actions are never pushed off screen.
 */
export function layoutPermission(
  api: PermissionApi,
  options: PermissionLayoutOptions,
): PermissionLayout {
  // Expanded arguments are what the user asked to read: they get the room detail would take,
  // and when they still do not fit, the whole middle scrolls with them (a page is then most
  // of the screen, not the few rows left between the other parts).
  const expanded = api.args.expanded;
  for (const level of expanded ? LEVELS.slice(-2) : LEVELS) {
    const layout = layoutAt(api, options, level);
    if (options.rows === undefined) return layout;
    if (layout.height <= options.rows && !(expanded && layout.cut)) return layout;
  }
  return scrolled(api, options, options.rows!);
}

/** The title, the risk label and the summary (cut to `summaryRows`): pinned at the top. */
function headLines(api: PermissionApi, options: PermissionLayoutOptions, summary: Line): Line[] {
  const head: Line[] = [];
  if (options.plain) head.push(line('announcement', [{ text: api.announcement }]));
  head.push(
    line('title', [
      { text: api.header.title, tone: 'strong' },
      { text: api.queue.visible ? `${SEP}${api.queue.label}` : '', tone: 'dim' },
    ]),
    line('risk', [{ text: api.header.risk.label, tone: 'risk' }]),
    summary,
  );
  return head;
}

const summaryLine = (api: PermissionApi, text: string, gap: boolean) =>
  line('summary', [{ text, tone: 'strong' }], { gap });

/** What sits between the arguments and the actions: the editor, why, the server box, notices. */
function middleLines(api: PermissionApi, options: PermissionLayoutOptions, level: Level): Line[] {
  const { width } = options;
  return [
    ...(options.editLines ?? []),
    ...whyLines(api, level, { width }),
    ...fromServerLines(api, { width, glyphs: options.glyphs ?? !options.plain, level }),
    ...api.notices.map((notice, index) =>
      line(`notice-${index}`, [{ text: fit(`! ${notice.text}`, width, level), tone: 'notice' }]),
    ),
  ];
}

function layoutAt(
  api: PermissionApi,
  options: PermissionLayoutOptions,
  level: Level,
): PermissionLayout & { cut: boolean } {
  const { t, width } = options;
  const wrap = (lines: Line[]) => lines.map((entry) => wrapLine(entry, width));
  // The summary says what will happen: it keeps more rows than anything else cut short.
  const head = wrap([
    ...headLines(
      api,
      options,
      summaryLine(api, fit(api.summary, width, level, SUMMARY_ROWS), level.gaps),
    ),
    line('args-heading', [{ text: api.args.heading }], { gap: level.gaps }),
  ]);
  const middle = wrap(middleLines(api, options, level));
  const tail = wrap([
    ...actionLines(api, options.plain, level, options.keys),
    ...(options.after ?? []),
  ]);

  // The arguments get the rows the rest leaves (at least MIN_PREVIEW_ROWS).
  const args = previewBetween('args', api.args, [head, middle, tail], {
    t,
    width,
    rows: options.rows,
    offset: options.argsOffset,
  });
  const lines = [...head, ...wrap(args.lines), ...middle, ...tail];
  return {
    lines,
    argsShown: args.shown,
    height: linesHeight(lines, width),
    cut: args.shown < args.rows,
  };
}

/**
 * The prompt when no level fits: title, risk and summary pinned above, the actions and the
 * lines under them pinned below, and everything else — the arguments in full, the editor,
 * why, the server box, what changed, the notices — in a window the arguments' keys scroll.
 * In a very small terminal the pinned parts give up rows too: the summary is cut, then the
 * disabled action's reason and the key hint go, and while a step is open (its own numbered
 * answers) the four answers go.
 */
function scrolled(
  api: PermissionApi,
  options: PermissionLayoutOptions,
  rows: number,
): PermissionLayout {
  const { t, width, plain } = options;
  const args = previewBlock('args', api.args, { t, width, room: undefined, offset: 0 });
  const middle = middleLines(api, options, SCROLL);
  // "What changed", once opened, is what the user asked to read: the window starts at it
  // (`d` again shows the arguments and the rest).
  const changeAt = middle.findIndex((entry) => entry.key === 'change');
  const body = api.change?.opened
    ? middle.slice(Math.max(0, changeAt))
    : [line('args-heading', [{ text: api.args.heading }]), ...args.lines, ...middle];
  const after = options.after ?? [];
  const actions = actionLines(api, plain, SCROLL, options.keys);
  const top = (summaryRows: number) =>
    headLines(api, options, summaryLine(api, clipRows(api.summary, width, summaryRows), false));
  const isReason = (entry: Line) => entry.key.startsWith('reason-');
  const clipped = (entry: Line, rowCount: number): Line =>
    line(
      entry.key,
      [
        {
          text: clipRows(
            entry.spans.map((s) => s.text).join(''),
            width - (entry.indent ?? 0),
            rowCount,
          ),
          tone: entry.spans[0]?.tone ?? 'plain',
        },
      ],
      { indent: entry.indent ?? 0 },
    );
  const variants = [
    { top: top(SUMMARY_ROWS), body, bottom: [...actions, ...after] },
    {
      top: top(TIGHT_ROWS),
      body,
      bottom: [...actions.map((entry) => (isReason(entry) ? clipped(entry, 1) : entry)), ...after],
    },
    {
      top: top(1),
      body,
      bottom: [...actions.filter((entry) => !isReason(entry) && entry.key !== 'hint'), ...after],
    },
  ];
  // A step open under the actions answers with its own numbers: its lines stay, the four go.
  if (after.length > 1) variants.push({ top: top(1), body, bottom: after });
  const editing = (options.editLines ?? []).some((entry) => entry.key === 'edit-heading');
  const focused = editing ? focusedFieldKey(options.editLines ?? []) : null;
  // Expanded arguments scroll with the rest: the key that collapses them stays in view.
  const toggle = args.lines.find((entry) => entry.key === 'args-more')?.spans.at(-1);
  const fitted = fitParts(variants, {
    t,
    width,
    rows,
    offset: options.argsOffset,
    ...(api.args.expanded && toggle ? { moreExtra: [toggle] } : {}),
    ...(focused === null
      ? {}
      : {
          focus: (key: string) =>
            key === focused || key.startsWith(`${focused}-`) || key.startsWith(`${focused}~`),
        }),
  });
  return { lines: fitted.lines, argsShown: fitted.shown, height: fitted.height };
}

/** The key of the field the argument editor's cursor is on (its line starts with the pointer). */
function focusedFieldKey(lines: readonly Line[]): string | null {
  const pointers: readonly string[] = [`${POINTER.box} `, `${POINTER.plain} `];
  const hit = lines.find(
    (entry) => entry.key.startsWith('field-') && pointers.includes(entry.spans[0]?.text ?? ''),
  );
  return hit?.key ?? null;
}

/** Why this risk (its reasons), then what the tool will do. */
function whyLines(api: PermissionApi, level: Level, options: { width: number }): Line[] {
  const lines: Line[] = [];
  if (api.risk.reasons.length > 0) {
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
      { gap: level.gaps && api.risk.reasons.length === 0 },
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
  if (level.server) {
    lines.push(boxed('server', [{ text: `${api.server.from}${SEP}${api.server.trustLabel}` }]));
  }
  if (level.description) {
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

/**
 * The four actions, the reason a disabled one gives, and the key hint (or the guard; or
 * `keys`, see {@link PermissionLayoutOptions.keys}).
 */
function actionLines(
  api: PermissionApi,
  plain: boolean,
  level: Level,
  keys: Line | null | undefined,
): Line[] {
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
  if (api.guard.active) tail.push(line('hint', [{ text: api.guard.text, tone: 'notice' }]));
  else if (keys === undefined) tail.push(line('hint', [{ text: api.keyHint, tone: 'dim' }]));
  else if (keys !== null) tail.push({ ...keys, key: 'hint' });
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
