/** Every locale with a catalog in `/locales`, in negotiation order (the default first). */
export const supportedLocales = [
  'en-US',
  'pt-BR',
  'es-ES',
  'de-DE',
  'ja-JP',
  'ar',
  'en-XA',
] as const;

export type Locale = (typeof supportedLocales)[number];

/** The locale every lookup falls back to. */
export const defaultLocale: Locale = 'en-US';

/**
 * The pseudo-locale: en-US with accented letters and about 40% more text, placeholders
 * intact. Generated from en-US; only chosen when asked for by its exact tag.
 */
export const pseudoLocale: Locale = 'en-XA';

export type Direction = 'ltr' | 'rtl';

/** Languages written right to left (primary language subtags). */
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

/** Whether text in `locale` runs left to right or right to left. Works for any BCP 47 tag. */
export function getDirection(locale: string): Direction {
  const language = normalizeTag(locale)?.split('-')[0]?.toLowerCase();
  return language !== undefined && RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

export function isSupportedLocale(value: string): value is Locale {
  return (supportedLocales as readonly string[]).includes(value);
}

/**
 * Turns what browsers and POSIX environments report into a canonical BCP 47 tag:
 * `pt_BR.UTF-8` → `pt-BR`, `de_DE@euro` → `de-DE`, `C`/`POSIX`/garbage → `undefined`.
 */
export function normalizeTag(tag: string): string | undefined {
  const cleaned = tag.trim().split('.')[0]!.split('@')[0]!.replace(/_/g, '-');
  if (cleaned === '' || cleaned === 'C' || cleaned === 'POSIX' || cleaned === '*') return undefined;
  try {
    return Intl.getCanonicalLocales(cleaned)[0];
  } catch {
    return undefined;
  }
}

export interface NegotiateOptions {
  /** Candidates to choose from. @default supportedLocales */
  available?: readonly Locale[];
  /** Returned when nothing matches. @default 'en-US' */
  fallback?: Locale;
}

/**
 * Picks the best supported locale for a list of preferred ones (most preferred first),
 * such as `navigator.languages` or {@link localesFromEnv}. For each preference an exact
 * match wins, then any supported locale of the same language (`pt` → pt-BR,
 * `es-MX` → es-ES, `ar-EG` → ar). The pseudo-locale only matches exactly.
 */
export function negotiateLocale(
  preferred: readonly string[] | string | null | undefined,
  options: NegotiateOptions = {},
): Locale {
  const available = options.available ?? supportedLocales;
  const fallback = options.fallback ?? defaultLocale;
  const list = typeof preferred === 'string' ? [preferred] : (preferred ?? []);
  for (const raw of list) {
    const tag = normalizeTag(raw);
    if (tag === undefined) continue;
    const exact = available.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]!.toLowerCase();
    const sameLanguage = available.find(
      (locale) => locale !== pseudoLocale && locale.split('-')[0]!.toLowerCase() === language,
    );
    if (sameLanguage) return sameLanguage;
  }
  return fallback;
}

/**
 * Preferred locales from POSIX environment variables, most preferred first, following
 * gettext: `LANGUAGE` (a colon-separated list) first unless the locale is `C`/`POSIX`,
 * then `LC_ALL`, `LC_MESSAGES`, `LANG`. Pass `process.env` from Node hosts.
 */
export function localesFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  const isC = locale === '' || locale === 'C' || locale.startsWith('C.') || locale === 'POSIX';
  const list = isC && locale !== '' ? [] : (env.LANGUAGE ?? '').split(':').filter(Boolean);
  if (locale !== '') list.push(locale);
  return list;
}
