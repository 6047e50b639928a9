/**
 * Real-browser test support: system Chromium through playwright-core, and a
 * Vite dev server that serves a fixture folder whose pages import workspace
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
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { createServer, defaultClientConditions, mergeConfig, type InlineConfig } from 'vite';

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

/**
 * Launches the system Chromium (browser downloads do not work on these
 * machines). Set `CHROMIUM_PATH` to use another binary; `npm run
 * ensure-browser` installs one when it is missing. Allow ~60 s for the hook
 * that calls it on a cold machine.
 */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
   * or `optimizeDeps.include` for CommonJS packages such as React that the
   * start-up scan does not find).
   */
  config?: InlineConfig;
}

/**
 * Serves `root` (a folder of fixture pages: `index.html` and the modules it
 * loads) with a Vite dev server on 127.0.0.1 and a free port. Workspace
 * packages resolve through their `mcp-consent-source` export condition, so a page can
 * `import { idbStore } from '@mcp-consent/engine/idb'` and get the TypeScript
 * source, compiled on the fly. No HMR, no websocket and no file watching:
 * pages are loaded once per test.
 *
 * Each server gets its own dependency cache in a temp dir, so servers started
 * by test files running in parallel never rewrite each other's optimized deps.
 */
export async function startFixtureServer(
  root: string,
  options: FixtureServerOptions = {},
): Promise<FixtureServer> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'mcp-consent-vite-'));
  const defaults: InlineConfig = {
    root: resolve(root),
    configFile: false,
    envDir: false,
    cacheDir,
    logLevel: 'warn',
    clearScreen: false,
    appType: 'mpa',
    resolve: { conditions: ['mcp-consent-source', ...defaultClientConditions] },
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, ws: false, watch: null },
  };
  const server = await createServer(mergeConfig(defaults, options.config ?? {}));
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    await rm(cacheDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = server.httpServer!.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await server.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}
