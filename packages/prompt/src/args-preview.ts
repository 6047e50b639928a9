import type { Translator } from '@mcp-consent/i18n';
import { sanitizeText, type HiddenKind } from './sanitize.js';
import { isSecretKey, splitSecrets } from './secrets.js';

export interface ArgumentsPreviewOptions {
  /** Lines shown before "Show more". @default 12 */
  maxLines?: number;
  /** Characters shown before "Show more". @default 1200 */
  maxChars?: number;
  /** A preview line longer than this is cut ("… 9,800 more characters"). @default 160 */
  maxLineChars?: number;
  /** Nesting deeper than this shows a marker instead of the value. @default 32 */
  maxDepth?: number;
  /** Cap on the whole ("Show more") text, in characters. @default 4_000_000 */
  maxFullChars?: number;
  /** Extra keys to hide, on top of the built-in secret-looking ones. */
  redactKey?: (key: string, path: readonly string[]) => boolean;
  /** How hidden characters in keys and strings are shown. @default 'escape' */
  mode?: 'escape' | 'remove';
}

export interface ArgumentsPreview {
  /** No arguments at all (`undefined`, `null` or `{}`). */
  empty: boolean;
  /** Pretty JSON, cut to the line and character caps. */
  preview: string;
  /** The whole pretty JSON (secrets still hidden), revealed by "Show more". */
  full: string;
  /** The preview does not show everything. */
  truncated: boolean;
  /** Lines of `full` not in the preview. */
  hiddenLines: number;
  /** Paths of the values hidden as secrets, e.g. `headers.Authorization`. */
  redacted: string[];
  /** Hidden characters found in keys and strings. */
  found: HiddenKind[];
  /** Even `full` was cut at `maxFullChars`. */
  fullTruncated: boolean;
}

const INDENT = '  ';
const JSON_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
class Stop extends Error {}

/**
 * Renders tool-call arguments as pretty JSON for a human to judge: key order as given,
 * secret-looking keys and credential-shaped values hidden, hidden characters made
 * visible, a depth cap instead of a stack overflow (10 000-deep nesting is fine),
 * cycles, BigInt, getters and `__proto__` keys handled without running or assigning
 * anything. The preview is cut to a few lines; `full` holds the whole text.
 */
export function formatArguments(
  value: unknown,
  translator: Translator,
  options: ArgumentsPreviewOptions = {},
): ArgumentsPreview {
  const writer = new JsonWriter(options, {
    redacted: translator.t('mcp.permission.args.redacted'),
    tooDeep: translator.t('mcp.permission.args.too_deep'),
    circular: translator.t('mcp.permission.args.circular'),
    unreadable: translator.t('mcp.permission.args.unreadable'),
  });
  const fullTruncated = !writer.writeAll(value);
  const { lines } = writer;
  const empty =
    value === undefined ||
    value === null ||
    (typeof value === 'object' && lines.length === 1 && lines[0] === '{}');
  const { preview, hiddenLines, cut } = previewOf(lines, translator, options);
  return {
    empty,
    preview,
    full: lines.join('\n'),
    truncated: hiddenLines > 0 || cut,
    hiddenLines,
    redacted: writer.redacted,
    found: [...writer.found],
    fullTruncated,
  };
}

/** The localized stand-ins for what is not shown. */
interface Markers {
  redacted: string;
  tooDeep: string;
  circular: string;
  unreadable: string;
}

/**
 * Writes one value as pretty JSON, line by line, reading every property through its
 * descriptor (a getter is never run) and stopping at `maxFullChars`.
 */
class JsonWriter {
  readonly lines: string[] = [];
  /** Paths of the values hidden as secrets. */
  readonly redacted: string[] = [];
  readonly found = new Set<HiddenKind>();
  private line = '';
  private size = 0;
  private readonly ancestors = new Set<object>();
  private readonly maxDepth: number;
  private readonly maxFull: number;
  private readonly mode: 'escape' | 'remove';

  constructor(
    private readonly options: ArgumentsPreviewOptions,
    private readonly marker: Markers,
  ) {
    this.maxDepth = options.maxDepth ?? 32;
    this.maxFull = options.maxFullChars ?? 4_000_000;
    this.mode = options.mode ?? 'escape';
  }

  /** Writes `value`; false when the text was cut at `maxFullChars` (it then ends with "…"). */
  writeAll(value: unknown): boolean {
    try {
      this.write(value, 0, []);
      this.lines.push(this.line);
      return true;
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      this.lines.push('…');
      return false;
    }
  }

  private newline(depth: number): void {
    this.lines.push(this.line);
    this.size += this.line.length + 1;
    this.line = INDENT.repeat(depth);
    if (this.size > this.maxFull) throw new Stop();
  }

  private clean(text: string, max = this.maxFull): string {
    const result = sanitizeText(text, { maxLength: max, mode: this.mode });
    for (const kind of result.found) this.found.add(kind);
    return result.text;
  }

