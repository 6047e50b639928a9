/**
 * Driving the playground page in Chromium like a user: open it, call a tool, answer the
 * permission sheet, wait for a call's result. Every wait is on visible UI state.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export type RendererName = 'lit' | 'react';
export type Choice = 'allow_once' | 'allow_always' | 'deny_once' | 'deny_always';

export const WAIT = { timeout: 60_000 };

/** A fresh browser profile (its own IndexedDB and localStorage) on the playground. */
export async function open(
  browser: Browser,
  url: string,
  renderer: RendererName,
  query = '',
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${url}?renderer=${renderer}${query}`);
  await connected(page);
  return { context, page, errors };
}

export async function connected(page: Page): Promise<void> {
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached', ...WAIT });
  await page.locator('#status[data-status="connected"]').waitFor(WAIT);
  await page.locator('[data-tool="notes_delete"]').waitFor(WAIT);
}

/** Calls a tool through the page; returns the call's number, which its result carries. */
export async function call(
  page: Page,
  tool: string,
  args: Record<string, unknown>,
): Promise<number> {
  await page.locator(`button[data-tool="${tool}"]`).click();
  await page.locator('#args').fill(JSON.stringify(args));
  const before = await page.evaluate(() =>
    Number(document.getElementById('result')?.dataset.call ?? 0),
  );
  await page.locator('#call').click();
  return before + 1;
}

/** The open permission sheet, once its input guard has lifted (answers count from then on). */
export function permissionSheet(page: Page): Locator {
  return page.locator(
    '[data-scope="permission"][data-part="root"][data-state="open"][data-guard="idle"]',
  );
}

/** Any open permission sheet, guarded or not. */
export function openSheets(page: Page): Locator {
  return page.locator('[data-scope="permission"][data-part="root"][data-state="open"]');
}

export async function answer(page: Page, choice: Choice): Promise<void> {
  const sheet = permissionSheet(page);
  await sheet.waitFor(WAIT);
  await sheet.locator(`[data-part="action"][data-choice="${choice}"]`).click();
  await openSheets(page).waitFor({ state: 'detached', ...WAIT });
}

/** Waits for the result of call number `n` (see `call`). */
export async function result(page: Page, n: number, kind: string, extra = ''): Promise<Locator> {
  const locator = page.locator(`#result[data-call="${n}"][data-kind="${kind}"]${extra}`);
  await locator.waitFor(WAIT);
  return locator;
}
