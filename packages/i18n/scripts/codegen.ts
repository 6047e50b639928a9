import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { pseudoLocalize } from '../src/pseudo.js';

/**
 * Build-time code generation (run by `npm run generate -w @mcp-consent/i18n`, checked by
 * a test): turns the human-edited `/locales/*.json` (the library's copy) and
 * `/locales/apps/*.json` (the apps' copy) into precompiled ICU ASTs under `src/generated/`
 * and `src/generated/apps/`, the typed message ids of each, and the generated pseudo-locale
 * `en-XA.json` of each (for review only: the runtime derives en-XA from en-US with the same
 * `src/pseudo.ts`). Pure: file contents in, file contents out, paths relative to the
 * repository root.
 */

/** Locale → message id → ICU message, as read from one folder of `/locales`. */
export type SourceCatalogs = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * Both catalog sets. `library` (`/locales/*.json`) is bundled by every package that uses
 * `@mcp-consent/i18n`; `apps` (`/locales/apps/*.json`) only by the apps, through
 * `@mcp-consent/i18n/apps`, so a host's bundle never carries the kit's own apps' copy.
 */
export interface CatalogSources {
  library: SourceCatalogs;
  apps: SourceCatalogs;
}

/**
 * Namespaces of copy that only the kit's apps show (the terminal host, the playground).
 * They live in `/locales/apps`; the library catalogs must not hold them.
 */
export const APP_NAMESPACES = ['mcp.cli.', 'mcp.playground.'] as const;

export const isAppMessageId = (id: string): boolean =>
  APP_NAMESPACES.some((prefix) => id.startsWith(prefix));

/** How messages are parsed, at build time and in the tests. Tags are plain text. */
export const PARSE_OPTIONS = { ignoreTag: true, requiresOtherClause: true } as const;

export const SOURCE_LOCALE = 'en-US';
export const PSEUDO_LOCALE = 'en-XA';
export const GENERATED_DIR = 'packages/i18n/src/generated';
export const APPS_GENERATED_DIR = `${GENERATED_DIR}/apps`;

type ArgKind = 'text' | 'number' | 'date' | 'select';

const TS_TYPES: Record<ArgKind, string> = {
  text: 'string | number',
  number: 'number',
  date: 'Date | number',
  select: 'string',
};

/** Every placeholder of a message with what kind of value it takes. */
export function messageArguments(ast: readonly MessageFormatElement[]): Map<string, ArgKind> {
  const out = new Map<string, ArgKind>();
  const add = (name: string, kind: ArgKind) => {
    const seen = out.get(name);
    // A value used both as text and as a number must be a number.
    if (seen === undefined || seen === 'text') out.set(name, kind);
  };
  const walk = (elements: readonly MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) add(element.value, 'text');
      else if (element.type === TYPE.number) add(element.value, 'number');
      else if (element.type === TYPE.date || element.type === TYPE.time) add(element.value, 'date');
      else if (element.type === TYPE.plural) add(element.value, 'number');
      else if (element.type === TYPE.select) add(element.value, 'select');
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(ast);
  return out;
}

