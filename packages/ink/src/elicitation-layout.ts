import type { Translator } from '@mcp-consent/i18n';
import {
  sanitizeText,
  type ElicitAction,
  type ElicitationApi,
  type ElicitationFocus,
  type ElicitationUrlApi,
  type FieldView,
} from '@mcp-consent/prompt';
import { linesHeight, type Line, type Span } from './lines.js';
import { messageRows } from './message-rows.js';
import type { Tone } from './palette.js';
import { POINTER } from './permission-layout.js';
import { SEP } from './scroll.js';

const MIN_MESSAGE_ROWS = 3;
/** Glyphs of the terminal form controls (not copy). */
const MARK = {
  on: '[x]',
  off: '[ ]',
  left: '‹ ',
  right: ' ›',
  caret: '▏',
  up: '↑',
  down: '↓',
} as const;

/** Where keyboard focus can go, in Tab order: every field, then the actions. */
export function focusOrder(api: ElicitationApi): ElicitationFocus[] {
  const fields: ElicitationFocus[] =
    api.mode === 'form'
      ? api.form.fields.map((field) => ({ kind: 'field', name: field.name }))
      : [];
  return [...fields, ...api.actions.map((a) => ({ kind: 'action' as const, action: a.action }))];
}

export const sameFocus = (a: ElicitationFocus, b: ElicitationFocus) =>
  a.kind === b.kind &&
  (a.kind === 'field' ? a.name === (b as typeof a).name : a.action === (b as typeof a).action);

export interface ElicitationLayoutOptions {
  width: number;
  rows: number | undefined;
  plain: boolean;
  /** First wrapped row of the message shown. */
  messageOffset: number;
  /** The option under the cursor of the focused multi-select field. */
  optionCursor: number;
  /**
   * The key hint of a form with fields, in place of the model's: what Enter does in this
   * terminal (the next field; the last field's Enter submits). @default the model's hint
   */
  formKeyHint?: string;
}

const line = (key: string, spans: Span[], extra: Partial<Line> = {}): Line => ({
  key,
  spans: spans.filter((span) => span.text !== ''),
  ...extra,
});

/** Field values can be server defaults: shown through the sanitizer like any server text. */
const shown = (value: string) => sanitizeText(value, { maxLength: 1000 }).text;

/** One field as terminal lines: label, description, value (with a caret when focused), error. */
export function fieldLines(
  field: FieldView,
  focused: boolean,
  options: Pick<ElicitationLayoutOptions, 'plain' | 'optionCursor'>,
  labels: { yes: string; no: string; choose: string },
): Line[] {
  const pointer = focused ? (options.plain ? POINTER.plain : POINTER.box) : ' ';
  const out: Line[] = [
    line(`field-${field.id}`, [
      { text: `${pointer} ` },
      { text: field.label, tone: focused ? 'focused' : 'strong' },
      { text: `${SEP}${field.requiredText}`, tone: 'dim' },
    ]),
  ];
  if (field.description !== null) {
    out.push(
      line(`field-${field.id}-description`, [{ text: field.description, tone: 'dim' }], {
        indent: 4,
      }),
    );
  }
  const inputTone: Tone = focused ? 'highlight' : 'plain';
  const value = field.value;
  if (field.kind === 'multiselect') {
    const selected = new Set(Array.isArray(value) ? value : []);
    field.options.forEach((option, index) => {
      const cursor = focused && index === options.optionCursor;
      out.push(
        line(
          `field-${field.id}-option-${index}`,
          [
            { text: `${selected.has(option.value) ? MARK.on : MARK.off} ` },
            { text: option.label, tone: cursor ? 'focused' : 'plain' },
          ],
          { indent: 4 },
        ),
      );
    });
  } else {
    const text =
      typeof value === 'boolean'
        ? value
          ? labels.yes
          : labels.no
        : field.kind === 'select'
          ? (field.options.find((option) => option.value === value)?.label ?? labels.choose)
          : shown(String(value));
    const choice = typeof value === 'boolean' || field.kind === 'select';
    out.push(
      line(
        `field-${field.id}-input`,
        [
          { text: choice ? `${MARK.left}${text}${MARK.right}` : text, tone: inputTone },
          { text: focused && !choice ? MARK.caret : '', tone: inputTone },
        ],
        { indent: 4 },
      ),
    );
  }
  if (field.error !== null) {
    out.push(
      line(`field-${field.id}-error`, [{ text: field.error, tone: 'error' }], { indent: 4 }),
    );
  }
  return out;
}

