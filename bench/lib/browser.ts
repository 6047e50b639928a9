/**
 * One Chromium and one fixture server per `npm run bench`, shared by every
 * browser figure. Pages import workspace packages from source through the
 * Vite dev server of test/support/browser.ts.
 */
import type { Browser, Page } from 'playwright-core';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../test/support/browser.js';
import type { BenchContext } from './types.js';

let browser: Promise<Browser> | undefined;
const servers = new Map<string, Promise<FixtureServer>>();

/**
 * Opens `root`'s index.html in a fresh browser context (its own, empty
 * IndexedDB) and waits for `readyGlobal` on `window`.
 */
export async function openFixturePage(
  ctx: BenchContext,
  root: string,
  readyGlobal: string,
): Promise<Page> {
  if (!browser) {
    browser = launchChromium();
    ctx.onCleanup(async () => (await browser)?.close());
  }
  let server = servers.get(root);
  if (!server) {
    server = startFixtureServer(root);
    servers.set(root, server);
    ctx.onCleanup(async () => (await server)?.close());
  }
  const [running, fixture] = await Promise.all([browser, server]);
  const context = await running.newContext();
  ctx.onCleanup(() => context.close());
  const page = await context.newPage();
  await page.goto(fixture.url);
  await page.waitForFunction((name) => name in window, readyGlobal, { timeout: 60_000 });
  return page;
}
