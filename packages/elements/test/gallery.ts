import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { FixtureServer } from '../../../test/support/browser.js';
import type { StateName, StateOptions } from './fixtures/gallery.js';

export type { StateName, StateOptions };

export const compact = { width: 390, height: 844 };
export const expanded = { width: 1280, height: 800 };

/** A fresh context on the gallery page (axe needs pages from a context). */
export async function openGallery(
  browser: Browser,
  server: FixtureServer,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: expanded, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
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