/** The elicitation prompt as terminal lines; the message gets the rows the rest leaves. */
export function layoutElicitation(api: ElicitationApi, options: ElicitationLayoutOptions) {
  const { width, plain } = options;
  const head: Line[] = [];
  if (plain) head.push(line('announcement', [{ text: api.announcement }]));
  head.push(
    line('title', [{ text: api.title, tone: 'strong' }]),
    line('server', [{ text: `${api.server.from}${SEP}${api.server.trustLabel}` }]),
    line('message-label', [{ text: api.message.label, tone: 'dim' }], { gap: true }),
  );

  let blocks: Line[][] = [];
  let fieldsAt = 0;
  const body: Line[] = api.notices.map((notice, index) =>
    line(`notice-${index}`, [{ text: `! ${notice.text}`, tone: 'notice' }]),
  );
  if (api.mode === 'form') {
    const labels = {
      yes: api.form.yesLabel,
      no: api.form.noLabel,
      choose: api.form.choosePlaceholder,
    };
    if (api.form.errorSummary !== null) {
      body.push(line('error-summary', [{ text: api.form.errorSummary, tone: 'error' }]));
    }
    blocks = api.form.fields.map((field) => {
      const focused = api.focused.kind === 'field' && api.focused.name === field.name;
      return fieldLines(field, focused, options, labels);
    });
    fieldsAt = body.length;
  } else {
    const { url } = api;
    body.push(line('url-label', [{ text: url.label, tone: 'dim' }], { gap: true }), urlLine(url));
    if (url.site !== null)
      body.push(line('url-site', [{ text: url.site, tone: 'strong' }], { indent: 2 }));
    url.warnings.forEach((warning, index) =>
      body.push(
        line(`url-warning-${index}`, [{ text: `! ${warning.text}`, tone: 'caution' }], {
          indent: 2,
        }),
      ),
    );
    if (url.error !== null)
      body.push(line('url-error', [{ text: url.error, tone: 'error' }], { indent: 2 }));
    body.push(line('url-notice', [{ text: url.notice, tone: 'dim' }], { indent: 2 }));
  }
  body.push(...actionLines(api, plain));
  const fields = api.mode === 'form' && !api.form.unsupported && api.form.fields.length > 0;
  const keyHint = (fields && options.formKeyHint) || api.keyHint;
  body.push(
    line('hint', [
      api.guard.active ? { text: api.guard.text, tone: 'notice' } : { text: keyHint, tone: 'dim' },
    ]),
  );

  if (api.mode === 'form') {
    // A form taller than the terminal would push the header and the focused field off the
    // screen, and Ink clears the scrollback when its frame is taller than the terminal: the
    // fields get the rows the rest leaves, as a window around the focused one.
    const wanted = Math.min(MIN_MESSAGE_ROWS, messageRows(api.message.blocks, width - 2).length);
    const room =
      options.rows === undefined
        ? undefined
        : options.rows - linesHeight(head, width) - linesHeight(body, width) - wanted;
    body.splice(fieldsAt, 0, ...fieldWindow(api, blocks, width, room, options.optionCursor));
  }

  // An address of thousands of characters would make the frame taller than the terminal,
  // and Ink then clears the screen and the scrollback: shorten it to the rows left, host kept.
  const urlAt = body.findIndex((entry) => entry.key === 'url');
  if (api.mode === 'url' && urlAt >= 0 && options.rows !== undefined) {
    const over =
      linesHeight(head, width) + linesHeight(body, width) + MIN_MESSAGE_ROWS - options.rows;
    const urlRows = linesHeight([body[urlAt]!], width);
    if (over > 0) body[urlAt] = urlLine(api.url, Math.max(1, urlRows - over) * (width - 2));
  }

  // The message is server text of up to 4000 characters: it scrolls, the form stays.
  const rows = messageRows(api.message.blocks, width - 2);
  const fixed = linesHeight(head, width) + linesHeight(body, width);
  const room =
    options.rows === undefined ? rows.length : Math.max(MIN_MESSAGE_ROWS, options.rows - fixed);
  const offset = Math.min(Math.max(0, options.messageOffset), Math.max(0, rows.length - room));
  const visible = rows.slice(offset, offset + room);
  const message = visible.map((spans, index) =>
    line(`message-${index}`, spans.length === 0 ? [{ text: ' ' }] : spans, { indent: 2 }),
  );
  return { lines: [...head, ...message, ...body], messageShown: visible.length };
}

