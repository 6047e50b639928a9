// Regenerates the precompiled catalogs, typed ids and the pseudo-locale from /locales.
// Usage: npm run generate -w @mcp-consent/i18n
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateFiles } from './codegen.js';
import { readSourceCatalogs, repoRoot } from './sources.js';

for (const [path, content] of generateFiles(readSourceCatalogs())) {
  const target = join(repoRoot, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
  console.log(`wrote ${path}`);
}
