import type { Translator } from '@mcp-consent/i18n';
import type { BlockView, SamplingAnswer, SamplingApi } from '@mcp-consent/prompt';
import { linesHeight, type Line, type Span } from './lines.js';
import type { Tone } from './palette.js';
import { POINTER } from './permission-layout.js';
import { SEP } from './scroll.js';

/** Glyphs of the terminal controls (not copy). */
const MARK = { on: '(•)', off: '( )', caret: '▏', more: '…' } as const;
const MIN_BODY_ROWS = 3;
/** Below this many rows for the messages, the reasons and the intro give way. */
const COMFORTABLE_BODY_ROWS = 8;

/** Where Tab moves in the terminal: the edit fields, the grain, then the actions. */
export type SamplingTerminalFocus = 'grain' | 'model';

export interface SamplingLayoutOptions {
  width: number;
  rows: number | undefined;
  plain: boolean;
  /** First line of the body (messages, parameters, reply) shown. */
  bodyOffset: number;
  /** The grain row has the terminal's focus (Space or ←/→ change it). */
  grainFocused: boolean;
}

const line = (key: string, spans: Span[], extra: Partial<Line> = {}): Line => ({
  key,
  spans: spans.filter((span) => span.text !== ''),
  ...extra,
});

const blockText = (block: BlockView): Span[] =>
  block.kind === 'text'
    ? [
        { text: block.text.text },
        ...(block.toggleLabel ? [{ text: ` [+] ${block.toggleLabel}`, tone: 'dim' as Tone }] : []),
      ]
    : [{ text: `[${block.label}]`, tone: 'dim' }];

/**
 * One sampling step as terminal lines: who asks and the risk on top, the request (or the reply)
 * in a body that scrolls with PageUp/PageDown, then the edit form, the grain and the numbered
 * answers, which always stay on screen.
 */
export function layoutSampling(api: SamplingApi, options: SamplingLayoutOptions) {
  const { plain, width } = options;
  const top: Line[] = [];
  if (plain) top.push(line('announcement', [{ text: api.announcement }]));
  top.push(
    line('step', [{ text: api.stepText, tone: 'dim' }]),
    line('title', [{ text: api.title, tone: 'strong' }]),
    line('server', [{ text: `${api.server.from}${SEP}${api.server.trustLabel}` }]),
    line('risk', [{ text: api.risk.label, tone: 'risk' }]),
  );
  const reasons = api.risk.reasons.map((reason, index) =>
    line(`reason-${index}`, [{ text: `- ${reason}`, tone: 'dim' }], { indent: 2 }),
  );
  const notices = api.notices.map((notice, index) =>
    line(`notice-${index}`, [{ text: `! ${notice.text}`, tone: 'notice' }]),
  );
  const intro = line('intro', [{ text: api.intro }], { gap: true });
  const body = bodyLines(api);
  const tail = [...editLines(api, plain), ...grainLines(api, options), ...actionLines(api, plain)];
  const roomWith = (head: Line[]) =>
    options.rows === undefined
      ? undefined
      : options.rows - linesHeight(head, width) - linesHeight(tail, width) - 1;
  // On a short terminal the messages matter more than the risk's reasons and the intro (which
  // repeats who asks): those give way first, so the body is not reduced to one line.
  let head = [...top, ...reasons, ...notices, intro];
  const full = roomWith(head);
  if (full !== undefined && full < COMFORTABLE_BODY_ROWS) head = [...top, ...notices];
  const free = roomWith(head);
  const room = free === undefined ? undefined : Math.max(MIN_BODY_ROWS, free);
  const shown = windowOf(body, width, room, options.bodyOffset);
  return {
    lines: [...head, ...shown.lines, ...tail],
    bodyRows: shown.rows,
    bodyLines: body.length,
  };
}

function bodyLines(api: SamplingApi): Line[] {
  const out: Line[] = [];
  if (api.response) {
    out.push(
      line('response-heading', [{ text: api.response.heading, tone: 'strong' }], { gap: true }),
      line('response-model', [{ text: api.response.model, tone: 'dim' }]),
      ...api.response.blocks.map((block) => line(block.id, blockText(block), { indent: 2 })),
    );
    if (api.response.stopReason)
      out.push(line('response-stop', [{ text: api.response.stopReason, tone: 'dim' }]));
  }
  out.push(line('messages', [{ text: api.messagesHeading, tone: 'strong' }], { gap: true }));
  api.messages.forEach((message, index) => {
    out.push(line(`role-${index}`, [{ text: message.roleLabel, tone: 'strong' }]));
    for (const block of message.blocks) out.push(line(block.id, blockText(block), { indent: 2 }));
  });
  if (api.systemPrompt)
    out.push(
      line('system', [{ text: api.systemPrompt.label, tone: 'strong' }], { gap: true }),
      line(api.systemPrompt.block.id, blockText(api.systemPrompt.block), { indent: 2 }),
    );
  out.push(
    ...api.details.map((detail, index) =>
      line(`detail-${index}`, [{ text: detail }], index === 0 ? { gap: true } : {}),
    ),
  );
  if (api.tools)
    out.push(
      line('tools', [{ text: api.tools.heading, tone: 'strong' }], { gap: true }),
      ...api.tools.names.map((name, index) =>
        line(`tool-${index}`, [{ text: `- ${name}` }], { indent: 2 }),
      ),
    );
  return out;
}