/**
 * The fields' lines within `room` rows: all of them when they fit, else the focused field
 * (or the last one while an answer is focused) and its neighbours, below first, with
 * "n more fields above/below" where fields are hidden.
 */
function fieldWindow(
  api: Extract<ElicitationApi, { mode: 'form' }>,
  blocks: Line[][],
  width: number,
  room: number | undefined,
  optionCursor: number,
): Line[] {
  const gapped = (lines: Line[]) =>
    lines[0] ? [{ ...lines[0], gap: true }, ...lines.slice(1)] : [];
  const all = blocks.flat();
  if (room === undefined || linesHeight(gapped(all), width) <= room) return gapped(all);
  const heights = blocks.map((block) => linesHeight(block, width));
  const at = api.form.fields.findIndex(
    (field) => api.focused.kind === 'field' && api.focused.name === field.name,
  );
  const focus = at < 0 ? blocks.length - 1 : at;
  // Two rows for the indicators, one for the gap above the first of them.
  const budget = Math.max(1, room - 3);
  const { start, end } = windowAround(heights, focus, budget);
  let shown = blocks.slice(start, end).flat();
  // A field taller than the window on its own (a long list of options) scrolls its options
  // with the cursor; whatever is still too tall keeps its first rows.
  if (at >= 0 && heights[focus]! > budget) {
    shown = optionWindow(blocks[focus]!, optionCursor, budget, width, api.form);
  }
  while (shown.length > 1 && linesHeight(shown, width) > budget) shown = shown.slice(0, -1);
  // Both indicator rows stay while the form scrolls, blank at either end, so it does not jump.
  const more = (key: string, glyph: string, count: number, text: (n: number) => string) =>
    line(key, [{ text: count > 0 ? `${glyph} ${text(count)}` : ' ', tone: 'dim' }], { indent: 2 });
  return [
    { ...more('fields-above', MARK.up, start, api.form.moreAbove), gap: true },
    ...shown,
    more('fields-below', MARK.down, blocks.length - end, api.form.moreBelow),
  ];
}

/**
 * The rows `[start, end)` around `focus` that fit in `budget` rows (the focused one always),
 * taking one more below, then one more above, while they fit.
 */
function windowAround(heights: readonly number[], focus: number, budget: number) {
  let start = focus;
  let end = focus + 1;
  let used = heights[focus]!;
  for (let grew = true; grew;) {
    grew = false;
    if (end < heights.length && used + heights[end]! <= budget) {
      used += heights[end++]!;
      grew = true;
    }
    if (start > 0 && used + heights[start - 1]! <= budget) {
      used += heights[--start]!;
      grew = true;
    }
  }
  return { start, end };
}

/**
 * A focused multi-select taller than `budget` rows: its label and description, the options
 * around the cursor between "n more options above/below" rows, then its error, so the option
 * the user is toggling is always on screen.
 */
