/**
 * Packages a host can install (issue 19): every published package packed once as npm would
 * publish it, then installed from the tarballs (not the workspace) into three fresh apps outside
 * the repository, built, and run: Vite + Lit and Vite + React in Chromium, Node + Ink in a
 * pseudo-terminal, each showing a permission prompt that the test answers. See README.md.
 */
import { execFile, spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import { requirePythonPty } from '../../packages/ink/test/fixtures/python.js';
import { launchChromium, serveDirectory } from '../support/browser.js';
import { packPackages, publishableDirs, type PackedPackage } from '../support/pack.js';
import {
  APPS,
  consumerEnv,
  prepareApp,
  root,
  run,
  type AppName,
  type Timings,
} from './consumer-apps.js';

const execFileAsync = promisify(execFile);
const ptyRunner = fileURLToPath(
  new URL('../../packages/ink/test/fixtures/pty-run.py', import.meta.url),
);
const en = createTranslator('en-US');
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The permission sheet (Lit or React) once its input guard is over: answers count from then. */
const OPEN_SHEET =
  '[data-scope="permission"][data-part="root"][data-state="open"][data-guard="idle"]';

const work = mkdtempSync(join(tmpdir(), 'mcp-consent-consumers-'));
const started = performance.now();
let packed: PackedPackage[] = [];
let browser: Browser | undefined;
const apps = new Map<AppName, Promise<{ dir: string; timings: Timings }>>();
const timings: string[] = [];

/** The app, installed and built; a failed install or build fails only the tests of that app. */
async function app(name: AppName): Promise<string> {
  const ready = apps.get(name);
  if (!ready) throw new Error('the tarballs were not packed (see the first error)');
  return (await ready).dir;
}

beforeAll(async () => {
  const dirs = publishableDirs(root);
  const unbuilt = dirs.filter((dir) => !existsSync(join(root, dir, 'dist')));
  if (unbuilt.length > 0)
    throw new Error(`run \`npm run build\` first: no dist/ in ${unbuilt.join(', ')}`);
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  packed = packPackages(root, dirs, tarballs);
  timings.push(`pack ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // The three installs and builds run side by side; each test waits for its own app.
  for (const name of APPS) {
    const ready = prepareApp(name, work, packed);
    ready.then(
      ({ timings: t }) =>
        timings.push(`${name} install ${t.install!.toFixed(1)} s + build ${t.build!.toFixed(1)} s`),
      () => {},
    );
    apps.set(name, ready);
  }
  browser = await launchChromium();
  timings.push(`Chromium up at ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(apps.values());
  const testsDone = performance.now();
  await browser?.close();
  // Three node_modules trees: removing them took 30 s on a loaded machine, and nothing waits
  // for it, so `rm` goes on after the run.
  spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
  timings.push(`tests done at ${((testsDone - started) / 1000).toFixed(1)} s`);
  console.info(
    `[consumers] ${((performance.now() - started) / 1000).toFixed(1)} s in all: ${timings.join('; ')}`,
  );
});

async function openApp(
  name: AppName,
  renderer: string,
): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const dir = await app(name);
  // The bundle was made from the app's own node_modules: every file its source maps name is
  // inside the app, the renderer's among them, and its code names no file of this repository.
  const assets = join(dir, 'dist', 'assets');
  const sources = readdirSync(assets)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => {
      const map = JSON.parse(readFileSync(join(assets, file), 'utf8')) as { sources: string[] };
      return map.sources.map((source) => resolve(assets, source));
    });
  expect(sources.filter((source) => !source.startsWith(dir + sep))).toEqual([]);
  expect(sources.some((source) => source.includes(`/node_modules/${renderer}/`))).toBe(true);
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js')))
    expect(readFileSync(join(assets, file), 'utf8')).not.toContain(root);
  const server = await serveDirectory(join(dir, 'dist'));
  const context = await browser!.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(server.url);
  return {
    page,
    errors,
    async close() {
      await context.close();
      await server.close();
    },
  };
}

