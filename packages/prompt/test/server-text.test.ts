import { createTranslator } from '@mcp-consent/i18n';
import { describe, expect, it } from 'vitest';
import { TextCleaner } from '../src/core.js';
import { hostile } from './support.js';

const ZW200 = '\u200B'.repeat(200);

describe('TextCleaner: hidden runs as one localized chip', () => {
  it('gives 200 zero-width characters one "200 hidden characters" part, and the label in brackets as text', () => {
    const cleaner = new TextCleaner('escape', createTranslator('en-US'));
    const shown = cleaner.serverText(`Notes${ZW200} helper`, 200);
    expect(shown.text).toBe('Notes[200 hidden characters] helper');
    expect(shown.parts).toEqual([
      { type: 'text', text: 'Notes' },
      {
        type: 'hidden',
        count: 200,
        codes: '\\u{200B}'.repeat(200),
        label: '200 hidden characters',
        inline: '[200 hidden characters]',
      },
      { type: 'text', text: ' helper' },
    ]);
    expect(shown.truncated).toBe(false);
    expect(cleaner.shouldNotice).toBe(true);
  });

  it('collapses runs in plain text too, so a title never becomes 1,600 characters of codes', () => {
    const cleaner = new TextCleaner('escape', createTranslator('en-US'));
    expect(cleaner.text(`Title${ZW200}`, 200)).toBe('Title[200 hidden characters]');
    expect(cleaner.text(hostile.bidi, 200)).toBe('invoice_[1 hidden character]txt.exe');
  });

  it('says the count in the locale, with its plural forms and without bidi isolates', () => {
    const ar = new TextCleaner('escape', createTranslator('ar'));
    expect(ar.serverText(`a${ZW200}`, 200).text).toBe('a[200 حرف مخفي]');
    expect(ar.serverText('a\u200B\u200Bb', 200).parts[1]).toMatchObject({
      count: 2,
      label: 'حرفان مخفيان',
    });
    expect(ar.text(`a${ZW200}`, 200)).not.toMatch(/[\u2066-\u2069]/u);
    const pt = new TextCleaner('escape', createTranslator('pt-BR'));
    expect(pt.serverText(`a${ZW200}`, 200).parts[1]).toMatchObject({
      label: '200 caracteres ocultos',
    });
    const ja = new TextCleaner('escape', createTranslator('ja-JP'));
    expect(ja.text(`a${ZW200}`, 200)).toBe('a［200 個の不可視文字］');
  });

  it('keeps every code without a translator, and drops runs in remove mode', () => {
    expect(new TextCleaner('escape').text('a\u200Bb', 50)).toBe('a\\u{200B}b');
    const removing = new TextCleaner('remove', createTranslator('en-US'));
    expect(removing.serverText(`a${ZW200}b`, 50)).toEqual({
      text: 'ab',
      parts: [{ type: 'text', text: 'ab' }],
      truncated: false,
    });
    expect(removing.shouldNotice).toBe(false);
  });

  it('gives no parts for empty text', () => {
    expect(new TextCleaner('escape', createTranslator('en-US')).serverText('', 10).parts).toEqual(
      [],
    );
  });
});