function parseCatalog(locale: string, source: Readonly<Record<string, string>>) {
  const out: Record<string, MessageFormatElement[]> = {};
  for (const [id, message] of Object.entries(source)) {
    try {
      out[id] = parse(message, PARSE_OPTIONS);
    } catch (error) {
      throw new Error(`${locale}: message "${id}" does not parse: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return out;
}

function checkKeys(
  locale: string,
  ids: readonly string[],
  source: Readonly<Record<string, string>>,
) {
  const missing = ids.filter((id) => !Object.hasOwn(source, id));
  const extra = Object.keys(source).filter((id) => !ids.includes(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `${locale}: missing keys [${missing.join(', ')}], unknown keys [${extra.join(', ')}]`,
    );
  }
}

/** The generated pseudo-locale catalog, as the JSON text written to `/locales/en-XA.json`. */
export function pseudoSourceCatalog(
  source: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, message] of Object.entries(source)) {
    out[id] = printAST(pseudoLocalize(parse(message, PARSE_OPTIONS)));
  }
  return out;
}

const HEADER = (from: string) =>
  `// Generated from ${from} by \`npm run generate -w @mcp-consent/i18n\`. Do not edit.\n`;

/** Where one catalog set comes from and goes to, and the names its generated modules use. */
interface CatalogSet {
  /** `/locales` folder of the source JSON, relative to the repository root. */
  sourceDir: string;
  generatedDir: string;
  /** Import of the `CompiledMessage`/`CompiledMessages` types, from the generated folder. */
  typesImport: string;
  /** The catalog type of a generated module; `CompiledMessages` for the library. */
  catalogType: string;
  idsName: string;
  idTypeName: string;
  valuesName: string;
}

const LIBRARY_SET: CatalogSet = {
  sourceDir: 'locales',
  generatedDir: GENERATED_DIR,
  typesImport: `import type { CompiledMessages } from '../types.js';\n`,
  catalogType: 'CompiledMessages',
  idsName: 'messageIds',
  idTypeName: 'MessageId',
  valuesName: 'MessageValues',
};

const APPS_SET: CatalogSet = {
  sourceDir: 'locales/apps',
  generatedDir: APPS_GENERATED_DIR,
  typesImport:
    `import type { CompiledMessage } from '../../types.js';\n` +
    `import type { AppMessageId } from './message-ids.js';\n`,
  catalogType: 'Readonly<Record<AppMessageId, CompiledMessage>>',
  idsName: 'appMessageIds',
  idTypeName: 'AppMessageId',
  valuesName: 'AppMessageValues',
};

function catalogModule(
  set: CatalogSet,
  locale: string,
  compiled: Record<string, MessageFormatElement[]>,
): string {
  const lines = Object.entries(compiled).map(
    ([id, ast]) => `  ${JSON.stringify(id)}: ${JSON.stringify(ast)},`,
  );
  return (
    HEADER(`/${set.sourceDir}/${locale}.json`) +
    `${set.typesImport}\n` +
    `// prettier-ignore\n` +
    `export const messages: ${set.catalogType} = {\n${lines.join('\n')}\n};\n`
  );
}

function idsModule(set: CatalogSet, compiled: Record<string, MessageFormatElement[]>): string {
  const ids = Object.keys(compiled);
  const values = ids.map((id) => {
    const args = [...messageArguments(compiled[id]!)];
    const shape =
      args.length === 0
        ? 'never'
        : `{ ${args.map(([name, kind]) => `${name}: ${TS_TYPES[kind]}`).join('; ')} }`;
    return `  '${id}': ${shape};`;
  });
  return (
    HEADER(`/${set.sourceDir}/${SOURCE_LOCALE}.json`) +
    `\n/** Every message id, in the order of the en-US catalog. */\n` +
    `// prettier-ignore\n` +
    `export const ${set.idsName} = [\n${ids.map((id) => `  '${id}',`).join('\n')}\n] as const;\n\n` +
    `export type ${set.idTypeName} = (typeof ${set.idsName})[number];\n\n` +
    `/** The values each message takes; \`never\` when it has no placeholders. */\n` +
    `// prettier-ignore\n` +
    `export interface ${set.valuesName} {\n${values.join('\n')}\n}\n`
  );
}

/** Adds the generated files of one catalog set to `files`. */
function generateSet(set: CatalogSet, sources: SourceCatalogs, files: Map<string, string>) {
  const en = sources[SOURCE_LOCALE];
  if (!en) throw new Error(`${set.sourceDir}: missing the source catalog ${SOURCE_LOCALE}`);
  const ids = Object.keys(en);
  const all: Record<string, Readonly<Record<string, string>>> = {
    ...sources,
    [PSEUDO_LOCALE]: pseudoSourceCatalog(en),
  };
  files.set(
    `${set.sourceDir}/${PSEUDO_LOCALE}.json`,
    `${JSON.stringify(all[PSEUDO_LOCALE], null, 2)}\n`,
  );
  for (const [locale, source] of Object.entries(all)) {
    checkKeys(`${set.sourceDir}/${locale}`, ids, source);
    // Key order follows en-US in every generated module.
    const ordered = Object.fromEntries(ids.map((id) => [id, source[id]!]));
    const compiled = parseCatalog(`${set.sourceDir}/${locale}`, ordered);
    if (locale === SOURCE_LOCALE) {
      files.set(`${set.generatedDir}/message-ids.ts`, idsModule(set, compiled));
    }
    // en-XA is derived from en-US at run time, so no bundle carries a module of it.
    if (locale !== PSEUDO_LOCALE) {
      files.set(`${set.generatedDir}/${locale}.ts`, catalogModule(set, locale, compiled));
    }
  }
}

/**
 * All generated files for the given source catalogs (every `/locales/*.json` and
 * `/locales/apps/*.json` except the generated pseudo-locale). Throws on a message that
 * does not parse, a catalog whose keys differ from its en-US, an app namespace in the
 * library catalogs (or a library key in the apps' ones), or a locale that has one catalog
 * and not the other.
 */
export function generateFiles(sources: CatalogSources): Map<string, string> {
  const misplaced = [
    ...Object.entries(sources.library).flatMap(([locale, catalog]) =>
      Object.keys(catalog)
        .filter(isAppMessageId)
        .map(
          (id) => `locales/${locale}: "${id}" is app copy; move it to locales/apps/${locale}.json`,
        ),
    ),
    ...Object.entries(sources.apps).flatMap(([locale, catalog]) =>
      Object.keys(catalog)
        .filter((id) => !isAppMessageId(id))
        .map(
          (id) =>
            `locales/apps/${locale}: "${id}" is not in an app namespace (${APP_NAMESPACES.join(', ')})`,
        ),
    ),
  ];
  if (misplaced.length > 0) throw new Error(misplaced.join('\n'));
  const libraryLocales = Object.keys(sources.library).sort();
  const appLocales = Object.keys(sources.apps).sort();
  if (libraryLocales.join() !== appLocales.join()) {
    throw new Error(
      `locales/apps has catalogs for [${appLocales.join(', ')}], locales for [${libraryLocales.join(', ')}]`,
    );
  }
  const files = new Map<string, string>();
  generateSet(LIBRARY_SET, sources.library, files);
  generateSet(APPS_SET, sources.apps, files);
  return files;
}
