import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PSEUDO_LOCALE, type CatalogSources, type SourceCatalogs } from './codegen.js';

/** The repository root (this file lives in packages/i18n/scripts). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Reads every human-edited catalog of one folder (all but the generated pseudo-locale). */
function readFolder(dir: string): SourceCatalogs {
  const out: Record<string, Record<string, string>> = {};
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json') || file === `${PSEUDO_LOCALE}.json`) continue;
    out[file.slice(0, -'.json'.length)] = JSON.parse(
      readFileSync(join(dir, file), 'utf8'),
    ) as Record<string, string>;
  }
  return out;
}

/** Reads the library catalogs in `/locales` and the apps' catalogs in `/locales/apps`. */
export function readSourceCatalogs(root = repoRoot): CatalogSources {
  return {
    library: readFolder(join(root, 'locales')),
    apps: readFolder(join(root, 'locales', 'apps')),
  };
}
