import { sanitizeText, visibleCode, type TextPart } from '@mcp-consent/prompt';
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

/** The test's own run label: what TextCleaner passes, minus the translator. */
const runs = (count: number) => ({
  label: `${count} hidden`,
  inline: `[${count} hidden]`,
});
/** The parts read back as text, each run as its inline form. */
const joined = (parts: readonly TextPart[]) =>
  parts.map((part) => (part.type === 'text' ? part.text : part.inline)).join('');

describe('sanitizeText with hiddenRun: one part per run of hidden characters', () => {
  it('turns 200 zero-width characters into one part that counts them, not 1,600 characters of codes', () => {
    const result = sanitizeText(`Safe${'\u200B'.repeat(200)}tool`, { hiddenRun: runs });
    expect(result.text).toBe('Safe[200 hidden]tool');
    expect(result.parts).toEqual([
      { type: 'text', text: 'Safe' },
      {
        type: 'hidden',
        count: 200,
        codes: '\\u{200B}'.repeat(200),
        label: '200 hidden',
        inline: '[200 hidden]',
      },
      { type: 'text', text: 'tool' },
    ]);
    expect(result).toMatchObject({ changed: 200, found: ['invisible'], truncated: false });
  });

  it('keeps apart runs that text separates, and joins different kinds that touch', () => {
    expect(sanitizeText(hostile.zeroWidth, { hiddenRun: runs }).parts).toEqual([
      { type: 'text', text: 'pay' },
      { type: 'hidden', count: 1, codes: '\\u{200B}', label: '1 hidden', inline: '[1 hidden]' },
      { type: 'text', text: 'pal' },
      {
        type: 'hidden',
        count: 3,
        codes: '\\u{200D}\\u{2060}\\u{FEFF}',
        label: '3 hidden',
        inline: '[3 hidden]',
      },
    ]);
    expect(sanitizeText('a\u202E\u200B\u0007\u{E0041}b', { hiddenRun: runs }).text).toBe(
      'a[4 hidden]b',
    );
  });

  it('takes a terminal sequence into the run whole, its target readable in the codes', () => {
    expect(sanitizeText(hostile.ansi, { hiddenRun: runs }).text).toBe('[5 hidden]red[4 hidden]');
    const link = sanitizeText(hostile.osc8, { hiddenRun: runs });
    expect(link.text).toBe('[27 hidden]click me[6 hidden]');
    expect(link.parts[0]).toMatchObject({ codes: '\\u{1B}]8;;https://evil.example/\\u{7}' });
    expect(sanitizeText(hostile.osc52, { hiddenRun: runs }).text).toBe('[20 hidden]');
  });

  it('ends a run at a kept line break in multiline text', () => {
    const result = sanitizeText('a\u200B\n\u200Bb', { hiddenRun: runs, multiline: true });
    expect(result.text).toBe('a[1 hidden]\n[1 hidden]b');
    expect(result.parts.filter((part) => part.type === 'hidden')).toHaveLength(2);
  });

  it('keeps what is legitimate, and changes nothing in remove mode', () => {
    for (const text of ['👩🏽‍💻 deploy', 'می‌خواهم', 'x\uFE0F']) {
      expect(sanitizeText(text, { hiddenRun: runs }).parts).toEqual([{ type: 'text', text }]);
    }
    expect(sanitizeText(hostile.zeroWidth, { hiddenRun: runs, mode: 'remove' })).toMatchObject({
      text: 'paypal',
      parts: [{ type: 'text', text: 'paypal' }],
    });
    expect(sanitizeText('', { hiddenRun: runs }).parts).toEqual([]);
  });

  it('never cuts a run label, and ends a cut with "…" in the parts too', () => {
    const result = sanitizeText(`abc${'\u200B'.repeat(5)}defghij`, {
      hiddenRun: runs,
      maxLength: 12,
    });
    expect(result).toMatchObject({ text: 'abc…', truncated: true });
    const cut = sanitizeText(`abc${'\u200B'.repeat(5)}defghijklmnop`, {
      hiddenRun: runs,
      maxLength: 14,
    });
    expect(cut.text).toBe('abc[5 hidden]…');
    expect(cut.parts.at(-1)).toEqual({ type: 'text', text: '…' });
  });

  it('stays bounded by maxLength on a megabyte of hidden characters, codes included', () => {
    const result = sanitizeText('\u200B'.repeat(1_000_000), { hiddenRun: runs, maxLength: 200 });
    expect(result.truncated).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(200);
    const [run] = result.parts;
    expect(run).toMatchObject({ type: 'hidden' });
    expect(run?.type === 'hidden' && run.codes.length).toBeLessThanOrEqual(2049);
    expect(run?.type === 'hidden' && run.codes.endsWith('…')).toBe(true);
  });

  it('parts always read back as the text, safely, within the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.integer({ min: 1, max: 400 }),
        fc.boolean(),
        (input, maxLength, multiline) => {
          const result = sanitizeText(input, { maxLength, multiline, hiddenRun: runs });
          expect(result.text.length).toBeLessThanOrEqual(maxLength);
          expect(joined(result.parts)).toBe(result.text);
          for (const part of result.parts) {
            const shown = part.type === 'text' ? part.text : part.codes;
            expect(shown).not.toMatch(DANGEROUS);
            expect(shown).not.toMatch(/[\uD800-\uDFFF]/u);
            if (part.type === 'hidden') expect(part.count).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