function optionWindow(
  block: Line[],
  cursor: number,
  budget: number,
  width: number,
  form: Extract<ElicitationApi, { mode: 'form' }>['form'],
): Line[] {
  const isOption = (entry: Line) => /-option-\d+$/.test(entry.key);
  const first = block.findIndex(isOption);
  if (first < 0) return block;
  let last = first;
  while (last + 1 < block.length && isOption(block[last + 1]!)) last += 1;
  const [head, options, tail] = [
    block.slice(0, first),
    block.slice(first, last + 1),
    block.slice(last + 1),
  ];
  const heights = options.map((option) => linesHeight([option], width));
  // Two rows for the indicators when there is room for them and an option; else the option.
  const left = budget - linesHeight(head, width) - linesHeight(tail, width);
  const marked = left >= 3;
  const room = Math.max(1, marked ? left - 2 : left);
  const focus = Math.min(Math.max(cursor, 0), options.length - 1);
  const { start, end } = windowAround(heights, focus, room);
  const key = block[0]?.key ?? 'field';
  const more = (side: string, glyph: string, count: number, text: (n: number) => string) =>
    line(
      `${key}-options-${side}`,
      [{ text: count > 0 ? `${glyph} ${text(count)}` : ' ', tone: 'dim' }],
      {
        indent: 4,
      },
    );
  const shown = options.slice(start, end);
  if (!marked) return [...head, ...shown, ...tail];
  return [
    ...head,
    more('above', MARK.up, start, form.moreOptionsAbove),
    ...shown,
    more('below', MARK.down, options.length - end, form.moreOptionsBelow),
    ...tail,
  ];
}

/**
 * The answers in the model's order, numbered as the digits that answer them: "1. Not now",
 * "2. Don't share", "3. Submit" — what Decline and Cancel do beside them, dimmed; an Accept
 * that confirms a destructive call in the error colour.
 */
function actionLines(api: ElicitationApi, plain: boolean): Line[] {
  const out: Line[] = [];
  api.actions.forEach((action, index) => {
    const pointer = action.focused ? (plain ? POINTER.plain : POINTER.box) : ' ';
    const tone: Tone = !action.enabled
      ? 'disabled'
      : action.focused
        ? 'focused'
        : action.tone === 'danger'
          ? 'error'
          : 'strong';
    out.push(
      line(
        `action-${action.action}`,
        [
          { text: `${pointer} ${action.shortcut}. ` },
          { text: action.label, tone },
          { text: action.detail === null ? '' : `${SEP}${action.detail}`, tone: 'dim' },
        ],
        index === 0 ? { gap: true } : {},
      ),
    );
    if (action.disabledReason !== null) {
      out.push(line(`reason-${action.action}`, [{ text: action.disabledReason }], { indent: 4 }));
    }
  });
  return out;
}

const ELLIPSIS = '…';

/** Keeps the first `max` characters (code points) of a text, marked when cut. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return max <= 0 ? '' : chars.slice(0, max - 1).join('') + ELLIPSIS;
}

/**
 * The address line, at most `maxChars` long when given: the host is always whole, the part
 * before it (scheme, user info) and the path after it are cut first, each marked with "…".
 */
function urlLine(url: ElicitationUrlApi['url'], maxChars = Infinity): Line {
  let { before, after } = url;
  const length = Array.from(before + url.host + after).length;
  if (length > maxChars) {
    const room = Math.max(0, maxChars - Array.from(url.host).length);
    before = cut(before, Math.max(Math.min(12, room), Math.floor(room / 3)));
    after = cut(after, room - Array.from(before).length);
  }
  return line('url', [{ text: before }, { text: url.host, tone: 'highlight' }, { text: after }], {
    indent: 2,
  });
}

/** The scrollback line of an answered elicitation: its title and what was chosen. */
export function elicitationSummary(
  api: ElicitationApi,
  t: Translator,
  action: ElicitAction | null,
): Span[] {
  const label = api.actions.find((entry) => entry.action === action)?.label;
  return [
    { text: api.title, tone: 'strong' },
    { text: SEP },
    label === undefined
      ? { text: t.t('mcp.permission.notice.settled_elsewhere'), tone: 'dim' }
      : { text: label, tone: 'strong' },
  ];
}