  /** A JSON string; with a path, credential-shaped parts of it are hidden. */
  private quote(text: string, path: readonly string[] | null): string {
    let out = '"';
    for (const part of path ? splitSecrets(text) : [{ text, secret: false }]) {
      if (part.secret) {
        out += this.marker.redacted;
        this.redacted.push(pathText(path!));
      } else out += this.clean(part.text.replace(/[\\"\n\r\t]/g, (c) => JSON_ESCAPES[c]!));
    }
    return `${out}"`;
  }

  private write(node: unknown, depth: number, path: readonly string[]): void {
    const { marker } = this;
    if (node === null) this.line += 'null';
    else if (typeof node === 'string') this.line += this.quote(node, path);
    else if (typeof node === 'number') this.line += Object.is(node, -0) ? '-0' : String(node);
    else if (typeof node === 'boolean') this.line += String(node);
    else if (typeof node === 'bigint') this.line += `${node}n`;
    else if (typeof node === 'undefined') this.line += 'undefined';
    else if (typeof node !== 'object') this.line += marker.unreadable;
    else if (this.ancestors.has(node)) this.line += marker.circular;
    else if (node instanceof Date) {
      this.line += Number.isNaN(node.getTime()) ? marker.unreadable : `"${node.toISOString()}"`;
    } else this.writeContainer(node, depth, path);
  }

  private writeContainer(node: object, depth: number, path: readonly string[]): void {
    let isArray: boolean;
    let keys: string[];
    try {
      isArray = Array.isArray(node);
      keys = isArray ? [] : Object.keys(node);
    } catch {
      this.line += this.marker.unreadable;
      return;
    }
    const length = isArray ? (node as unknown[]).length : keys.length;
    const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
    if (length === 0) {
      this.line += open + close;
      return;
    }
    if (depth >= this.maxDepth) {
      this.line += `${open} ${this.marker.tooDeep} ${close}`;
      return;
    }
    this.ancestors.add(node);
    this.line += open;
    for (let index = 0; index < length; index += 1) {
      this.newline(depth + 1);
      this.writeEntry(node, isArray ? String(index) : keys[index]!, isArray, depth, path);
      if (index < length - 1) this.line += ',';
    }
    this.newline(depth);
    this.line += close;
    this.ancestors.delete(node);
  }

  /** One array item, or `"key": value` with the value hidden when the key looks secret. */
  private writeEntry(
    node: object,
    key: string,
    isArray: boolean,
    depth: number,
    path: readonly string[],
  ): void {
    const childPath = [...path, isArray ? `[${key}]` : this.clean(key, 80)];
    if (!isArray) this.line += `${this.quote(key, null)}: `;
    const custom = this.options.redactKey?.(key, path) ?? false;
    if (!isArray && (isSecretKey(key) || custom)) {
      this.line += this.marker.redacted;
      this.redacted.push(pathText(childPath));
    } else this.writeValue(node, key, depth, childPath);
  }

  /** A property's own value, read through its descriptor so that no getter runs. */
  private writeValue(node: object, key: string, depth: number, path: readonly string[]): void {
    let child: unknown;
    let readable: boolean;
    try {
      const descriptor = Object.getOwnPropertyDescriptor(node, key);
      readable = descriptor !== undefined && 'value' in descriptor;
      child = descriptor?.value;
    } catch {
      readable = false;
    }
    if (readable) this.write(child, depth + 1, path);
    else this.line += this.marker.unreadable;
  }
}

function pathText(path: readonly string[]): string {
  return path.map((key, index) => (key.startsWith('[') || index === 0 ? key : `.${key}`)).join('');
}

function previewOf(
  lines: readonly string[],
  translator: Translator,
  options: ArgumentsPreviewOptions,
) {
  const maxLines = options.maxLines ?? 12;
  const maxChars = options.maxChars ?? 1200;
  const maxLineChars = options.maxLineChars ?? 160;
  const shown: string[] = [];
  let size = 0;
  let cut = false;
  for (const full of lines.slice(0, maxLines)) {
    let text = full;
    if (text.length > maxLineChars) {
      text = cutText(text, maxLineChars);
      const count = full.length - text.length;
      text += `… ${translator.t('mcp.permission.args.more_chars', { count })}`;
      cut = true;
    }
    if (size + text.length > maxChars && shown.length > 0) break;
    shown.push(text);
    size += text.length + 1;
  }
  return { preview: shown.join('\n'), hiddenLines: lines.length - shown.length, cut };
}

/** Cuts without splitting a surrogate pair or a visible code such as `\u{202E}`. */
function cutText(text: string, max: number): string {
  let out = text.slice(0, max);
  const last = out.charCodeAt(out.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) out = out.slice(0, -1);
  const open = out.lastIndexOf('\\u{');
  if (open !== -1 && out.indexOf('}', open) === -1) out = out.slice(0, open);
  return out;
}

/** The localized show-more view of a preview, shared by the permission and dry-run models. */
export function argumentsView(preview: ArgumentsPreview, expanded: boolean, t: Translator) {
  return {
    empty: preview.empty,
    text: preview.empty
      ? t.t('mcp.permission.args.empty')
      : expanded
        ? preview.full
        : preview.preview,
    truncated: preview.truncated,
    expanded,
    toggleLabel: preview.truncated
      ? t.t(expanded ? 'mcp.permission.args.show_less' : 'mcp.permission.args.show_more')
      : null,
    moreText:
      preview.truncated && !expanded && preview.hiddenLines > 0
        ? t.t('mcp.permission.args.more_lines', { count: preview.hiddenLines })
        : null,
    redactedText:
      preview.redacted.length > 0
        ? t.t('mcp.permission.args.redacted_count', { count: preview.redacted.length })
        : null,
  };
}
