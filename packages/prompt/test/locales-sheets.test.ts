import { createManualClock } from '@mcp-consent/engine';
import { supportedLocales } from '@mcp-consent/i18n';
import {
  createDryRunPrompt,
  createElicitationPrompt,
  type ElicitationFormApi,
  type ElicitationUrlApi,
} from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { catalog, fill, server, shownStrings, tools } from './support.js';

/** A message id such as `mcp.elicitation.title.form` leaking into the UI. */
const RAW_ID = /(^|[^\w-])mcp\.[a-z_]+\./;

const sheets = (locale: string) => {
  const clock = createManualClock();
  const form = createElicitationPrompt(
    {
      message: 'm',
      requestedSchema: { type: 'object', properties: { n: { type: 'string' } }, required: ['n'] },
    },
    { clock, locale, server },
  ).connect() as ElicitationFormApi;
  const url = createElicitationPrompt(
    { mode: 'url', message: 'm', url: 'https://example.com/', elicitationId: 'e' },
    { clock, locale, server },
  ).connect() as ElicitationUrlApi;
  const dryRun = createDryRunPrompt(
    { id: 'd', server, tool: tools.destructive, preview: { a: 1 }, hint: 'h' },
    { clock, locale },
  ).connect();
  return { form, url, dryRun };
};

describe.each(supportedLocales)('%s: elicitation and dry-run copy', (locale) => {
  const messages = catalog(locale);
  const { form, url, dryRun } = sheets(locale);
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  // In right-to-left locales the translator wraps server names in Unicode isolates.
  const serverName = dir === 'rtl' ? '\u2068Files\u2069' : 'Files';
  const shown = [form, url, dryRun].flatMap((api) => [
    api.title,
    api.keyHint,
    ...api.actions.map((a) => a.label),
  ]);

  it('has a title, action labels and a key hint from the catalog', () => {
    for (const text of shown) expect(text.trim()).not.toBe('');
    expect(form.title).toBe(fill(messages['mcp.elicitation.title.form']!, { server: serverName }));
    expect(url.title).toBe(fill(messages['mcp.elicitation.title.url']!, { server: serverName }));
    expect(dryRun.title).toBe(messages['mcp.dry_run.title']);
    expect([form.keyHint, url.keyHint]).toEqual([
      messages['mcp.elicitation.keys.hint'],
      messages['mcp.elicitation.keys.hint'],
    ]);
    expect(dryRun.keyHint).toBe(messages['mcp.dry_run.keys.hint']);
    expect(form.actions.map((a) => a.label)).toEqual(
      ['cancel', 'decline', 'accept'].map((a) => messages[`mcp.elicitation.action.${a}`]),
    );
    expect(url.actions.map((a) => a.label)).toEqual(
      ['cancel', 'decline_url', 'open'].map((a) => messages[`mcp.elicitation.action.${a}`]),
    );
    expect(dryRun.actions.map((a) => a.label)).toEqual([
      messages['mcp.dry_run.action.deny'],
      messages['mcp.dry_run.action.approve'],
    ]);
  });

  it('leaks no message id anywhere in the three models', () => {
    form.accept(); // shows the localized validation errors too
    for (const api of [form, url, dryRun]) {
      for (const [path, text] of shownStrings(api)) {
        expect({ path, raw: RAW_ID.test(text) }).toEqual({ path, raw: false });
      }
    }
  });

  it(`runs ${dir}, the URL itself always left to right`, () => {
    for (const api of [form, url, dryRun]) {
      expect(api.dir).toBe(dir);
      expect(api.locale).toBe(locale);
      expect(api.props.root).toMatchObject({ dir, lang: locale });
    }
    expect(url.props.url).toMatchObject({ dir: 'ltr' });
    expect(dryRun.props.preview).toMatchObject({ dir: 'ltr' });
  });
});

describe.each(supportedLocales.filter((locale) => locale !== 'en-US'))(
  '%s: elicitation and dry-run titles',
  (locale) => {
    it('are translated, not the en-US copy', () => {
      const { form, url, dryRun } = sheets(locale);
      const en = sheets('en-US');
      expect(form.title).not.toBe(en.form.title);
      expect(url.title).not.toBe(en.url.title);
      expect(dryRun.title).not.toBe(en.dryRun.title);
    });
  },
);