/** The body lines from `offset` that fit in `room` rows (all of them when the height is unknown). */
function windowOf(body: Line[], width: number, room: number | undefined, offset: number) {
  if (room === undefined) return { lines: body, rows: body.length };
  const start = Math.min(Math.max(0, offset), Math.max(0, body.length - 1));
  const out: Line[] = [];
  let used = start > 0 ? 1 : 0;
  if (start > 0) out.push(line('body-above', [{ text: MARK.more, tone: 'dim' }]));
  for (let index = start; index < body.length; index += 1) {
    const height = linesHeight([body[index]!], width);
    if (used + height > room - (index < body.length - 1 ? 1 : 0) && out.length > 0) {
      out.push(line('body-below', [{ text: MARK.more, tone: 'dim' }]));
      break;
    }
    out.push(body[index]!);
    used += height;
  }
  return { lines: out, rows: Math.max(1, room - 2) };
}

function editLines(api: SamplingApi, plain: boolean): Line[] {
  if (!api.edit) return [];
  const out = [line('edit', [{ text: api.edit.heading, tone: 'strong' }], { gap: true })];
  for (const field of api.edit.fields) {
    const focused = api.focused.kind === 'field' && api.focused.name === field.name;
    const pointer = focused ? (plain ? POINTER.plain : POINTER.box) : ' ';
    out.push(
      line(`edit-${field.name}`, [
        { text: `${pointer} ` },
        { text: field.label, tone: focused ? 'focused' : 'strong' },
      ]),
      line(
        `edit-${field.name}-value`,
        [
          { text: field.value, tone: focused ? 'highlight' : 'plain' },
          ...(focused ? [{ text: MARK.caret }] : []),
        ],
        { indent: 4 },
      ),
    );
    if (field.error)
      out.push(
        line(`edit-${field.name}-error`, [{ text: field.error, tone: 'error' }], { indent: 4 }),
      );
  }
  return out;
}

function grainLines(api: SamplingApi, options: SamplingLayoutOptions): Line[] {
  if (!api.grain) return [];
  const pointer = options.grainFocused ? (options.plain ? POINTER.plain : POINTER.box) : ' ';
  return [
    line(
      'grain',
      [
        { text: `${pointer} ` },
        { text: api.grain.label, tone: options.grainFocused ? 'focused' : 'strong' },
      ],
      { gap: true },
    ),
    ...api.grain.options.map((option) =>
      line(
        `grain-${option.value}`,
        [{ text: `${option.selected ? MARK.on : MARK.off} ${option.label}` }],
        { indent: 4 },
      ),
    ),
  ];
}

function actionLines(api: SamplingApi, plain: boolean): Line[] {
  const out = api.actions.map((action, index) => {
    const focused = action.focused && api.focused.kind === 'action';
    const pointer = focused ? (plain ? POINTER.plain : POINTER.box) : ' ';
    const tone: Tone = !action.enabled ? 'disabled' : focused ? 'focused' : 'strong';
    return line(
      `action-${action.action}`,
      [
        { text: `${pointer} ${action.shortcut}. ` },
        { text: action.label, tone },
        ...(action.disabledReason
          ? [{ text: `${SEP}${action.disabledReason}`, tone: 'dim' as Tone }]
          : []),
      ],
      { gap: index === 0 },
    );
  });
  out.push(
    line('key-hint', [
      api.guard.active
        ? { text: api.guard.text, tone: 'notice' }
        : { text: api.keyHint, tone: 'dim' },
    ]),
  );
  return out;
}

/** The scrollback line of a settled sampling step. */
export function samplingSummary(
  api: SamplingApi,
  t: Translator,
  answer: SamplingAnswer | null,
): Span[] {
  const action = answer === null ? null : answer.action;
  const label = api.actions.find((entry) => entry.action === action)?.label;
  return [
    { text: api.stepText, tone: 'dim' },
    { text: `${SEP}${api.server.name}${SEP}` },
    label === undefined
      ? { text: t.t('mcp.permission.notice.settled_elsewhere'), tone: 'dim' }
      : { text: label, tone: 'strong' },
  ];
}
