/**
 * Fresh host apps made from the templates in `apps/`, outside the repository, with every
 * `@mcp-consent/*` package installed from its packed tarball and the rest from the registry
 * (its local cache first). See README.md.
 */
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PackedPackage } from '../support/pack.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const APPS = ['vite-lit', 'vite-react', 'node-ink'] as const;
export type AppName = (typeof APPS)[number];

const templates = fileURLToPath(new URL('./apps/', import.meta.url));

/**
 * The environment for npm, the apps' build tools and the apps themselves: this process's, less
 * what `npm test` adds. `npm run` puts the repository's `node_modules/.bin` first on PATH (a
 * consumer's `npx mcp-consent` would run the workspace's link) and names the repository as
 * npm's project (`npm_config_local_prefix`); vitest sets NODE_ENV=test.
 */
export function consumerEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      value === undefined ||
      /^(npm_(?!config_)|npm_config_(local_prefix|call|workspace))/i.test(key)
    )
      continue;
    env[key] = value;
  }
  for (const key of ['INIT_CWD', 'NODE_ENV', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'TEST'])
    delete env[key];
  env.PATH = (env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !entry.includes('node_modules') && !entry.startsWith(root))
    .join(delimiter);
  return { ...env, ...extra };
}

/**
 * Copies the template of `app` to `into` and points its `@mcp-consent/*` dependencies at the
 * tarballs. Every packed package is also an override, so a package's dependency on another
 * (`@mcp-consent/elements` → `@mcp-consent/prompt`) resolves to its tarball, never the registry.
 */
export function createApp(app: AppName, into: string, packed: PackedPackage[]): string {
  const dir = join(into, app);
  cpSync(join(templates, app), dir, { recursive: true });
  const file = join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    dependencies: Record<string, string>;
    overrides?: Record<string, string>;
  };
  const tarball = new Map(packed.map((pkg) => [pkg.name, `file:${pkg.path}`]));
  for (const name of Object.keys(manifest.dependencies)) {
    if (!name.startsWith('@mcp-consent/')) continue;
    const spec = tarball.get(name);
    if (!spec) throw new Error(`${app} depends on ${name}, which was not packed`);
    manifest.dependencies[name] = spec;
  }
  manifest.overrides = Object.fromEntries(tarball);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** Runs a command to its end (never throws for its exit code). */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<Ran> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? consumerEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 180_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

/** {@link run}, failing with the command's output when it does not exit 0. */
export async function mustRun(
  command: string,
  args: string[],
  options: Parameters<typeof run>[2],
): Promise<Ran> {
  const ran = await run(command, args, options);
  if (ran.code !== 0)
    throw new Error(
      `\`${command} ${args.join(' ')}\` in ${options.cwd} exited ${ran.code}:\n` +
        `${ran.stdout.slice(-3000)}\n${ran.stderr.slice(-3000)}`,
    );
  return ran;
}

/** Seconds each step of an app took, for the suite's summary line. */
export type Timings = Record<string, number>;

/**
 * Creates `app` under `into`, installs it (`npm install --prefer-offline`: the tarballs, and
 * the registry cache for the rest) and builds it (`npm run build`: tsc, and vite for the web
 * apps). Resolves with the app's folder and what each step took.
 */
export async function prepareApp(
  app: AppName,
  into: string,
  packed: PackedPackage[],
): Promise<{ dir: string; timings: Timings }> {
  const dir = createApp(app, into, packed);
  const install = await mustRun(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: dir },
  );
  const build = await mustRun('npm', ['run', 'build', '--silent'], { cwd: dir });
  return { dir, timings: { install: install.seconds, build: build.seconds } };
}
