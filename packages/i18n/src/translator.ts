import {
  createIntl,
  createIntlCache,
  type FormatDateOptions,
  type FormatNumberOptions,
  type IntlShape,
  type OnErrorFn,
} from '@formatjs/intl';
import { catalogs } from './catalogs.js';
import type { MessageId } from './generated/message-ids.js';
import {
  defaultLocale,
  getDirection,
  negotiateLocale,
  type Direction,
  type Locale,
} from './locales.js';
import type { CompiledMessage, MessageArgs } from './types.js';

export interface TranslatorOptions {
  /**
   * Wrap every string value in Unicode isolates (U+2068 … U+2069) so that a name written
   * in the other direction (a Latin server name inside Arabic text) cannot reorder the
   * text around it.
   * @default true for right-to-left locales, false otherwise
   */
  isolateValues?: boolean;
  /** IANA time zone for dates and times. @default the runtime's time zone */
  timeZone?: string;
  /** Called on formatting errors (a missing value, missing locale data). @default ignore */
  onError?: (error: Error) => void;
}

/** A framework-free formatter for one locale: typed message ids, ICU plurals and selects. */
export interface Translator {
  readonly locale: Locale;
  readonly dir: Direction;
  /** Formats a message; values are required exactly when the message has placeholders. */
  t<K extends MessageId>(id: K, ...args: MessageArgs<K>): string;
  /** Same as {@link Translator.t}. */
  formatMessage<K extends MessageId>(id: K, ...args: MessageArgs<K>): string;
  /** "a, b and c" in the locale's words. @default type 'conjunction' */
  formatList(items: readonly string[], type?: 'conjunction' | 'disjunction' | 'unit'): string;
  formatNumber(value: number, options?: FormatNumberOptions): string;
  formatDate(value: Date | number, options?: FormatDateOptions): string;
  /**
   * "expires in 7 days" for a remaining lifetime in ms (minutes under an hour, hours
   * under a day, else days, rounded); "never expires" for `null`; "expired" at or below 0.
   */
  formatExpiry(remainingMs: number | null): string;
}

const FSI = '\u2068';
const PDI = '\u2069';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const cache = createIntlCache();
const translators = new Map<string, Translator>();

/** Message id → precompiled message, for one locale. */
type MessageTable = Readonly<Record<string, CompiledMessage>>;

/**
 * The translator for a locale, or for the best match of a list of preferred locales
 * (see {@link negotiateLocale}). Translators are cached and immutable.
 */
export function createTranslator(
  locale: string | readonly string[] = defaultLocale,
  options: TranslatorOptions = {},
): Translator {
  return buildTranslator('library', (resolved) => catalogs[resolved], locale, options);
}

/**
 * A translator over the messages `messagesFor` returns for a locale (`set` names the set in
 * the cache). Shared by {@link createTranslator} and `createAppTranslator` of
 * `@mcp-consent/i18n/apps`, which types `t` over more ids; the object is the same.
 * @internal
 */
export function buildTranslator(
  set: string,
  messagesFor: (locale: Locale) => MessageTable,
  locale: string | readonly string[],
  options: TranslatorOptions,
): Translator {
  const resolved = negotiateLocale(locale);
  const dir = getDirection(resolved);
  const isolate = options.isolateValues ?? dir === 'rtl';
  const key = `${set}|${resolved}|${isolate}|${options.timeZone ?? ''}`;
  const cached = options.onError ? undefined : translators.get(key);
  if (cached) return cached;

  const messages = messagesFor(resolved);
  const fallback = messagesFor(defaultLocale);
  const onError: OnErrorFn = (error) => options.onError?.(error);
  const intl: IntlShape = createIntl(
    {
      locale: resolved,
      defaultLocale,
      messages,
      onError,
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    },
    cache,
  );
  const wrap = (id: string, values: Record<string, unknown> | undefined) => {
    if (!values || !isolate) return values;
    // A select's value picks a branch and is never shown: isolated, it would match no branch.
    const selectors = selectArguments(messages[id] ?? fallback[id]);
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      out[name] =
        typeof value === 'string' && !selectors.has(name) ? `${FSI}${value}${PDI}` : value;
    }
    return out;
  };
  type Values = Parameters<IntlShape['formatMessage']>[1];
  const t = <K extends MessageId>(id: K, ...args: MessageArgs<K>): string => {
    const values = wrap(id, args[0] as Record<string, unknown> | undefined) as Values;
    const out = intl.formatMessage({ id, defaultMessage: fallback[id] }, values);
    return typeof out === 'string' ? out : out.join('');
  };

  const translator: Translator = {
    locale: resolved,
    dir,
    t,
    formatMessage: t,
    formatList: (items, type = 'conjunction') => intl.formatList(items, { type }),
    formatNumber: (value, numberOptions) => intl.formatNumber(value, numberOptions),
    formatDate: (value, dateOptions) => intl.formatDate(value, dateOptions),
    formatExpiry(remainingMs) {
      if (remainingMs === null) return t('mcp.expiry.never');
      if (remainingMs <= 0) return t('mcp.expiry.expired');
      if (remainingMs < HOUR) {
        return t('mcp.expiry.in_minutes', { count: Math.max(1, Math.ceil(remainingMs / MINUTE)) });
      }
      if (remainingMs < DAY)
        return t('mcp.expiry.in_hours', { count: Math.round(remainingMs / HOUR) });
      return t('mcp.expiry.in_days', { count: Math.round(remainingMs / DAY) });
    },
  };
  if (!options.onError) translators.set(key, translator);
  return translator;
}

/** The ICU AST's element type of `{x, select, …}` (@formatjs/icu-messageformat-parser). */
const SELECT = 5;
const selectorsOf = new WeakMap<object, ReadonlySet<string>>();

/** Names of the arguments a message selects on, at any depth (cached per message). */
function selectArguments(message: CompiledMessage | undefined): ReadonlySet<string> {
  if (!message || typeof message !== 'object') return new Set();
  const known = selectorsOf.get(message);
  if (known) return known;
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const element = node as {
      type?: number;
      value?: unknown;
      options?: object;
      children?: unknown;
    };
    if (element.type === SELECT && typeof element.value === 'string') names.add(element.value);
    // Branches of selects and plurals, and the children of tags, may nest selects.
    for (const option of Object.values(element.options ?? {}))
      visit((option as { value?: unknown }).value);
    visit(element.children);
  };
  visit(message);
  selectorsOf.set(message, names);
  return names;
}
