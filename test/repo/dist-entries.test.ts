import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Manifest {
  name: string;
  sideEffects?: boolean | string[];
  exports: Record<string, string | { source?: string; types?: string; default?: string }>;
}

const packages = readdirSync(`${root}/packages`).map((dir) => ({
  dir,
  manifest: JSON.parse(readFileSync(`${root}/packages/${dir}/package.json`, 'utf8')) as Manifest,
}));

/**
 * `npm test` builds before it tests; this proves each package's built `dist`
 * loads in plain Node (no `mcp-consent-source` condition, no TypeScript loader).
 */
describe.each(packages)('$manifest.name', ({ manifest }) => {
  const entries = Object.entries(manifest.exports).filter(
    ([, target]) => typeof target === 'object',
  );

  it('declares a source condition, types and a dist default for every entry, and side effects only in define', () => {
    // Only a custom-element `define` entry may have side effects (it registers tags).
    const effects = manifest.sideEffects;
    expect(
      effects === false ||
        (Array.isArray(effects) && effects.every((path) => /\/define\.(ts|js)$/.test(path))),
    ).toBe(true);
    expect(entries.length).toBeGreaterThan(0);
    for (const [, target] of entries) {
      expect(target).toMatchObject({
        'mcp-consent-source': expect.stringMatching(/^\.\/src\/.*\.tsx?$/),
        types: expect.stringMatching(/^\.\/dist\/.*\.d\.ts$/),
        default: expect.stringMatching(/^\.\/dist\/.*\.js$/),
      });
    }
  });

  it.each(entries.map(([subpath]) => subpath))('loads %s from dist in plain Node', (subpath) => {
    const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    const script = `const m = await import(${JSON.stringify(specifier)}); console.log(Object.keys(m).length);`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(Number(out.trim())).toBeGreaterThan(0);
  });
});
