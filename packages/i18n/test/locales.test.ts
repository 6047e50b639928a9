import {
  createTranslator,
  getDirection,
  localesFromEnv,
  negotiateLocale,
  normalizeTag,
  supportedLocales,
} from '@mcp-consent/i18n';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { describe, expect, it } from 'vitest';

describe('negotiateLocale', () => {
  it.each([
    [['pt_BR.UTF-8'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['es-MX', 'en-US'], 'es-ES'],
    [['ar-EG'], 'ar'],
    [['de_AT@euro'], 'de-DE'],
    [['ja'], 'ja-JP'],
    [['en-GB'], 'en-US'],
    [['EN-us'], 'en-US'],
    [['zh-CN', 'fr-FR', 'de-CH'], 'de-DE'],
    [['zh-CN', 'ko'], 'en-US'],
    [['C', 'POSIX', '', 'not a tag!!'], 'en-US'],
    [[], 'en-US'],
    [['en-XA'], 'en-XA'],
  ] as const)('%j → %s', (preferred, expected) => {
    expect(negotiateLocale(preferred)).toBe(expected);
  });

  it('honours the first preference that matches, not the best-supported one', () => {
    expect(negotiateLocale(['fr', 'ja-JP', 'pt-BR'])).toBe('ja-JP');
  });

  it('never picks the pseudo-locale for an English variant', () => {
    expect(negotiateLocale(['en-AU'])).toBe('en-US');
  });

  it('accepts a single tag, null and a custom fallback', () => {
    expect(negotiateLocale('pt-BR')).toBe('pt-BR');
    expect(negotiateLocale(null)).toBe('en-US');
    expect(negotiateLocale(['sv'], { fallback: 'de-DE' })).toBe('de-DE');
    expect(negotiateLocale(['pt'], { available: ['en-US', 'es-ES'] })).toBe('en-US');
  });
});

describe('localesFromEnv', () => {
  it('reads LANGUAGE first, then LC_ALL, LC_MESSAGES, LANG', () => {
    expect(localesFromEnv({ LANGUAGE: 'fr:de', LANG: 'pt_BR.UTF-8' })).toEqual([
      'fr',
      'de',
      'pt_BR.UTF-8',
    ]);
    expect(localesFromEnv({ LC_ALL: 'es_ES.UTF-8', LANG: 'de_DE.UTF-8' })).toEqual(['es_ES.UTF-8']);
    expect(negotiateLocale(localesFromEnv({ LC_MESSAGES: 'ja_JP.UTF-8', LANG: 'C' }))).toBe(
      'ja-JP',
    );
  });

  it('ignores LANGUAGE when the locale is C, as gettext does', () => {
    expect(localesFromEnv({ LANGUAGE: 'de', LANG: 'C.UTF-8' })).toEqual(['C.UTF-8']);
    expect(negotiateLocale(localesFromEnv({ LANGUAGE: 'de', LANG: 'C.UTF-8' }))).toBe('en-US');
  });
});

describe('direction', () => {
  it.each(supportedLocales)('%s exposes its direction, to the library and the apps', (locale) => {
    const expected = locale === 'ar' ? 'rtl' : 'ltr';
    expect(getDirection(locale)).toBe(expected);
    expect(createTranslator(locale).dir).toBe(expected);
    expect(createAppTranslator(locale).dir).toBe(expected);
  });

  it('knows other right-to-left languages and region variants', () => {
    expect(getDirection('ar-EG')).toBe('rtl');
    expect(getDirection('he')).toBe('rtl');
    expect(getDirection('fa_IR.UTF-8')).toBe('rtl');
    expect(getDirection('en-US')).toBe('ltr');
  });

  it('normalizes POSIX spellings', () => {
    expect(normalizeTag('pt_BR.UTF-8')).toBe('pt-BR');
    expect(normalizeTag('C')).toBeUndefined();
  });
});
