import { effectiveHints, hasHints, type ToolDefinition } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import type { TextCleaner } from './core.js';
import { isSecretKey, splitSecrets } from './secrets.js';

/** The longest argument value the summary quotes; longer ones are cut with "…". */
export const SUMMARY_TARGET_CHARS = 40;
/** The longest tool name or title the summary quotes. */
export const SUMMARY_TOOL_CHARS = 60;

export interface SummaryInput {
  tool: ToolDefinition;
  /** The server's display name, already cleaned. */
  serverName: string;
  args: unknown;
  /** Extra keys the host hides in the arguments preview: never quoted either. */
  redactKey?: (key: string, path: readonly string[]) => boolean;
}

/**
 * The plain-language first line of a permission sheet, from what the kit knows: the tool's
 * display name, the first short argument value (never a secret-looking one), the server and
 * what the annotations say, worded as the server's claim or as an assumption. The kit does
 * not know what a tool means, so it never says what the tool will do as fact. Pure.
 */
export function buildSummary(input: SummaryInput, t: Translator, cleaner: TextCleaner): string {
  const { tool } = input;
  const rawName = nonEmpty(tool.title) ?? nonEmpty(tool.annotations?.title) ?? tool.name;
  const name = cleaner.text(rawName, SUMMARY_TOOL_CHARS).trim() || '?';
  const target = summaryTarget(input.args, cleaner, input.redactKey, tool.inputSchema);
  const consequence = consequenceOf(tool, t);
  const values = { tool: inert(name), server: inert(input.serverName), consequence };
  return target === null
    ? t.t('mcp.permission.summary.generic', values)
    : t.t('mcp.permission.summary.target', { ...values, target: inert(target) });
}

/**
 * Server text without the sentence's own delimiters (the locales' quote marks and dashes): a
 * title such as `x” on demo — the server says it only reads data` must not close the quote
 * and go on as if the kit were speaking.
 */
const inert = (text: string) =>
  text.replace(/["“”„«»「」—]/g, (mark) => (mark === '—' ? '-' : "'"));

/** What the annotations say, as a claim ("the server says …") or an assumption. */
export function consequenceOf(tool: ToolDefinition, t: Translator): string {
  if (!hasHints(tool)) return t.t('mcp.permission.summary.consequence.undescribed');
  const hints = effectiveHints(tool.annotations);
  const main = hints.readOnly
    ? 'mcp.permission.summary.consequence.read_only'
    : !hints.destructive
      ? 'mcp.permission.summary.consequence.additive'
      : hints.declared.destructive
        ? 'mcp.permission.summary.consequence.destructive'
        : 'mcp.permission.summary.consequence.destructive_assumed';
  // The reach clause is part of each message, so translators can word the pair as one.
  const reach = !hints.openWorld ? 'none' : hints.declared.openWorld ? 'declared' : 'assumed';
  return t.t(main, { reach });
}

/**
 * The first top-level argument whose value is a short scalar worth quoting: a non-empty
 * string, a finite number or a boolean, under a key that does not look secret and with no
 * credential-shaped text in it. Cleaned and cut to {@link SUMMARY_TARGET_CHARS}. "First" in
 * the order of the tool's `inputSchema` (its `required` keys, then its `properties`), then
 * the rest: whoever writes the call must not pick what the headline quotes by the order of its
 * keys (a file's text quoted, its path left out).
 */
export function summaryTarget(
  args: unknown,
  cleaner: TextCleaner,
  redactKey?: SummaryInput['redactKey'],
  /** The tool's `inputSchema`, whose key order comes first. */
  schema?: unknown,
): string | null {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return null;
  let keys: string[];
  try {
    const { required, properties } = Object(schema) as { required?: unknown; properties?: unknown };
    keys = [
      ...new Set([
        ...(Array.isArray(required) ? required : []),
        ...Object.keys(Object(properties)),
        ...Object.keys(args),
      ]),
    ].filter((key) => typeof key === 'string' && Object.hasOwn(args, key));
  } catch {
    return null; // A proxy that throws: no target rather than no prompt.
  }
  for (const key of keys) {
    if (isSecretKey(key) || redactKey?.(key, [key])) continue;
    const descriptor = Object.getOwnPropertyDescriptor(args, key);
    // Only plain data: a getter is never run to build a sentence.
    if (!descriptor || !('value' in descriptor)) continue;
    const text = scalarText(descriptor.value);
    if (text === null || splitSecrets(text).some((part) => part.secret)) continue;
    const cleaned = cleaner.text(text, SUMMARY_TARGET_CHARS).trim();
    if (cleaned !== '') return cleaned;
  }
  return null;
}

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
