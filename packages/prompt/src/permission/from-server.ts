import type { ToolDefinition } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import { TEXT_LIMITS, type TextCleaner } from '../core.js';
import { toolIconFor } from '../tool-icon.js';
import type { PermissionContent } from './types.js';

/** The collapsed description shows at most this many lines … */
export const DESCRIPTION_PREVIEW_LINES = 3;
/** … and at most this many characters, before "Show more". */
export const DESCRIPTION_PREVIEW_CHARS = 200;

/**
 * Everything the server said about the tool (name, title, description), cleaned once, for
 * the one "From the server" container. The description comes collapsed and whole.
 */
export function fromServerContent(
  tool: ToolDefinition,
  t: Translator,
  cleaner: TextCleaner,
  serverOrigin?: string,
): PermissionContent['fromServer'] {
  const rawTitle = nonEmpty(tool.title) ?? nonEmpty(tool.annotations?.title);
  const rawDescription = nonEmpty(tool.description);
  const full =
    rawDescription === undefined
      ? null
      : cleaner.serverText(rawDescription, TEXT_LIMITS.description, true);
  let collapsed = full;
  if (rawDescription !== undefined && full) {
    const head = rawDescription
      .split(/\r\n|[\n\r\u2028\u2029]/)
      .slice(0, DESCRIPTION_PREVIEW_LINES)
      .join('\n');
    const short = cleaner.serverText(head, DESCRIPTION_PREVIEW_CHARS, true);
    // Only a real cut gets a toggle: the same text twice is a short description.
    if (short.text !== full.text) collapsed = short;
  }
  return {
    heading: t.t('mcp.permission.from_server.heading'),
    name: cleaner.text(tool.name, TEXT_LIMITS.toolName) || '?',
    title: rawTitle === undefined ? null : cleaner.serverText(rawTitle, TEXT_LIMITS.toolTitle),
    collapsed,
    full,
    icon: toolIconFor(tool, serverOrigin),
  };
}

export function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
