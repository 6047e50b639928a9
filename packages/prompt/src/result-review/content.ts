import type { Translator } from '@mcp-consent/i18n';
import { idPrefixFor, TEXT_LIMITS, TextCleaner } from '../core.js';
import { navigationBindings } from '../keymap.js';
import { base64Bytes, serverChip, sizeLabel, utf8Bytes } from '../sheet-parts.js';
import { resultReviewIds } from './anatomy.js';
import type {
  ResultBlockView,
  ResultReviewApi,
  ResultReviewContent,
  ResultReviewPromptOptions,
  ResultReviewRequest,
} from './types.js';

/** @default previewLength: a text block longer than this is cut, with a count of the rest. */
export const DEFAULT_RESULT_PREVIEW = 4000;
/** At most this many blocks are described; the rest are counted in one line. */
export const MAX_RESULT_BLOCKS = 50;
const SHORT_LABEL = 200;

/** The badge of each tier: the plain tier (as the sampling sheet shows it). */
const BADGE = { low: 'low_writes', medium: 'medium', high: 'high_plain' } as const;

/**
 * Everything a result review sheet shows, computed once: who answered, the tool, its tier, the
 * kit's line when the server flagged an error, and the content. Every server string is cleaned
 * here; text is cut at `previewLength` with a count of what is left out; images, audio,
 * resources and structured data are labelled by kind and size, never decoded or shown.
 */
export function describeResultReview(
  request: ResultReviewRequest,
  options: ResultReviewPromptOptions,
  t: Translator,
): ResultReviewContent {
  const cleaner = new TextCleaner(options.textMode ?? 'escape', t);
  const prefix = idPrefixFor(request.id, options.idPrefix);
  const server = serverChip(request.server, cleaner, t);
  const tool = cleaner.text(request.tool, TEXT_LIMITS.toolName) || '?';
  const preview = Math.max(1, options.previewLength ?? DEFAULT_RESULT_PREVIEW);
  const content = Array.isArray(request.result.content) ? request.result.content : [];
  const blocks: ResultBlockView[] = content
    .slice(0, MAX_RESULT_BLOCKS)
    .map((block, index) => blockView(block, index, cleaner, t, preview));
  if (content.length > MAX_RESULT_BLOCKS)
    blocks.push({
      kind: 'label',
      index: blocks.length,
      label: t.t('mcp.result.block.more', { count: content.length - MAX_RESULT_BLOCKS }),
    });
  if (request.result.structuredContent !== undefined)
    blocks.push({
      kind: 'label',
      index: blocks.length,
      label: t.t('mcp.result.block.structured', {
        size: sizeLabel(jsonLength(request.result.structuredContent), t),
      }),
    });
  const notices: ResultReviewApi['notices'] = cleaner.shouldNotice
    ? [{ kind: 'hidden_characters', text: t.t('mcp.permission.notice.hidden_characters') }]
    : [];
  return {
    t,
    prefix,
    ids: resultReviewIds(prefix),
    server,
    tool,
    risk: { tier: request.tier, label: t.t(`mcp.permission.risk.${BADGE[request.tier]}`) },
    // Stated by the kit: the server's own words about the error are in its content.
    error: request.result.isError === true ? t.t('mcp.result.is_error') : null,
    blocks,
    notices,
    keymap: [
      { keys: ['1'], intent: 'choose', action: 'send' },
      { keys: ['2'], intent: 'choose', action: 'withhold' },
      { keys: ['Enter'], intent: 'activate-focused' },
      { keys: ['Escape', 'Esc'], intent: 'escape', action: 'withhold' },
      ...navigationBindings(t.dir),
    ],
  };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** One content block: text cleaned and cut; anything else a label with its kind and size. */
function blockView(
  raw: unknown,
  index: number,
  cleaner: TextCleaner,
  t: Translator,
  preview: number,
): ResultBlockView {
  const block = record(raw);
  const mime = () => cleaner.text(block.mimeType, SHORT_LABEL) || '?';
  if (block.type === 'text' && typeof block.text === 'string') {
    const { text, truncated } = cleaner.clean(block.text, preview, { multiline: true });
    // The count is of the server's characters left out (escaped hidden runs take more room).
    const left = Math.max(1, block.text.length - preview);
    return {
      kind: 'text',
      index,
      text,
      more: truncated ? t.t('mcp.result.truncated', { count: left }) : null,
    };
  }
  if (block.type === 'image' || block.type === 'audio')
    return {
      kind: 'label',
      index,
      label: t.t(`mcp.result.block.${block.type}`, {
        mime: mime(),
        size: sizeLabel(base64Bytes(block.data), t),
      }),
    };
  if (block.type === 'resource') {
    const resource = record(block.resource);
    const size =
      typeof resource.text === 'string' ? utf8Bytes(resource.text) : base64Bytes(resource.blob);
    return {
      kind: 'label',
      index,
      label: t.t('mcp.result.block.resource', {
        uri: cleaner.text(resource.uri, SHORT_LABEL) || '?',
        mime: cleaner.text(resource.mimeType, SHORT_LABEL) || '?',
        size: sizeLabel(size, t),
      }),
    };
  }
  if (block.type === 'resource_link')
    return {
      kind: 'label',
      index,
      label: t.t('mcp.result.block.resource_link', {
        uri: cleaner.text(block.uri, SHORT_LABEL) || '?',
      }),
    };
  return { kind: 'label', index, label: t.t('mcp.result.block.unknown') };
}

/** The size of structured data as UTF-8 JSON; data that cannot be written as JSON counts as none. */
function jsonLength(value: unknown): number {
  try {
    return utf8Bytes(JSON.stringify(value) ?? '');
  } catch {
    return 0;
  }
}
