/**
 * Minified + gzipped size of an entry with its dependencies: a Vite 8
 * library build (Rolldown, Oxc minifier, ES module output, production mode,
 * browser conditions, or Node's for a terminal renderer) kept in memory, then
 * gzip level 9 of every chunk. Always the production build, whatever NODE_ENV
 * the process runs with (`lib/vite.ts`).
 */
import { builtinModules } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rollup } from 'vite';
import { productionConfig } from '../lib/vite.js';
import { repoRoot, type SizeEntry } from './entries.js';

export interface SizeResult {
  id: string;
  /** Minified bytes, all chunks. */
  minified: number;
  /** Gzipped bytes (level 9), all chunks. */
  gzip: number;
}

const VIRTUAL_CATALOGS = '\0bench-one-locale-catalogs';

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Makes `@mcp-consent/i18n` see a catalog table with en-US alone. */
function oneLocalePlugin(): Plugin {
  return {
    name: 'bench-one-locale',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './catalogs.js' && importer?.includes('/packages/i18n/src/')) {
        return VIRTUAL_CATALOGS;
      }
      return undefined;
    },
    load(id) {
      if (id !== VIRTUAL_CATALOGS) return undefined;
      const enUS = `${repoRoot}packages/i18n/src/generated/en-US.ts`;
      return `import { messages } from ${JSON.stringify(enUS)};\nexport const catalogs = { 'en-US': messages };\n`;
    },
  };
}

export async function measureEntry(entry: SizeEntry): Promise<SizeResult> {
  const output = await build({
    ...productionConfig(entry.platform),
    root: repoRoot,
    plugins: entry.oneLocale ? [oneLocalePlugin()] : [],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      copyPublicDir: false,
      emptyOutDir: false,
      outDir: `${repoRoot}node_modules/.cache/bench-size`,
      lib: { entry: `${repoRoot}${entry.source}`, formats: ['es'], fileName: 'entry' },
      rolldownOptions: {
        external: (id: string) =>
          (entry.platform === 'node' && NODE_BUILTINS.has(id)) ||
          (entry.external?.some((re) => re.test(id)) ?? false),
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RolldownOutput[];
  let minified = 0;
  let gzip = 0;
  for (const result of outputs) {
    for (const chunk of result.output) {
      const code = chunk.type === 'chunk' ? chunk.code : chunk.source;
      const bytes = typeof code === 'string' ? Buffer.from(code) : Buffer.from(code);
      minified += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
  }
  return { id: entry.id, minified, gzip };
}

/** Measures entries concurrently (Rolldown builds off the main thread); rejects if any build fails. */
export async function measureEntries(entries: readonly SizeEntry[]): Promise<SizeResult[]> {
  const settled = await measureEntriesSettled(entries);
  return settled.map((result) => {
    if ('error' in result) throw result.error;
    return result;
  });
}

/** Like `measureEntries`, but a failed build is returned as `{ id, error }`. */
export function measureEntriesSettled(
  entries: readonly SizeEntry[],
): Promise<(SizeResult | { id: string; error: Error })[]> {
  return Promise.all(
    entries.map((entry) =>
      measureEntry(entry).catch((error: unknown) => ({
        id: entry.id,
        error: error instanceof Error ? error : new Error(String(error)),
      })),
    ),
  );
}
