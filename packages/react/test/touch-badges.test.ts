import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { call, tools } from '../../../test/scenarios/fixtures.js';
import { useFixturePages } from './fixture-pages.js';
import { pageHost, ROOT } from './react-driver.js';

/**
 * The 1–4 shortcut badges and the key hint are for keyboards: a touch screen (no hover, a
 * coarse pointer) hides them. Before, the badge's own `display` came later in the stylesheet
 * than the touch rule and won, so phones showed "1" to "4" they could not press.
 */
const pages = useFixturePages();
const phone = { width: 390, height: 844 };

async function sheetOn(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __start: (o: object) => void }).__start({}));
  const host = pageHost(page, async () => {});
  await host.request(call(tools.notesPut));
  await host.waitForPrompt();
}

const shown = (page: Page, part: string) =>
  page.$$eval(`${ROOT} [data-part="${part}"]`, (list) =>
    list.map((el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0),
  );

it('hides the 1–4 badges and the key hint on a touch screen', async () => {
  const page = await pages.open('index.html', { viewport: phone, hasTouch: true, isMobile: true });
  expect(await page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(
    true,
  );
  await sheetOn(page);
  const badges = await shown(page, 'action-shortcut');
  expect(badges).toHaveLength(4);
  expect(badges).toEqual([false, false, false, false]);
  expect(await shown(page, 'key-hint')).not.toContain(true);
});

it('shows them with a mouse and a keyboard, whatever the width', async () => {
  for (const viewport of [phone, { width: 1280, height: 800 }]) {
    const page = await pages.open('index.html', { viewport });
    expect(await page.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(true);
    await sheetOn(page);
    expect(await shown(page, 'action-shortcut')).toEqual([true, true, true, true]);
    const keys = await page.locator(`${ROOT} [data-part="action-shortcut"]`).allInnerTexts();
    expect(keys.sort()).toEqual(['1', '2', '3', '4']);
  }
});
