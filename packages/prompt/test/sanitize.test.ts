import { sanitizeText, visibleCode } from '@mcp-consent/prompt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DANGEROUS, hostile } from './support.js';

describe('sanitizeText', () => {
  it('makes ANSI colours visible instead of letting them restyle the text', () => {
    const result = sanitizeText(hostile.ansi);
    expect(result.text).toBe('\\u{1B}[31mred\\u{1B}[0m');
    expect(result.found).toContain('escape_sequence');
  });

  it('shows the hidden target of an OSC 8 hyperlink, and removes the whole sequence in remove mode', () => {
    expect(sanitizeText(hostile.osc8).text).toContain('https://evil.example/');
    expect(sanitizeText(hostile.osc8).text).not.toMatch(DANGEROUS);
    expect(sanitizeText(hostile.osc8, { mode: 'remove' }).text).toBe('click me');
  });

  it('neutralizes an OSC 52 clipboard write', () => {
    expect(sanitizeText(hostile.osc52).text).toBe('\\u{1B}]52;c;cm0gLXJmIH4=\\u{7}');
    expect(sanitizeText(hostile.osc52, { mode: 'remove' }).text).toBe('');
  });

  it('shows bidi overrides and isolates as codes, so "exe" cannot pose as "txt"', () => {
    expect(sanitizeText(hostile.bidi).text).toBe('invoice_\\u{202E}txt.exe');
    expect(sanitizeText(hostile.isolate).text).toBe('safe\\u{2066}hidden\\u{2069}');
    expect(sanitizeText(hostile.bidi).found).toEqual(['bidi']);
  });

  it('shows zero-width characters, and removes them in remove mode', () => {
    expect(sanitizeText(hostile.zeroWidth).text).toBe('pay\\u{200B}pal\\u{200D}\\u{2060}\\u{FEFF}');
    expect(sanitizeText(hostile.zeroWidth, { mode: 'remove' }).text).toBe('paypal');
  });

  it('reveals ASCII smuggled in tag characters', () => {
    const result = sanitizeText(hostile.tags);
    expect(result.text).toBe(
      'ok' + [...'Ignore'].map((c) => visibleCode(0xe0000 + c.charCodeAt(0))).join(''),
    );
    expect(result.found).toEqual(['tag']);
    // Unassigned code points of the tag block too (found by the property test below).
    expect(sanitizeText('x\u{E0000}\u{E0002}').text).toBe('x\\u{E0000}\\u{E0002}');
  });

  it('keeps one variation selector on a base character but shows stacked ones', () => {
    expect(sanitizeText(hostile.variationSmuggling).text).toBe(
      'x\uFE00\\u{FE01}\\u{FE02}\\u{E0100}',
    );
    expect(sanitizeText('1\uFE0F\u20E3 ❤\uFE0F').text).toBe('1\uFE0F\u20E3 ❤\uFE0F');
  });

  it('caps runs of combining marks', () => {
    const result = sanitizeText(hostile.zalgo);
    expect([...result.text].length).toBe(1 + 8);
    expect(result.found).toEqual(['combining']);
  });

  it('keeps legitimate text: emoji sequences, flags, Persian and Hindi joiners, Arabic', () => {
    for (const text of [
      '👩🏽‍💻 deploy',
      '🏳️‍🌈',
      '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
      'می‌خواهم',
      'क्‍ष',
      'مرحبا بالعالم',
      'naïve café',
    ]) {
      expect(sanitizeText(text)).toMatchObject({ text, changed: 0, truncated: false });
    }
  });

  it('leaves HTML as literal text for renderers to show as text', () => {
    expect(sanitizeText(hostile.html)).toMatchObject({ text: hostile.html, changed: 0 });
  });

  it('shows C0 and C1 controls and DEL', () => {
    expect(sanitizeText(hostile.nul).text).toBe('a\\u{0}b\\u{7}c\\u{7F}d\\u{9B}e');
  });

  it('keeps line breaks only in multiline mode, normalized, at most two in a row', () => {
    expect(sanitizeText(hostile.newlines).text).toBe('line1\\u{A}line2\\u{D}\\u{A}line3\\u{2028}');
    expect(sanitizeText(hostile.newlines, { multiline: true }).text).toBe('line1\nline2\nline3\n');
    expect(sanitizeText('a\n\n\n\n\nb', { multiline: true }).text).toBe('a\n\nb');
  });

  it('shows lone surrogates', () => {
    expect(sanitizeText('a\uD800b\uDC00').text).toBe('a\\u{D800}b\\u{DC00}');
  });

  it('caps length with an ellipsis, without cutting a code or a surrogate pair', () => {
    expect(sanitizeText('abcdef', { maxLength: 6 })).toMatchObject({
      text: 'abcdef',
      truncated: false,
    });
    expect(sanitizeText('abcdefg', { maxLength: 6 })).toMatchObject({
      text: 'abcde…',
      truncated: true,
    });
    expect(sanitizeText('ab\u202Ecdef', { maxLength: 8 }).text).toBe('ab…');
    expect(sanitizeText('a😀😀😀', { maxLength: 4 }).text).toBe('a😀…');
  });

  it('handles a 1 MB string by reading only what it can show', () => {
    const big = 'x'.repeat(1_000_000);
    const result = sanitizeText(big);
    expect(result.text.length).toBe(1000);
    expect(result.truncated).toBe(true);
    const invisible = '\u200B'.repeat(1_000_000);
    expect(sanitizeText(invisible, { mode: 'remove' })).toMatchObject({
      text: '…',
      truncated: true,
    });
  });

  it('turns non-strings into text and objects into nothing', () => {
    expect(sanitizeText(42).text).toBe('42');
    expect(sanitizeText(undefined).text).toBe('');
    expect(sanitizeText({ toString: () => 'pwned' }).text).toBe('');
  });

  it('never lets a dangerous character through and never exceeds the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.integer({ min: 1, max: 400 }),
        fc.boolean(),
        (input, maxLength, remove) => {
          const result = sanitizeText(input, { maxLength, mode: remove ? 'remove' : 'escape' });
          expect(result.text.length).toBeLessThanOrEqual(maxLength);
          expect(result.text).not.toMatch(DANGEROUS);
          expect(result.text).not.toMatch(/[\uD800-\uDFFF]/u);
        },
      ),
      { numRuns: 500 },
    );
  });
});
