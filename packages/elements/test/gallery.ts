import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  launchChromium,
  restorePage,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import { fixtureDir } from './lit-driver.js';
import type { StateName, StateOptions } from './fixtures/gallery.js';

export type { StateName, StateOptions };

export const compact = { width: 390, height: 844 };
export const expanded = { width: 1280, height: 800 };

const errorsOf = new WeakMap<Page, string[]>();

/** Uncaught errors of a page `openGallery` opened, from its first script on. */
export const pageErrors = (page: Page): readonly string[] => errorsOf.get(page) ?? [];

/** A fresh context on the gallery page (axe needs pages from a context). */
export async function openGallery(
  browser: Browser,
  server: FixtureServer,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: expanded, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${server.url}gallery.html`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  return page;
}

export async function show(page: Page, name: StateName, options: StateOptions = {}): Promise<void> {
  await page.evaluate(([n, o]) => window.__gallery.show(n, o), [name, options] as const);
  // Two frames: the sheets render and lay out (the tests run with reduced motion).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

export interface GalleryBrowser {
  readonly browser: Browser;
  readonly server: FixtureServer;
  /**
   * `openGallery` on this file's browser, or a page of an earlier test reloaded; put away after
   * the test (after every test: not for `describe.concurrent`, whose tests would close each
   * other's pages).
   */
  open(options?: BrowserContextOptions): Promise<Page>;
  /** A page opened some other way, closed after the test like the ones `open` gives. */
  track(page: Page): Page;
}

/**
 * Chromium and the fixture server for one test file, and every test's pages put away after it.
 * A page `open` gave is kept for the next `open` with the same options and reloaded then (a
 * reload costs a third of a new context and page): its viewport and media go back to the
 * options, the listeners the test added are removed and its error list is emptied, so the next
 * test starts from a freshly loaded gallery. Pages from `track` are closed.
 */
export function useGalleryBrowser(): GalleryBrowser {
  let browser: Browser | undefined;
  let server: FixtureServer | undefined;
  const pages: Page[] = [];
  const optionsOf = new WeakMap<Page, BrowserContextOptions>();
  const spare = new Map<string, Page[]>();
  const keyOf = (options: BrowserContextOptions) => JSON.stringify(options);
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchChromium(), startFixtureServer(fixtureDir)]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map(putAway));
  });
  const putAway = async (page: Page) => {
    const options = optionsOf.get(page);
    if (!options || page.isClosed()) return page.context().close();
    try {
      await restorePage(page, options, expanded);
      const key = keyOf(options);
      spare.set(key, [...(spare.get(key) ?? []), page]);
    } catch {
      await page.context().close();
    }
  };
  const reuse = async (options: BrowserContextOptions): Promise<Page | undefined> => {
    const page = spare.get(keyOf(options))?.pop();
    if (!page) return undefined;
    errorsOf.get(page)?.splice(0);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    return page;
  };
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useGalleryBrowser: used before beforeAll ran.');
    return value;
  };
  const track = (page: Page) => (pages.push(page), page);
  return {
    get browser() {
      return ready(browser);
    },
    get server() {
      return ready(server);
    },
    async open(options = {}) {
      const page =
        (await reuse(options)) ?? (await openGallery(ready(browser), ready(server), options));
      optionsOf.set(page, options);
      return track(page);
    },
    track,
  };
}