/** The app's `<output id="decision">` once it holds a decision. */
async function decision(page: Page): Promise<{ choice: string | null; text: string | null }> {
  const output = page.locator('#decision[data-choice]');
  await output.waitFor({ timeout: 30_000 });
  return { choice: await output.getAttribute('data-choice'), text: await output.textContent() };
}

// Each test waits only for its own app: the three installs, builds and runs overlap.
describe.concurrent('packed packages in fresh apps', () => {
  describe('npm pack', () => {
    it('gives every package a tarball with ESM, types, README, LICENSE and CHANGELOG, and nothing from test/', () => {
      expect(packed.map((pkg) => pkg.dir).sort()).toEqual(publishableDirs(root).sort());
      const license = readFileSync(join(root, 'LICENSE'), 'utf8');
      const problems: string[] = [];
      for (const pkg of packed) {
        const manifest = JSON.parse(readFileSync(join(root, pkg.dir, 'package.json'), 'utf8')) as {
          exports?: Record<string, string | Record<string, string>>;
          bin?: Record<string, string>;
          license?: string;
        };
        const files = new Set(pkg.files);
        const expected = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];
        // Every export's built JavaScript and types; a command's bin and what it loads.
        for (const target of Object.values(manifest.exports ?? {})) {
          if (typeof target === 'string') continue; // ./package.json, a JSON schema
          expected.push(target.default!, target.types!);
        }
        if (manifest.bin) expected.push(...Object.values(manifest.bin), 'dist/cli.js');
        for (const file of expected)
          if (!files.has(file.replace(/^\.\//, ''))) problems.push(`${pkg.name}: no ${file}`);
        for (const file of pkg.files)
          if (/(^|\/)(test|tests|__tests__)\/|\.test\.[cm]?[jt]sx?$/.test(file))
            problems.push(`${pkg.name}: ships ${file}`);
        if (manifest.license !== 'MIT') problems.push(`${pkg.name}: license ${manifest.license}`);
        if (readFileSync(join(root, pkg.dir, 'LICENSE'), 'utf8') !== license)
          problems.push(`${pkg.name}: LICENSE differs from the repository's`);
      }
      expect(problems).toEqual([]);
      console.info(
        `[consumers] tarballs: ${packed
          .map((pkg) => `${pkg.name} ${(pkg.size / 1024).toFixed(0)} kB, ${pkg.files.length} files`)
          .join('; ')}`,
      );
    });
  });

  describe('installed from the tarballs', () => {
    it.each(APPS)(
      '%s has every @mcp-consent package from a tarball, none from the workspace',
      async (name) => {
        const dir = await app(name);
        expect(dir.startsWith(root)).toBe(false);
        // The lockfile: each @mcp-consent package (at any depth) came from one of the packed tarballs.
        const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
          packages: Record<string, { resolved?: string; version?: string; link?: boolean }>;
        };
        const entries = Object.entries(lock.packages).filter(([path]) =>
          /(^|\/)node_modules\/@mcp-consent\//.test(path),
        );
        expect(entries.length).toBeGreaterThan(1);
        const tarballs = new Set(packed.map((pkg) => basename(pkg.path)));
        for (const [path, entry] of entries) {
          expect(entry.link, path).toBeFalsy();
          expect(tarballs.has(basename(entry.resolved ?? '')), `${path} ← ${entry.resolved}`).toBe(
            true,
          );
        }
        // On disk: real folders inside the app, with the packed version, nothing pointing back.
        const scope = join(dir, 'node_modules', '@mcp-consent');
        const real = realpathSync(dir) + sep;
        for (const pkgName of readdirSync(scope)) {
          const installed = join(scope, pkgName);
          expect(lstatSync(installed).isSymbolicLink(), installed).toBe(false);
          expect(realpathSync(installed).startsWith(real)).toBe(true);
          const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
            name: string;
            version: string;
            exports?: Record<string, string | Record<string, string>>;
          };
          const source = packed.find((pkg) => pkg.name === manifest.name);
          expect(manifest.version).toBe(source?.version);
          // Every export target, the source condition included, is a file of the installed package.
          for (const target of Object.values(manifest.exports ?? {}))
            for (const file of typeof target === 'string' ? [target] : Object.values(target))
              expect(existsSync(join(installed, file)), `${manifest.name} ${file}`).toBe(true);
        }
      },
    );
  });

  describe('Vite + Lit', () => {
    it('builds, shows <mcp-permission-sheet> for a destructive call, and Allow once reaches the app', async () => {
      const { page, errors, close } = await openApp('vite-lit', '@mcp-consent/elements');
      try {
        const sheet = page.locator(OPEN_SHEET);
        await sheet.waitFor({ timeout: 30_000 });
        expect(await sheet.innerText()).toContain('delete_file');
        await sheet.locator('[data-part="action"][data-choice="allow_once"]').click();
        expect(await decision(page)).toEqual({
          choice: 'allow_once',
          text: 'allowed (allow_once)',
        });
        await page.locator(OPEN_SHEET).waitFor({ state: 'detached', timeout: 30_000 });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  describe('Vite + React', () => {
    it('builds, shows <PermissionSheet> when the host asks, and key 3 (Deny once) reaches the app', async () => {
      const { page, errors, close } = await openApp('vite-react', '@mcp-consent/react');
      try {
        await page.locator('#run').click();
        const sheet = page.locator(OPEN_SHEET);
        await sheet.waitFor({ timeout: 30_000 });
        expect(await sheet.innerText()).toContain('drop_table');
        await page.keyboard.press('3');
        expect(await decision(page)).toEqual({ choice: 'deny_once', text: 'denied (deny_once)' });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  describe('Node + Ink', () => {
    it('compiles with tsc, asks in a real terminal, and key 3 denies: the decision is printed, exit 1', async () => {
      requirePythonPty();
      const dir = await app('node-ink');
      const env = consumerEnv({ TERM: 'xterm-256color', NO_COLOR: '1', LANG: 'en_US.UTF-8' });
      // Ink draws only its last frame on CI; a person at a terminal sees every frame.
      delete env.CI;
      const spec = {
        command: [process.execPath, 'dist/main.js'],
        cwd: dir,
        env,
        cols: 100,
        rows: 40,
        timeout: 60,
        steps: [
          { expect: 'host: asking before tools/call' },
          { expect: 'force_push' },
          // Shown once the input guard is over: keys count from then on.
          { expect: literal(en.t('mcp.permission.keys.hint')) },
          { send: '3' },
          { expect: 'decision: deny_once' },
        ],
      };
      const { stdout } = await execFileAsync('python3', [ptyRunner, JSON.stringify(spec)], {
        maxBuffer: 64 * 1024 * 1024,
      });
      const report = JSON.parse(stdout) as {
        output: string;
        exitCode: number;
        error: string | null;
      };
      const output = Buffer.from(report.output, 'base64').toString('utf8');
      expect(report.error, output.slice(-2000)).toBeNull();
      expect(report.exitCode).toBe(1);
      // The one line an answered prompt leaves in the scrollback.
      expect(output).toContain(en.t('mcp.audit.decision.deny_once'));
    });

    it('`npx mcp-consent --help` runs the packed terminal host: usage, exit 0', async () => {
      const dir = await app('node-ink');
      const bin = realpathSync(join(dir, 'node_modules', '.bin', 'mcp-consent'));
      expect(bin).toBe(
        join(dir, 'node_modules', '@mcp-consent', 'terminal', 'bin', 'mcp-consent.js'),
      );
      const help = await run('npx', ['--no', '--', 'mcp-consent', '--help'], {
        cwd: dir,
        env: consumerEnv({ LANG: 'en_US.UTF-8', XDG_CONFIG_HOME: join(work, 'config') }),
        timeoutMs: 60_000,
      });
      expect(help.stderr).toBe('');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("mcp-consent call <tool> '<json>' [options] -- <command…>");
      expect(help.stdout).toContain('mcp-consent grants revoke <id>');
    });
  });
});
