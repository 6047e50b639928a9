import type { Choice } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import type { PermissionApi } from '@mcp-consent/prompt';
import { clipRows, linesHeight, type Line, type Span } from './lines.js';
import { previewBlock, previewFooterRows, SEP } from './scroll.js';
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
 * notes go first, then the risk reasons, the blank lines, and finally the description
 * while the effect lines run together on one line. The tier label, the effects, the
 * arguments and the actions always stay.
 */
const FULL = { sources: true, reasons: true, description: true, gaps: true, list: true };
const LEVELS: readonly (typeof FULL)[] = [
  FULL,
  { ...FULL, sources: false },
  { ...FULL, sources: false, reasons: false },
  { ...FULL, sources: false, reasons: false, gaps: false },
  { sources: false, reasons: false, gaps: false, list: false, description: false },
];

/**
 * The permission prompt as terminal lines, top to bottom: everything comes from the
 * model (or, for row counts, the i18n catalog); the only decisions made here are about
 * space — the description is capped, detail is dropped in short terminals, and the
 * arguments get the rows that are left, so the actions are never pushed off screen.
 */
export function layoutPermission(
  api: PermissionApi,
  options: PermissionLayoutOptions,
): PermissionLayout {
  let layout: PermissionLayout | undefined;
  for (const level of LEVELS) {
    layout = layoutAt(api, options, level);
    if (options.rows === undefined || layout.height <= options.rows) return layout;
  }
  return layout!;
}

function layoutAt(
  api: PermissionApi,
  options: PermissionLayoutOptions,
  level: typeof FULL,
): PermissionLayout {
  const { t, width, plain } = options;
  const head: Line[] = [];
  if (plain) head.push(line('announcement', [{ text: api.announcement }]));
  head.push(
    line('title', [
      { text: api.title, tone: 'strong' },
      { text: api.queue.visible ? `${SEP}${api.queue.label}` : '', tone: 'dim' },
    ]),
    line('tool', [
      { text: api.tool.displayName, tone: 'strong' },
      { text: api.tool.title === null ? '' : `${SEP}${api.tool.name}`, tone: 'dim' },
    ]),
  );
  if (api.tool.description !== null && level.description) {
    head.push(
      line('description', [
        { text: clipRows(api.tool.description, width, DESCRIPTION_ROWS), tone: 'dim' },
      ]),
    );
  }
  head.push(
    line('server', [{ text: `${api.server.from}${SEP}${api.server.trustLabel}` }]),
    line('risk', [
      { text: api.risk.label, tone: 'risk' },
      {
        text: level.reasons
          ? api.risk.reasons.map((reason) => `${SEP}${reason.text}`).join('')
          : '',
        tone: 'dim',
      },
    ]),
    ...api.notices.map((notice, index) =>
      line(`notice-${index}`, [{ text: `! ${notice.text}`, tone: 'notice' }]),
    ),
    line(
      'effects',
      [
        { text: api.effects.unannotatedText ?? api.effects.heading },
        {
          text: level.list
            ? ''
            : api.effects.lines.map((effect) => `${SEP}${effect.text}`).join(''),
        },
      ],
      { gap: level.gaps },
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
    line('args-heading', [{ text: api.args.heading }], { gap: level.gaps }),
  );

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

  // The arguments get the rows the rest leaves (at least MIN_PREVIEW_ROWS).
  const fixed = linesHeight(head, width) + linesHeight(tail, width) + previewFooterRows(api.args);
  const args = previewBlock('args', api.args, {
    t,
    width,
    room: options.rows === undefined ? undefined : options.rows - fixed,
    offset: options.argsOffset,
  });
  const lines = [...head, ...args.lines, ...tail];
  return {
    lines,
    argsShown: args.shown,
    height: linesHeight(lines, width),
  };
}

/** The line left in the scrollback once a prompt is answered: tool, server and the decision. */
export function permissionSummary(
  api: PermissionApi,
  t: Translator,
  choice: Choice | null,
): Span[] {
  return [
    { text: api.tool.displayName, tone: 'strong' },
    { text: `${SEP}${api.server.name}${SEP}` },
    choice === null
      ? { text: t.t('mcp.permission.notice.settled_elsewhere'), tone: 'dim' }
      : { text: t.t(`mcp.audit.decision.${choice}`), tone: 'strong' },
  ];
}
