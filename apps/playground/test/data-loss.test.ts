/**
 * When Chromium deletes the page's IndexedDB at a start (it does after a crash that cut a LevelDB
 * log write short, two starts later: engine README, "IndexedDB and browser crashes"), the
 * playground says the saved permissions are gone, and a call that had a Deny always is asked
 * again rather than refused. Real Chromium on a profile on disk, three starts; the cut write is
 * made by hand, as no kill can be timed to land there.
 */
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cutLastWrite,
  settled,
  useProfileBrowsers,
} from '../../../test/support/chromium-profile.js';
import { answer, call, connected, permissionSheet, result, WAIT } from './driver.js';
import { buildPages, startPlayground, type RunningPlayground } from './harness.js';

const en = createAppTranslator('en-US');
const { launch, newProfile } = useProfileBrowsers();
let playground: RunningPlayground;
let removePages = async () => {};
beforeAll(async () => {
  const pages = await buildPages();
  removePages = pages.remove;
  playground = await startPlayground(pages.dir);
}, 120_000);
afterAll(async () => {
  await playground?.close();
  await removePages();
});

async function openPlayground(browser: Browser): Promise<Page> {
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${playground.url}?renderer=lit`);
  await connected(page);
  return page;
}

describe('the browser deleted the saved permissions', () => {
  it('says so, and asks again for a call it had been told to deny always', async () => {
    const profile = await newProfile();
    const notice = (page: Page) => page.locator('#data-loss');
    const args = { id: 'groceries' };

    const first = await launch(profile);
    const page = await openPlayground(first.browser);
    const n = await call(page, 'notes_delete', args);
    await answer(page, 'deny_always');
    await result(page, n, 'denied');
    await settled(profile);
    await first.kill();
    await cutLastWrite(profile);

    // The next start still has the Deny always, and says nothing.
    const second = await launch(profile);
    const again = await openPlayground(second.browser);
    await result(
      again,
      await call(again, 'notes_delete', args),
      'denied',
      '[data-settled-by="grant"]',
    );
    expect(await notice(again).count()).toBe(0);
    await settled(profile);
    await second.kill();

    // The start after: Chromium deleted the database; the page says so and asks.
    const third = await launch(profile);
    const last = await openPlayground(third.browser);
    await notice(last).waitFor(WAIT);
    expect(await notice(last).textContent()).toContain(en.t('mcp.playground.manager.data_loss'));
    await call(last, 'notes_delete', args);
    await permissionSheet(last).waitFor(WAIT);
  });
});
