import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import type { FixtureExtras, FixtureWindow } from './fixture/globals.js';
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
 * For a test file: one Chromium and fixture server (closed after the file), and pages
 * that are closed after the test that opened them, however many it opened.
 */
export function useFixturePages() {
  const shared = sharedBrowser();
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  afterAll(() => shared.close());

  /** Opens a fixture page in a fresh context, closed after the test. */
  const open = async (path = 'index.html', context: ContextOptions = {}, ready = '__start') => {
    const opened = await openFixture(shared, path, context, ready);
    closers.push(() => opened.context.close());
    return opened.page;
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
