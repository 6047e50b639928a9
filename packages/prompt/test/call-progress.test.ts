import { callProgressAnatomy, connectCallProgress } from '@mcp-consent/prompt';
import { createTranslator } from '@mcp-consent/i18n';
import { describe, expect, it } from 'vitest';
import { hostileEverything } from '../../../test/scenarios/hostile-corpus.js';

const en = createTranslator('en-US');
/** Control, bidi, zero-width and tag characters: none may reach a renderer. */
const unsafe = (c: string) => {
  const code = c.codePointAt(0)!;
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff ||
    (code >= 0xe0000 && code <= 0xe007f)
  );
};

describe('connectCallProgress: the running call in every status area', () => {
  it('says which tool runs and how far, with a bar when the server gave a total', () => {
    const api = connectCallProgress({ progress: { tool: 'notes_put', progress: 3, total: 10 } });
    expect(api.label).toBe(en.t('mcp.progress.running', { tool: 'notes_put' }));
    expect(api.label).toBe('Running notes_put…');
    expect(api.count).toBe('3 of 10');
    expect(api.percent).toBe(30);
    expect(api.props.bar).toMatchObject({ role: 'progressbar', 'aria-valuenow': '30' });
    expect(api.props.progress).toMatchObject({ role: 'status', 'aria-live': 'polite' });
    expect(api.message).toBeNull();
  });

  it('without a usable total: a count and an indeterminate bar (no aria-valuenow)', () => {
    for (const total of [undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const api = connectCallProgress({ progress: { tool: 't', progress: 4, total } });
      expect(api.count).toBe('Progress: 4');
      expect(api.percent).toBeNull();
      expect(api.props.bar['aria-valuenow']).toBeUndefined();
    }
  });

  it('never shows more than 100 % or less than 0, whatever the server counts', () => {
    expect(connectCallProgress({ progress: { tool: 't', progress: 15, total: 10 } }).percent).toBe(
      100,
    );
    const negative = connectCallProgress({ progress: { tool: 't', progress: -5, total: 10 } });
    expect(negative.percent).toBe(0);
    expect(negative.count).toBe('0 of 10');
  });

  it("keeps the server's note apart, under the kit's label, cleaned", () => {
    const api = connectCallProgress({
      progress: { tool: 't', progress: 1, message: 'Copying\u202e files\u0007' },
    });
    expect(api.message?.label).toBe(en.t('mcp.progress.server_says'));
    expect([...api.message!.text].filter(unsafe)).toEqual([]);
    expect(api.message?.text).toContain('Copying');
    expect(api.props.message).toMatchObject({ dir: 'auto' });
    expect(api.label).not.toContain('Copying');
  });

  it('hostile tool names and notes reach no renderer as control, bidi or invisible characters', () => {
    const api = connectCallProgress({
      progress: { tool: hostileEverything, progress: 1, total: 2, message: hostileEverything },
    });
    for (const text of [api.label, api.count, api.message!.text]) {
      expect([...text].filter(unsafe)).toEqual([]);
    }
  });

  it('speaks the locale: pt-BR and right-to-left Arabic', () => {
    const pt = connectCallProgress({
      locale: 'pt-BR',
      progress: { tool: 'x', progress: 2, total: 4 },
    });
    expect(pt.label).toBe('Executando x…');
    expect(pt.count).toBe('2 de 4');
    const ar = connectCallProgress({ locale: 'ar', progress: { tool: 'x', progress: 2 } });
    expect(ar.props.progress).toMatchObject({ dir: 'rtl', lang: 'ar' });
  });

  it('names its parts once', () => {
    const api = connectCallProgress({ progress: { tool: 't', progress: 0 } });
    expect(Object.keys(api.props).sort()).toEqual([...callProgressAnatomy].sort());
    for (const part of callProgressAnatomy)
      expect(api.props[part]).toMatchObject({ 'data-scope': 'progress', 'data-part': part });
  });
});
