import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../src/codegen.js';
import { readSourceCatalogs, repoRoot } from '../scripts/sources.js';

describe('precompiled catalogs', () => {
  const files = generateFiles(readSourceCatalogs());

  it.each([...files.keys()])('%s is up to date with /locales (npm run generate)', (path) => {
    expect(readFileSync(join(repoRoot, path), 'utf8')).toBe(files.get(path));
  });

  it('refuses a catalog with a missing key or a message that does not parse', () => {
    const sources = readSourceCatalogs();
    const { ['mcp.permission.title']: _dropped, ...rest } = sources['pt-BR']!;
    expect(() => generateFiles({ ...sources, 'pt-BR': rest })).toThrow(
      /pt-BR: missing keys \[mcp\.permission\.title\]/,
    );
    const broken = { ...sources['de-DE']!, 'mcp.permission.from': 'Von {server' };
    expect(() => generateFiles({ ...sources, 'de-DE': broken })).toThrow(
      /de-DE: message "mcp\.permission\.from" does not parse/,
    );
  });
});
