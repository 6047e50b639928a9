/**
 * One Chromium per `npm run bench`, shared by every browser figure, and the
 * pages it opens: fixture pages served from source by the Vite dev server of
 * test/support/browser.ts (`openFixturePage`), or pages built for production
 * and served as files (`openBuiltPage`).
 */
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { basename, join, resolve } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { build, preview, type InlineConfig } from 'vite';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../test/support/browser.js';
import type { BenchContext } from './types.js';
import { productionConfig } from './vite.js';

let browser: Promise<Browser> | undefined;
const servers = new Map<string, Promise<FixtureServer>>();

function sharedBrowser(ctx: BenchContext): Promise<Browser> {
  if (!browser) {
    browser = launchChromium();
    ctx.onCleanup(async () => (await browser)?.close());
  }
  return browser;
}

async function openPage(
  ctx: BenchContext,
  url: string,
  readyGlobal: string,
  contextOptions: BrowserContextOptions,
): Promise<Page> {
  const context = await (await sharedBrowser(ctx)).newContext(contextOptions);
  ctx.onCleanup(() => context.close());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page
    .waitForFunction((name) => name in window, readyGlobal, { timeout: 60_000 })
    .catch((error: unknown) => {
      throw errors.length > 0 ? new Error(`the page failed: ${errors.join('; ')}`) : error;
    });
  return page;
}

/**
 * Opens `root`'s index.html in a fresh browser context (its own, empty
 * IndexedDB) and waits for `readyGlobal` on `window`. Served from source by the
 * Vite dev server: fine for IndexedDB and engine timings, but dependencies are
 * their development builds.
 */
export async function openFixturePage(
  ctx: BenchContext,
  root: string,
  readyGlobal: string,
): Promise<Page> {
  let server = servers.get(root);
  if (!server) {
    server = startFixtureServer(root);
    servers.set(root, server);
    ctx.onCleanup(async () => (await server)?.close());
  }
  return openPage(ctx, (await server).url, readyGlobal, {});
}

/**
 * Builds every `*.html` page of `root` once per run, as a host ships it (Vite
 * production build: minified, production builds of React and Lit, whatever
 * NODE_ENV says), serves the output with Vite's preview server, and opens
 * `page` in a fresh browser context with `contextOptions`.
 */
export async function openBuiltPage(
  ctx: BenchContext,
  root: string,
  page: string,
  readyGlobal: string,
  contextOptions: BrowserContextOptions = {},
): Promise<Page> {
  let server = servers.get(`built:${root}`);
  if (!server) {
    server = buildAndPreview(ctx, root);
    servers.set(`built:${root}`, server);
    ctx.onCleanup(async () => (await server)?.close());
  }
  return openPage(ctx, new URL(page, (await server).url).href, readyGlobal, contextOptions);
}

async function buildAndPreview(ctx: BenchContext, root: string): Promise<FixtureServer> {
  const outDir = join(ctx.tmpDir, `built-${basename(resolve(root))}`);
  const pages = readdirSync(root).filter((file) => file.endsWith('.html'));
  const config: InlineConfig = {
    ...productionConfig(),
    root: resolve(root),
    base: './',
  };
  await build({
    ...config,
    build: {
      outDir,
      emptyOutDir: true,
      // BENCH_MINIFY=0 keeps function names, for a profile of the page.
      minify: process.env.BENCH_MINIFY !== '0',
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      rolldownOptions: { input: pages.map((file) => join(root, file)) },
    },
  });
  const server = await preview({
    ...config,
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const { port } = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => server.close(),
  };
}
