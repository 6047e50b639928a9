/**
 * Packs workspace packages the way `npm publish` would, for the checks that look at or install
 * what a host gets: the hardening suite (publint, type resolution) and the consumer apps.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One package packed by {@link packPackages}. */
export interface PackedPackage {
  /** The package name, `@mcp-consent/engine`. */
  name: string;
  version: string;
  /** Its folder relative to the repository root, `packages/engine`. */
  dir: string;
  /** The tarball's absolute path. */
  path: string;
  /** Paths inside the package (`dist/index.js`, `README.md`…). */
  files: string[];
  /** Bytes of the tarball. */
  size: number;
  unpackedSize: number;
}

/**
 * The folders (relative to `root`) of the workspace packages that are published: every
 * `packages/*` and `apps/*` whose package.json is not `"private": true`.
 */
export function publishableDirs(root: string): string[] {
  return ['packages', 'apps'].flatMap((parent) =>
    readdirSync(join(root, parent))
      .map((name) => `${parent}/${name}`)
      .filter((dir) => {
        const file = join(root, dir, 'package.json');
        return (
          existsSync(file) &&
          !(JSON.parse(readFileSync(file, 'utf8')) as { private?: boolean }).private
        );
      }),
  );
}

/**
 * `npm pack` of `dirs` (relative to `root`) into `destination`, in one npm run, without
 * lifecycle scripts (the build is done before). Throws with npm's message when it fails.
 */
export function packPackages(root: string, dirs: string[], destination: string): PackedPackage[] {
  const pack = spawnSync(
    'npm',
    [
      'pack',
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      destination,
      ...dirs.map((dir) => `./${dir}`),
    ],
    { cwd: root, encoding: 'utf8', timeout: 120_000, env: process.env },
  );
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const results = JSON.parse(pack.stdout) as Array<{
    name: string;
    version: string;
    filename: string;
    files: Array<{ path: string }>;
    size: number;
    unpackedSize: number;
  }>;
  return results.map((result, i) => ({
    name: result.name,
    version: result.version,
    dir: dirs[i]!,
    path: join(destination, result.filename),
    files: result.files.map((file) => file.path),
    size: result.size,
    unpackedSize: result.unpackedSize,
  }));
}
