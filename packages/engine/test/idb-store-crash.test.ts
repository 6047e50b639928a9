import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  chromiumArgs,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import { fillLog, holdCompactionOpen, layout, snapshot } from './idb-chunks.js';
import { idbFixtureRoot } from './idb-pages.js';

// A crash in the middle of a compaction: the whole browser is killed (SIGKILL, no shutdown)
// while the compaction's transaction has written its chunks but not committed, then started
// again on the same profile. IndexedDB must hold exactly what was acknowledged before.
vi.setConfig({ testTimeout: 90_000 });

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer(idbFixtureRoot);
}, 60_000);

/** A Chromium on a profile kept on disk, in its own process group so a kill takes it all. */
async function launch(profile: string): Promise<{ browser: Browser; child: ChildProcess }> {
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...chromiumArgs, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let output = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (data: Buffer) => {
      output += String(data);
      const found = /DevTools listening on (ws:\S+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return { browser: await chromium.connectOverCDP(endpoint), child };
}

const kill = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
};

async function openStore(browser: Browser): Promise<Page> {
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => 'idbFixture' in window);
  await page.evaluate(() => window.idbFixture.open());
  return page;
}

const started: ChildProcess[] = [];
let profile: string | undefined;
afterAll(async () => {
  await Promise.all(started.map(kill));
  if (profile) await rm(profile, { recursive: true, force: true });
  await server?.close();
});

describe('idbStore compaction when the browser is killed (Chromium, profile on disk)', () => {
  it('keeps every acknowledged grant, revoke and clear, and brings nothing back', async () => {
    profile = await mkdtemp(join(tmpdir(), 'mcp-consent-crash-'));
    const first = await launch(profile);
    started.push(first.child);
    const page = await openStore(first.browser);
    const { expected } = await fillLog(page);
    const before = await layout(page);

    // The compaction writes its second chunk, then its transaction is held open: kill now.
    await holdCompactionOpen(page);
    await kill(first.child);

    const second = await launch(profile);
    started.push(second.child);
    const reopened = await openStore(second.browser);
    // None of the compaction is there: the log and the chunks are as acknowledged before it.
    expect(await layout(reopened)).toEqual(before);
    expect(await snapshot(reopened)).toEqual(expected);

    // And the next compaction, undisturbed, keeps it all.
    await reopened.evaluate(() => window.idbFixture.compact());
    expect((await layout(reopened)).log).toEqual([]);
    expect(await snapshot(reopened)).toEqual(expected);
    await kill(second.child);

    const third = await launch(profile);
    started.push(third.child);
    expect(await snapshot(await openStore(third.browser))).toEqual(expected);
  });
});
