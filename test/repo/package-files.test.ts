import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishableDirs } from '../support/pack.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs = publishableDirs(root);

interface Manifest {
  name: string;
  license?: string;
  engines?: { node?: string };
  files?: string[];
}

/**
 * npm packs the LICENSE of the package's own folder, not the repository's: each published
 * package keeps a copy, and it must be the same text. test/consumers checks the tarballs.
 */
describe('published packages', () => {
  it('are the libraries, the PostgreSQL store and the terminal host', () => {
    expect(dirs).toEqual(
      expect.arrayContaining(['packages/engine', 'packages/postgres', 'apps/terminal']),
    );
    expect(dirs).toHaveLength(9);
  });

  it.each(dirs)(
    '%s has the repository LICENSE (MIT), a CHANGELOG.md and says where both go',
    (dir) => {
      const license = readFileSync(join(root, 'LICENSE'), 'utf8');
      expect(license).toMatch(
        /^MIT License\n\nCopyright \(c\) 2026 MCP Consent Kit contributors\n/,
      );
      expect(readFileSync(join(root, dir, 'LICENSE'), 'utf8')).toBe(license);
      expect(existsSync(join(root, dir, 'CHANGELOG.md'))).toBe(true);
      const manifest = JSON.parse(
        readFileSync(join(root, dir, 'package.json'), 'utf8'),
      ) as Manifest;
      const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
      expect(manifest.license).toBe('MIT');
      expect(manifest.engines?.node).toBe(rootManifest.engines?.node);
      expect(manifest.files).toEqual(
        expect.arrayContaining(['dist', 'README.md', 'CHANGELOG.md', 'LICENSE']),
      );
    },
  );
});
