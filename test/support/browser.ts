/**
 * Real-browser test support: system Chromium through playwright-core, and a
 * Vite bundle of a fixture folder whose pages import workspace
 * packages from their TypeScript sources.
 *
 * ```ts
 * let browser: Browser;
 * let server: FixtureServer;
 * beforeAll(async () => {
 *   [browser, server] = await Promise.all([launchChromium(), startFixtureServer(fixtureDir)]);
 * }, 60_000);
 * afterAll(async () => {
 *   await browser?.close();
 *   await server?.close();
 * });
 * it('…', async () => {
 *   const context = await browser.newContext(); // fresh storage per context
 *   const page = await context.newPage();
 *   await page.goto(server.url);
 *   // drive an API the fixture put on `window` with page.evaluate(…)
 *   await context.close();
 * });
 * ```
 *
 * Open pages from `browser.newContext()`, never `browser.newPage()` directly:
 * each context has its own IndexedDB, cookies and BroadcastChannel scope, and
 * `@axe-core/playwright` requires a page created from a context.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import { build, defaultClientConditions, mergeConfig, type InlineConfig } from 'vite';

/** Flags for headless Chromium in containers and CI: no sandbox, GPU or background traffic. */
export const chromiumArgs: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium the tests run: `CHROMIUM_PATH`, else the system's. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launches the system Chromium (browser downloads do not work on these
 * machines). Set `CHROMIUM_PATH` to use another binary; `npm run
 * ensure-browser` installs one when it is missing. Allow ~60 s for the hook
 * that calls it on a cold machine.
 */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    ...options,
    args: [...chromiumArgs, ...(options.args ?? [])],
  });
}

/** A running fixture server. */
export interface FixtureServer {
  /** Base URL with a trailing slash, e.g. `http://127.0.0.1:43121/`; `index.html` is served at it. */
  url: string;
  close(): Promise<void>;
}

export interface FixtureServerOptions {
  /**
   * Extra Vite config merged over the defaults (for example a framework plugin,
   * or `optimizeDeps.include` for CommonJS packages such as React).
   */
  config?: InlineConfig;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * Bundles `root` (a folder of fixture pages: every `*.html` in it and the
 * modules they load) with Vite once, then serves the bundle on 127.0.0.1 and
 * a free port. Workspace packages resolve through their `mcp-consent-source`
 * export condition, so a page can `import { idbStore } from
 * '@mcp-consent/engine/idb'` and get the TypeScript source.
 *
 * Why a bundle and not the dev server: a dev-server page loads ~190 modules
 * one import level at a time (2.3 s per fresh browser context, measured), and
 * every test opens a fresh context; the bundle loads in a few requests. The
 * build keeps development mode (React's dev build, readable code).
 */
export async function startFixtureServer(
  root: string,
  options: FixtureServerOptions = {},
): Promise<FixtureServer> {
  const workDir = await mkdtemp(join(tmpdir(), 'mcp-consent-vite-'));
  const outDir = join(workDir, 'dist');
  const absoluteRoot = resolve(root);
  const pages = (await readdir(absoluteRoot)).filter((name) => name.endsWith('.html'));
  if (pages.length === 0) throw new Error(`startFixtureServer: no .html page in ${absoluteRoot}`);
  const defaults: InlineConfig = {
    root: absoluteRoot,
    configFile: false,
    envDir: false,
    cacheDir: join(workDir, 'cache'),
    logLevel: 'warn',
    clearScreen: false,
    appType: 'mpa',
    mode: 'development',
    base: './',
    resolve: { conditions: ['mcp-consent-source', ...defaultClientConditions] },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      rollupOptions: {
        input: Object.fromEntries(
          pages.map((name) => [name.slice(0, -5), join(absoluteRoot, name)]),
        ),
      },
    },
  };
  try {
    await build(mergeConfig(defaults, options.config ?? {}));
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  const served = await serveDirectory(outDir);
  return {
    url: served.url,
    async close() {
      await served.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Serves the files of `dir` (a built site: `index.html` at `/`) on 127.0.0.1 and a free port,
 * uncached, with nothing outside `dir` reachable.
 */
export async function serveDirectory(dir: string): Promise<FixtureServer> {
  const base = resolve(dir);
  const server = createHttpServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(base)) return void response.writeHead(403).end();
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-store',
        });
        response.end(body);
      },
      () => void response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

/**
 * Hands a scenario host's page to the next host instead of opening a new one: a fresh
 * context, page and load cost about 0.6 s, and each browser scenario suite starts 60 hosts.
 * `release` resets the page (the fixture's `__host.dispose()` removes what it mounted) and
 * keeps it only if the reset worked; any page that cannot be reset is closed.
 */
export function reusedPages<T extends { context: BrowserContext; page: Page }>(
  open: () => Promise<T>,
) {
  let spare: T | undefined;
  return {
    take(): Promise<T> {
      const page = spare;
      spare = undefined;
      return page ? Promise.resolve(page) : open();
    },
    async release(entry: T): Promise<void> {
      try {
        await resetScenarioPage(entry.page);
      } catch {
        await entry.context.close().catch(() => {});
        return;
      }
      if (spare) await entry.context.close();
      else spare = entry;
    },
    async close(): Promise<void> {
      await spare?.context.close();
      spare = undefined;
    },
  };
}

/**
 * Brings a scenario fixture back to how it loaded: the host disposed (its sheets unmounted),
 * no compromise marker, nothing typed in the page's own fields, nothing focused or scrolled,
 * and the pointer in the corner.
 */
async function resetScenarioPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __host?: { dispose(): void }; __pwned?: unknown };
    w.__host?.dispose();
    delete w.__host;
    delete w.__pwned;
    for (const field of document.querySelectorAll('input, textarea'))
      (field as HTMLInputElement).value = '';
    (document.activeElement as HTMLElement | null)?.blur?.();
    window.scrollTo(0, 0);
  });
  await page.mouse.move(0, 0);
}

/**
 * Makes a page that a test used ready for the next test with the same context options: the
 * listeners the test added removed, the viewport and media back to `options` (`viewport`
 * defaults to `defaultViewport`). The caller reloads it before handing it out again.
 */
export async function restorePage(
  page: Page,
  options: Pick<BrowserContextOptions, 'viewport' | 'colorScheme' | 'reducedMotion'>,
  defaultViewport: { width: number; height: number },
): Promise<void> {
  page.removeAllListeners('console');
  page.removeAllListeners('dialog');
  await page.setViewportSize(options.viewport ?? defaultViewport);
  await page.emulateMedia({
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
}
