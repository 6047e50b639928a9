import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../test/support/browser.js';
import {
  cutLastWrite,
  levelDbReport,
  settled,
  useProfileBrowsers,
} from '../../../test/support/chromium-profile.js';
import {
  fillLog,
  holdCompactionOpen,
  layout,
  readOnlyCall,
  snapshot,
  warningsOf,
} from './idb-chunks.js';
import { idbFixtureRoot } from './idb-pages.js';

// A crash in the middle of a compaction: the whole browser is killed (SIGKILL, no shutdown)
// while the compaction's transaction has written its chunks but not committed, then started
// again on the same profile. IndexedDB must hold exactly what was acknowledged before.
vi.setConfig({ testTimeout: 90_000 });

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer(idbFixtureRoot);
}, 60_000);
afterAll(() => server?.close());

const { launch, newProfile } = useProfileBrowsers();

async function openPage(browser: Browser): Promise<Page> {
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => 'idbFixture' in window);
  return page;
}

async function openStore(browser: Browser): Promise<Page> {
  const page = await openPage(browser);
  await page.evaluate(() => window.idbFixture.open());
  return page;
}

/**
 * What the browser says of the database on a restart, for a failure's message: the version it
 * opens at (0 when it is gone, with Chromium's `dataLoss` when it deleted it as corrupt) and
 * the profile's LevelDB files and log.
 */
async function restartReport(page: Page, profile: string): Promise<string> {
  const probe = await page.evaluate(() => window.idbFixture.probe());
  return `probe: ${JSON.stringify(probe)}\n${await levelDbReport(profile)}`;
}

describe('idbStore compaction when the browser is killed (Chromium, profile on disk)', () => {
  it('keeps every acknowledged grant, revoke and clear, and brings nothing back', async () => {
    const profile = await newProfile();
    const first = await launch(profile);
    const page = await openStore(first.browser);
    const { expected } = await fillLog(page);
    const before = await layout(page);

    // The compaction writes its second chunk, then its transaction is held open: kill once the
    // browser has written what it will of it.
    await holdCompactionOpen(page);
    await settled(profile);
    await first.kill();

    const second = await launch(profile);
    const reopened = await openStore(second.browser);
    // None of the compaction is there: the log and the chunks are as acknowledged before it.
    expect(await layout(reopened)).toEqual(before);
    expect(await snapshot(reopened)).toEqual(expected);

    // And the next compaction, undisturbed, keeps it all.
    await reopened.evaluate(() => window.idbFixture.compact());
    expect((await layout(reopened)).log).toEqual([]);
    expect(await snapshot(reopened)).toEqual(expected);
    await second.kill();

    const third = await launch(profile);
    const page3 = await openPage(third.browser);
    const report = await restartReport(page3, profile);
    await page3.evaluate(() => window.idbFixture.open());
    expect(await snapshot(page3), report).toEqual(expected);
  });

  it('says so when Chromium deletes the database after a cut write, and asks again', async () => {
    const profile = await newProfile();
    const first = await launch(profile);
    const page = await openStore(first.browser);
    await page.evaluate(() => window.idbFixture.startEngine());
    expect(
      await page.evaluate((c) => window.idbFixture.allowAlways(c), readOnlyCall('read_file')),
    ).toBe(true);
    await settled(profile);
    await first.kill();
    await cutLastWrite(profile);

    // The next start reads the log up to the cut record: nothing is lost yet, nothing said.
    const second = await launch(profile);
    const reopened = await openStore(second.browser);
    await reopened.evaluate(() => window.idbFixture.startEngine());
    expect(
      await reopened.evaluate(
        (c) => window.idbFixture.waitForLookup(c, 'allow'),
        readOnlyCall('read_file'),
      ),
    ).toBe('grant_allow');
    expect(await reopened.evaluate(() => window.idbFixture.dataLoss())).toBeUndefined();
    // Its own writes go after the cut record (LevelDB reuses the log).
    expect(
      await reopened.evaluate((c) => window.idbFixture.allowAlways(c), readOnlyCall('list_files')),
    ).toBe(true);
    await settled(profile);
    await second.kill();

    // The start after: Chromium finds a checksum mismatch and deletes the database. (If a
    // Chromium stops doing that, this fails: then say so in the engine README.)
    const third = await launch(profile);
    const last = await openPage(third.browser);
    const warnings = warningsOf(last);
    await last.evaluate(() => window.idbFixture.open());
    await last.evaluate(() => window.idbFixture.startEngine());
    const message = 'IndexedDB (database was corrupt): checksum mismatch';
    expect(await last.evaluate(() => window.idbFixture.dataLoss())).toBe(message);
    expect(warnings).toContain(`[mcp-consent] mcp-consent: ${message}`);
    for (const tool of ['read_file', 'list_files'])
      expect(
        await last.evaluate(
          (c) => window.idbFixture.waitForLookup(c, 'prompt'),
          readOnlyCall(tool),
        ),
      ).toBe('no_grant');
  });
});
