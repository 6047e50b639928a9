import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { messageIds, supportedLocales } from '@mcp-consent/i18n';
import { appMessageIds } from '@mcp-consent/i18n/apps';
import { describe, expect, it } from 'vitest';
import { isAppMessageId, messageArguments, PARSE_OPTIONS } from '../scripts/codegen.js';
import { repoRoot } from '../scripts/sources.js';

type Sources = Record<string, Record<string, string>>;

const read = (dir: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(repoRoot, dir, `${locale}.json`), 'utf8')) as Record<string, string>;

const readAll = (dir: string): Sources =>
  Object.fromEntries(supportedLocales.map((locale) => [locale, read(dir, locale)]));

/** The library catalogs (every bundle carries them) and the apps' (only the apps load them). */
const sets = [
  { dir: 'locales', ids: messageIds as readonly string[], sources: readAll('locales') },
  {
    dir: 'locales/apps',
    ids: appMessageIds as readonly string[],
    sources: readAll('locales/apps'),
  },
];
const sources = sets[0]!.sources;
const en = sources['en-US']!;

/** Every plural/select in a message as "name:kind" with its arms, for comparing shapes. */
function branches(ast: readonly MessageFormatElement[], out = new Map<string, Set<string>>()) {
  for (const element of ast) {
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const key = `${element.value}:${element.type === TYPE.plural ? 'plural' : 'select'}`;
      const arms = out.get(key) ?? new Set<string>();
      for (const [arm, option] of Object.entries(element.options)) {
        arms.add(arm);
        branches(option.value, out);
      }
      out.set(key, arms);
    }
  }
  return out;
}

const R9: Record<string, [string, string]> = {
  'mcp.permission.title': ['Allow this tool to run?', 'Permitir execução desta ferramenta?'],
  'mcp.permission.from': ['From {server}', 'Do servidor {server}'],
  'mcp.permission.action.allow_once': ['Allow once', 'Permitir uma vez'],
  'mcp.permission.action.allow_always': ['Allow always', 'Permitir sempre'],
  'mcp.permission.action.deny_once': ['Deny once', 'Negar uma vez'],
  'mcp.permission.action.deny_always': ['Deny always', 'Negar sempre'],
  'mcp.permission.risk.low': ['Low risk · read-only', 'Risco baixo · somente leitura'],
  'mcp.permission.risk.medium': ['Medium risk', 'Risco médio'],
  'mcp.permission.risk.high': ['High risk · may modify data', 'Risco alto · pode modificar dados'],
};

describe('the catalogs in /locales', () => {
  it('carry the nine R9 keys word for word in en-US and pt-BR', () => {
    for (const [id, [enText, ptText]] of Object.entries(R9)) {
      expect(en[id], id).toBe(enText);
      expect(sources['pt-BR']![id], id).toBe(ptText);
    }
  });

  // One column ("Decisão") lists them side by side: a decision (a "permissão") is feminine.
  it('word every pt-BR decision of the history and the saved list in one gender', () => {
    const decisions = Object.entries(sources['pt-BR']!).filter(([id]) =>
      /^mcp\.(audit|grants)\.decision\./.test(id),
    );
    expect(decisions.length).toBeGreaterThanOrEqual(10);
    expect(decisions.filter(([, text]) => !/^(Permitida|Negada) /.test(text))).toEqual([]);
  });

  it('hold no app copy: mcp.cli.* and mcp.playground.* live in /locales/apps', () => {
    for (const locale of supportedLocales) {
      expect(Object.keys(sources[locale]!).filter(isAppMessageId), locale).toEqual([]);
    }
    expect(messageIds.filter(isAppMessageId)).toEqual([]);
  });

  it('/locales/apps holds app namespaces only, and no id is in both sets', () => {
    expect(appMessageIds.length).toBeGreaterThan(0);
    expect(appMessageIds.filter((id) => !isAppMessageId(id))).toEqual([]);
    const library = new Set<string>(messageIds);
    expect(appMessageIds.filter((id) => library.has(id))).toEqual([]);
  });
});

describe.each(sets)('the catalogs in /$dir', ({ ids, sources }) => {
  const en = sources['en-US']!;
  const parsed = (locale: string, id: string) => parse(sources[locale]![id]!, PARSE_OPTIONS);

  it('list exactly the typed message ids in en-US, in order', () => {
    expect(Object.keys(en)).toEqual([...ids]);
  });

  it.each(supportedLocales)('%s has every key and no unknown key', (locale) => {
    expect(Object.keys(sources[locale]!).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(supportedLocales)('%s: every message parses and no message is empty', (locale) => {
    for (const id of ids) {
      expect(sources[locale]![id]!.trim(), `${locale} ${id}`).not.toBe('');
      expect(() => parsed(locale, id), `${locale} ${id}`).not.toThrow();
    }
  });

  it.each(supportedLocales)('%s: placeholders and their kinds match en-US', (locale) => {
    for (const id of ids) {
      const expected = Object.fromEntries(messageArguments(parsed('en-US', id)));
      expect(Object.fromEntries(messageArguments(parsed(locale, id))), `${locale} ${id}`).toEqual(
        expected,
      );
    }
  });

  it.each(supportedLocales)(
    '%s: select arms equal en-US; plural arms are the locale’s categories',
    (locale) => {
      const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
      for (const id of ids) {
        const mine = branches(parsed(locale, id));
        const theirs = branches(parsed('en-US', id));
        expect([...mine.keys()].sort(), `${locale} ${id}`).toEqual([...theirs.keys()].sort());
        for (const [key, arms] of mine) {
          if (key.endsWith(':select')) {
            expect([...arms].sort(), `${locale} ${id}`).toEqual([...theirs.get(key)!].sort());
            continue;
          }
          expect(arms.has('other'), `${locale} ${id} needs "other"`).toBe(true);
          for (const arm of arms) {
            const valid = categories.has(arm as Intl.LDMLPluralRule) || /^=\d+$/.test(arm);
            expect(valid, `${locale} ${id}: arm "${arm}" is not a ${locale} category`).toBe(true);
          }
          // Exact arms (=0) are content, not grammar: keep them in every locale.
          for (const arm of theirs.get(key)!) {
            if (arm.startsWith('=')) expect(arms.has(arm), `${locale} ${id} ${arm}`).toBe(true);
          }
        }
      }
    },
  );

  it('Arabic plurals use all six of its categories', () => {
    for (const id of ids) {
      for (const [key, arms] of branches(parsed('ar', id))) {
        if (!key.endsWith(':plural')) continue;
        expect([...arms].filter((arm) => !arm.startsWith('=')).sort(), id).toEqual([
          'few',
          'many',
          'one',
          'other',
          'two',
          'zero',
        ]);
      }
    }
  });

  it.each(['pt-BR', 'es-ES', 'de-DE', 'ja-JP', 'ar'])(
    '%s translates every message (only names and codes may stay in English)',
    (locale) => {
      const sameAsEnglish = ids.filter((id) => sources[locale]![id] === en[id]);
      // Pure patterns of names and codes: a link is "{text} ({host})" in most languages. Key
      // names are what the keyboards of the language print (Tab and PgUp on many). Byte and KB
      // are the units' own words in Portuguese and Spanish too.
      const allowed =
        /column\.(tool|server)$|audit\.at$|field\.(optional|no)$|tool_args\.optional$|url\.host$|elicitation\.link$|\.key\.[a-z_]+$|policy\.error_at_file$|block\.size_(bytes|kb)$/;
      expect(sameAsEnglish.filter((id) => !allowed.test(id))).toEqual([]);
    },
  );
});
