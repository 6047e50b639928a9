/**
 * The package entries whose bundle size is measured (and budgeted), each with
 * its dependencies, as a browser host's bundler would ship them.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface SizeEntry {
  /** Budget key and table label, e.g. "elements (without lit)". */
  id: string;
  /** What is bundled, in words. */
  what: string;
  /** Entry source file, relative to the repository root. */
  source: string;
  /** Imports left out of the bundle (a peer dependency the host already ships). */
  external?: readonly RegExp[];
  /** Replace the i18n catalogs with en-US alone (what a lazily loaded catalog would cost). */
  oneLocale?: boolean;
  /**
   * `node`: resolved with Node's export conditions and Node built-ins left out (a terminal
   * renderer, which ships as an npm dependency of a CLI). @default 'browser'
   */
  platform?: 'browser' | 'node';
}

const LIT = [/^lit($|\/)/, /^lit-html($|\/)/, /^lit-element($|\/)/, /^@lit\//];
const REACT = [/^react($|\/)/, /^react-dom($|\/)/, /^scheduler($|\/)/];
const INK = [/^ink($|\/)/, /^react($|\/)/, /^react-reconciler($|\/)/, /^scheduler($|\/)/];

export const sizeEntries: readonly SizeEntry[] = [
  { id: 'engine', what: '@mcp-consent/engine', source: 'packages/engine/src/index.ts' },
  {
    id: 'engine/idb',
    what: '@mcp-consent/engine/idb with idb-keyval',
    source: 'packages/engine/src/idb/index.ts',
  },
  {
    id: 'i18n',
    what: '@mcp-consent/i18n: runtime (@formatjs/intl) + all 7 locales',
    source: 'packages/i18n/src/index.ts',
  },
  {
    id: 'i18n (en-US only)',
    what: '@mcp-consent/i18n runtime with the en-US catalog alone',
    source: 'packages/i18n/src/index.ts',
    oneLocale: true,
  },
  {
    id: 'prompt',
    what: '@mcp-consent/prompt with engine and i18n',
    source: 'packages/prompt/src/index.ts',
  },
  {
    id: 'mcp',
    what: '@mcp-consent/mcp with engine, prompt, i18n and the parts of the MCP SDK it imports',
    source: 'packages/mcp/src/index.ts',
  },
  {
    id: 'mcp/v2',
    what: '@mcp-consent/mcp/v2 with engine, prompt, i18n and the parts of the v2 MCP client it imports',
    source: 'packages/mcp/src/v2.ts',
  },
  {
    id: 'elements (without lit)',
    what: '@mcp-consent/elements, lit external',
    source: 'packages/elements/src/index.ts',
    external: LIT,
  },
  {
    id: 'elements (with lit)',
    what: '@mcp-consent/elements with lit',
    source: 'packages/elements/src/index.ts',
  },
  {
    id: 'react (without react)',
    what: '@mcp-consent/react, react and react-dom external',
    source: 'packages/react/src/index.ts',
    external: REACT,
  },
  {
    id: 'ink (without react, ink)',
    what: '@mcp-consent/ink for Node, react and ink external',
    source: 'packages/ink/src/index.ts',
    external: INK,
    platform: 'node',
  },
];

/** Entries whose source exists in this checkout (renderers land later). */
export function presentEntries(): SizeEntry[] {
  return sizeEntries.filter((entry) => sourceExists(entry));
}

export function sourceExists(entry: SizeEntry): boolean {
  return existsSync(`${repoRoot}${entry.source}`);
}
