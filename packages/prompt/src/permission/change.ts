import type { PinnedPart, PromptRequest, ToolDefinition } from '@mcp-consent/engine';
import type { PlainMessageId, Translator } from '@mcp-consent/i18n';
import type { TextCleaner } from '../core.js';
import { diffLines, diffWords, type DiffSegment } from '../diff.js';
import type { ChangePartView, PermissionContent } from './types.js';

/** Each side of a diff is cut to this many characters after cleaning. */
export const CHANGE_TEXT_LIMIT = 20_000;

export const PART_NAME: Readonly<Record<PinnedPart, PlainMessageId>> = {
  name: 'mcp.permission.part.name',
  title: 'mcp.permission.part.title',
  description: 'mcp.permission.part.description',
  inputSchema: 'mcp.permission.part.inputSchema',
  annotations: 'mcp.permission.part.annotations',
};

const PART_ORDER = Object.keys(PART_NAME) as PinnedPart[];

/**
 * What changed in a tool since the user allowed it always (a possible "rug pull"): the parts
 * the engine names, each with a diff of cleaned text when the host knows the earlier
 * definition (descriptions and titles by words, schema and annotations as pretty JSON by
 * lines), else the parts alone. `null` unless the lookup says the definition changed.
 */
export function describeChange(
  request: PromptRequest,
  t: Translator,
  cleaner: TextCleaner,
): PermissionContent['change'] {
  if (request.lookup.reason !== 'definition_changed') return null;
  const previous = request.change?.previous;
  const current = request.call.tool;
  const named = (request.change?.parts ?? request.lookup.changed ?? []).filter((part) =>
    Object.hasOwn(PART_NAME, part),
  );
  // With the earlier definition at hand, the texts themselves say what differs.
  const changed =
    named.length > 0 || !previous
      ? PART_ORDER.filter((part) => named.includes(part))
      : PART_ORDER.filter((part) => partText(previous, part, t) !== partText(current, part, t));
  const parts: ChangePartView[] = changed.map((part) => ({
    part,
    label: t.t(PART_NAME[part]),
    segments: previous ? diffPart(part, previous, current, t, cleaner) : [],
  }));
  const list = t.formatList(parts.map((part) => part.label));
  return {
    heading: t.t('mcp.permission.change.heading'),
    summary:
      parts.length === 0
        ? t.t('mcp.permission.change.summary_unspecified')
        : previous
          ? t.t('mcp.permission.change.summary', { parts: list })
          : t.t('mcp.permission.change.summary_unknown', { parts: list }),
    diffAvailable: previous !== undefined && parts.length > 0,
    parts,
    marks: {
      added: t.t('mcp.permission.change.added'),
      removed: t.t('mcp.permission.change.removed'),
    },
  };
}

function diffPart(
  part: PinnedPart,
  previous: ToolDefinition,
  current: ToolDefinition,
  t: Translator,
  cleaner: TextCleaner,
): DiffSegment[] {
  const before = cleaner.text(partText(previous, part, t), CHANGE_TEXT_LIMIT, true);
  const after = cleaner.text(partText(current, part, t), CHANGE_TEXT_LIMIT, true);
  return part === 'inputSchema' || part === 'annotations'
    ? diffLines(before, after)
    : diffWords(before, after);
}

/** The raw text of one part: strings as they are, schema and annotations as pretty JSON. */
function partText(tool: ToolDefinition, part: PinnedPart, t: Translator): string {
  switch (part) {
    case 'name':
      return typeof tool.name === 'string' ? tool.name : '';
    case 'title':
      return typeof tool.title === 'string' ? tool.title : '';
    case 'description':
      return typeof tool.description === 'string' ? tool.description : '';
    case 'inputSchema':
      return prettyJson(tool.inputSchema, t);
    case 'annotations':
      return prettyJson(tool.annotations, t);
  }
}

function prettyJson(value: unknown, t: Translator): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    // A cycle or a BigInt: say so rather than fail the prompt.
    return t.t('mcp.permission.args.unreadable');
  }
}
