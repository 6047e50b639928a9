import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import type { FixtureExtras, FixtureWindow } from './fixture/globals.js';
import { restorePage } from '../../../test/support/browser.js';
import { openFixture, pageHost, sharedBrowser } from './react-driver.js';

type W = FixtureWindow;
type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

export interface StartOptions {
  /** The host's options (locale, clock, …) for `__start`. @default {} */
  options?: Parameters<W['__start']>[0];
  /** Extra surfaces and callbacks of the fixture page. @default {} */
  extras?: FixtureExtras;
  /** @default { width: 1024, height: 800 } */
  viewport?: { width: number; height: number };
  /** @default the browser's own setting */
  reducedMotion?: ContextOptions['reducedMotion'];
}

/**
 * For a test file: one Chromium and fixture server (closed after the file), and pages that
 * are put away after the test that opened them, however many it opened. A page put away is
 * reloaded for the next `open` of the same path, options and ready global (a reload costs a
 * third of a new context and page): its viewport and media go back to the options and the
 * listeners the test added are removed, so the next test starts from a freshly loaded page.
 */
export function useFixturePages() {
  const shared = sharedBrowser();
  const closers: Array<() => Promise<void>> = [];
  const spare = new Map<string, Page[]>();
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  afterAll(async () => {
    for (const page of [...spare.values()].flat()) await page.context().close();
    spare.clear();
    await shared.close();
  });

  const putAway = async (key: string, page: Page, context: ContextOptions) => {
    if (page.isClosed()) return page.context().close();
    try {
      // Playwright's own default viewport, as the context was opened with.
      await restorePage(page, context, { width: 1280, height: 720 });
      spare.set(key, [...(spare.get(key) ?? []), page]);
    } catch {
      await page.context().close();
    }
  };

  /** Opens a fixture page (a fresh context, or a reloaded page of an earlier test), put away after the test. */
  const open = async (path = 'index.html', context: ContextOptions = {}, ready = '__start') => {
    const key = JSON.stringify([path, context, ready]);
    let page = spare.get(key)?.pop();
    if (page) {
      await page.reload();
      await page.waitForFunction((name) => name in window, ready);
    } else {
      page = (await openFixture(shared, path, context, ready)).page;
    }
    const opened = page;
    closers.push(() => putAway(key, opened, context));
    return opened;
  };

  /** The provider page, started, with a scenario host on it. */
  const start = async ({
    options = {},
    extras = {},
    viewport = { width: 1024, height: 800 },
    reducedMotion,
  }: StartOptions = {}): Promise<{ page: Page; host: ReturnType<typeof pageHost> }> => {
    const page = await open('index.html', {
      viewport,
      ...(reducedMotion ? { reducedMotion } : {}),
    });
    // Plain data (a policy's JSON type is too deep for Playwright's argument typing).
    await page.evaluate(
      ([o, x]) => (window as unknown as W).__start(JSON.parse(o), JSON.parse(x)),
      [JSON.stringify(options), JSON.stringify(extras)] as const,
    );
    return { page, host: pageHost(page, async () => {}) };
  };

  return { shared, open, start };
}
