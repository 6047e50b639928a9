import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { generateFiles, PARSE_OPTIONS } from '../scripts/codegen.js';
import { appCatalogs } from '../src/apps.js';
import { catalogs } from '../src/catalogs.js';
import { readSourceCatalogs, repoRoot } from '../scripts/sources.js';

describe('precompiled catalogs', () => {
  const files = generateFiles(readSourceCatalogs());

  it.each([...files.keys()])('%s is up to date with /locales (npm run generate)', (path) => {
    expect(readFileSync(join(repoRoot, path), 'utf8')).toBe(files.get(path));
  });

  it('generates the app catalogs apart from the library ones', () => {
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        'locales/apps/en-XA.json',
        'packages/i18n/src/generated/apps/message-ids.ts',
        'packages/i18n/src/generated/apps/ar.ts',
      ]),
    );
    const library = files.get('packages/i18n/src/generated/en-US.ts')!;
    expect(library).not.toMatch(/"mcp\.(cli|playground)\./);
    expect(files.get('packages/i18n/src/generated/message-ids.ts')).not.toMatch(
      /'mcp\.(cli|playground)\./,
    );
  });

  it('refuses a catalog with a missing key or a message that does not parse', () => {
    const sources = readSourceCatalogs();
    const { ['mcp.permission.title']: _dropped, ...rest } = sources.library['pt-BR']!;
    expect(() =>
      generateFiles({ ...sources, library: { ...sources.library, 'pt-BR': rest } }),
    ).toThrow(/pt-BR: missing keys \[mcp\.permission\.title\]/);
    const broken = { ...sources.library['de-DE']!, 'mcp.permission.from': 'Von {server' };
    expect(() =>
      generateFiles({ ...sources, library: { ...sources.library, 'de-DE': broken } }),
    ).toThrow(/de-DE: message "mcp\.permission\.from" does not parse/);
    const { ['mcp.cli.ask.tool']: _gone, ...appRest } = sources.apps['ja-JP']!;
    expect(() =>
      generateFiles({ ...sources, apps: { ...sources.apps, 'ja-JP': appRest } }),
    ).toThrow(/apps\/ja-JP: missing keys \[mcp\.cli\.ask\.tool\]/);
  });

  it('refuses app copy in the library catalogs, library copy in the apps ones, and a missing app locale', () => {
    const sources = readSourceCatalogs();
    const en = { ...sources.library['en-US']!, 'mcp.cli.extra': 'Extra' };
    expect(() =>
      generateFiles({ ...sources, library: { ...sources.library, 'en-US': en } }),
    ).toThrow(/locales\/en-US: "mcp\.cli\.extra" is app copy/);
    const apps = { ...sources.apps['en-US']!, 'mcp.permission.extra': 'Extra' };
    expect(() => generateFiles({ ...sources, apps: { ...sources.apps, 'en-US': apps } })).toThrow(
      /locales\/apps\/en-US: "mcp\.permission\.extra" is not in an app namespace/,
    );
    const { ar: _ar, ...withoutArabic } = sources.apps;
    expect(() => generateFiles({ ...sources, apps: withoutArabic })).toThrow(
      /locales\/apps has catalogs for/,
    );
  });

  it.each([
    ['locales/en-XA.json', catalogs['en-XA']],
    ['locales/apps/en-XA.json', appCatalogs['en-XA']],
  ])('derives en-XA at run time exactly as %s reads', (path, derived) => {
    const reviewed = JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Record<
      string,
      string
    >;
    const expected = Object.fromEntries(
      Object.entries(reviewed).map(([id, message]) => [id, parse(message, PARSE_OPTIONS)]),
    );
    expect(Object.keys(derived)).toEqual(Object.keys(expected));
    expect(derived).toEqual(expected);
    // The runtime's element numbers are the parser's.
    expect([TYPE.literal, TYPE.select, TYPE.plural, TYPE.tag]).toEqual([0, 5, 6, 8]);
  });
});
