import { createManualClock } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { createPermissionPrompt, type PermissionApi } from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { hostileCallFor, hostileCorpus } from '../../../test/scenarios/hostile-corpus.js';
import { catalog, promptRequest, shownStrings } from './support.js';

/**
 * Issue 16: server text posing as the kit. A tool titled "Low risk · read-only" or "Allow once
 * ✅ SAFE" must not reach the sheet's header (the kit's title and risk badge), and a title of
 * 200 zero-width characters must be one "200 hidden characters" chip, not 1,600 characters of
 * codes. Every locale, on the model every renderer draws.
 */
const LOCALES = ['en-US', 'pt-BR', 'de-DE', 'es-ES', 'ja-JP', 'ar'] as const;
const { kitRiskLabel, kitAnswerLabel, zeroWidth200 } = hostileCorpus as Record<string, string>;

function apiFor(text: string, locale: string): PermissionApi {
  const { tool, server, args } = hostileCallFor(text);
  const prompt = createPermissionPrompt(promptRequest(tool, { server, args }), {
    clock: createManualClock(),
    locale,
  });
  return prompt.connect();
}

/** The locale's messages that take no values: the only strings a header may hold. */
const kitStrings = (locale: string) =>
  new Set(Object.values(catalog(locale)).filter((message) => !message.includes('{')));

describe('a title that mimics the kit’s labels stays out of the header', () => {
  for (const locale of LOCALES) {
    it.each([
      ['kitRiskLabel', kitRiskLabel!],
      ['kitAnswerLabel', kitAnswerLabel!],
      ['zeroWidth200', zeroWidth200!],
    ])(`${locale}: %s`, (_, text) => {
      const api = apiFor(text, locale);
      const kit = kitStrings(locale);
      // Shown strings only: the tier, colour role, badge key and reason ids are data.
      const header = shownStrings(api.header, new Set(['tier', 'colorRole', 'badge', 'reason']));
      expect(header.length).toBeGreaterThan(1);
      for (const [path, shown] of header) {
        expect({ path, kit: kit.has(shown) }).toEqual({ path, kit: true });
      }
      expect(api.header.title).toBe(createTranslator(locale).t('mcp.permission.title'));
      // The tool is open-world and may write: the kit's badge says high, whatever the title says.
      expect(api.header.risk.tier).toBe('high');
      // The server's words are in the "From the server" container instead.
      const words = api.fromServer.title?.parts.map((p) => (p.type === 'text' ? p.text : ''));
      expect(words?.join('')).toBe(text.replaceAll('\u200B', ''));
    });
  }

  it('the mimicking title is shown as the server’s, under "From the server"', () => {
    const api = apiFor(kitRiskLabel!, 'en-US');
    expect(api.fromServer.heading).toBe('From the server');
    expect(api.fromServer.title).toEqual({
      text: 'Low risk · read-only',
      parts: [{ type: 'text', text: 'Low risk · read-only' }],
      truncated: false,
    });
    expect(api.header.risk.label).not.toBe('Low risk · read-only');
    expect(JSON.stringify(api.header)).not.toContain('SAFE');
  });
});

describe('200 zero-width characters are one chip', () => {
  for (const locale of LOCALES) {
    it(`${locale}: each run in the title and description is one chip with the count, no codes inline`, () => {
      const api = apiFor(zeroWidth200!, locale);
      const label = createTranslator(locale).t('mcp.text.hidden_run', { count: 200 });
      for (const shown of [api.fromServer.title, api.fromServer.description]) {
        // The description is the text twice, on two lines: two runs, each one chip.
        const hidden = shown?.parts.filter((part) => part.type === 'hidden') ?? [];
        expect(hidden.length).toBeGreaterThan(0);
        for (const part of hidden) expect(part).toMatchObject({ count: 200, label });
        expect(shown?.text).toContain(label);
      }
      // Anything shown as text (labels, summary, announcement, …) has no row of codes; only a
      // chip's own `codes`, shown when the reader opens it, spells them out. (The arguments
      // preview is exactly what would be sent, every character as its code: not server prose.)
      for (const [path, shown] of shownStrings(api, new Set(['codes', 'args']))) {
        expect({ path, codes: shown.includes('\\u{200B}') }).toEqual({ path, codes: false });
      }
      expect(api.fromServer.title!.text.length).toBeLessThan(60);
      expect(api.announcement).not.toContain('\\u{200B}');
    });
  }
});
