import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import type {} from './fixtures/idb-page/main.js';

/** The idb-page fixture folder (its index.html exposes `window.idbFixture`). */
export const idbFixtureRoot = fileURLToPath(new URL('./fixtures/idb-page/', import.meta.url));

/**
 * For a test file: one Chromium and idb-page fixture server (closed after the file), and
 * browser contexts closed after the test that opened them. A context has its own IndexedDB
 * and BroadcastChannel scope; its pages share them, as tabs of one origin do.
 */
export function useIdbPages() {
  let browser: Browser;
  let server: FixtureServer;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchChromium(), startFixtureServer(idbFixtureRoot)]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  /** A fresh browser context: its own, empty IndexedDB. */
  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    contexts.push(context);
    return context;
  }

  /** Opens the fixture page and its grant store. */
  async function openPage(context: BrowserContext, dbName = 'mcp-consent'): Promise<Page> {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => 'idbFixture' in window);
    await page.evaluate((name) => window.idbFixture.open({ dbName: name }), dbName);
    return page;
  }

  /** Reloads a page and opens its store again (the store's in-page state is gone). */
  async function reopen(page: Page): Promise<void> {
    await page.reload();
    await page.waitForFunction(() => 'idbFixture' in window);
    await page.evaluate(() => window.idbFixture.open());
  }

  return { newContext, openPage, reopen };
}

/** The keys of the grants a page's store loads, sorted. */
export const loadKeys = async (page: Page): Promise<string[]> =>
  (await page.evaluate(() => window.idbFixture.load())).map((grant) => grant.key).sort();
