import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { pseudoLocalize } from './pseudo.js';

/**
 * Build-time code generation (run by `npm run generate -w @mcp-consent/i18n`, checked by
 * a test): turns the human-edited `/locales/*.json` into precompiled ICU ASTs under
 * `src/generated/`, the typed message ids, and the generated pseudo-locale `en-XA.json`.
 * Pure: file contents in, file contents out, paths relative to the repository root.
 */

export type SourceCatalogs = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** How messages are parsed, at build time and in the tests. Tags are plain text. */
export const PARSE_OPTIONS = { ignoreTag: true, requiresOtherClause: true } as const;

export const SOURCE_LOCALE = 'en-US';
export const PSEUDO_LOCALE = 'en-XA';
export const GENERATED_DIR = 'packages/i18n/src/generated';

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
export function pseudoCatalog(source: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, message] of Object.entries(source)) {
    out[id] = printAST(pseudoLocalize(parse(message, PARSE_OPTIONS)));
  }
  return out;
}

const HEADER = (from: string) =>
  `// Generated from ${from} by \`npm run generate -w @mcp-consent/i18n\`. Do not edit.\n`;

function catalogModule(locale: string, compiled: Record<string, MessageFormatElement[]>): string {
  const lines = Object.entries(compiled).map(
    ([id, ast]) => `  ${JSON.stringify(id)}: ${JSON.stringify(ast)},`,
  );
  return (
    HEADER(`/locales/${locale}.json`) +
    `import type { CompiledMessages } from '../types.js';\n\n` +
    `// prettier-ignore\n` +
    `export const messages: CompiledMessages = {\n${lines.join('\n')}\n};\n`
  );
}

function idsModule(compiled: Record<string, MessageFormatElement[]>): string {
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
    HEADER(`/locales/${SOURCE_LOCALE}.json`) +
    `\n/** Every message id, in the order of the en-US catalog. */\n` +
    `// prettier-ignore\n` +
    `export const messageIds = [\n${ids.map((id) => `  '${id}',`).join('\n')}\n] as const;\n\n` +
    `export type MessageId = (typeof messageIds)[number];\n\n` +
    `/** The values each message takes; \`never\` when it has no placeholders. */\n` +
    `// prettier-ignore\n` +
    `export interface MessageValues {\n${values.join('\n')}\n}\n`
  );
}

/**
 * All generated files for the given source catalogs (every `/locales/*.json` except the
 * generated pseudo-locale). Throws on a message that does not parse or a catalog whose
 * keys differ from en-US.
 */
export function generateFiles(sources: SourceCatalogs): Map<string, string> {
  const en = sources[SOURCE_LOCALE];
  if (!en) throw new Error(`missing the source catalog ${SOURCE_LOCALE}`);
  const ids = Object.keys(en);
  const all: Record<string, Readonly<Record<string, string>>> = {
    ...sources,
    [PSEUDO_LOCALE]: pseudoCatalog(en),
  };
  const files = new Map<string, string>();
  files.set(`locales/${PSEUDO_LOCALE}.json`, `${JSON.stringify(all[PSEUDO_LOCALE], null, 2)}\n`);
  for (const [locale, source] of Object.entries(all)) {
    checkKeys(locale, ids, source);
    // Key order follows en-US in every generated module.
    const ordered = Object.fromEntries(ids.map((id) => [id, source[id]!]));
    const compiled = parseCatalog(locale, ordered);
    if (locale === SOURCE_LOCALE) files.set(`${GENERATED_DIR}/message-ids.ts`, idsModule(compiled));
    files.set(`${GENERATED_DIR}/${locale}.ts`, catalogModule(locale, compiled));
  }
  return files;
}
