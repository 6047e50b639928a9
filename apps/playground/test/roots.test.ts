/**
 * Roots end to end in real Chromium (issue 18), against the REAL
 * `@modelcontextprotocol/server-everything` over Streamable HTTP (`?server=`; it allows any
 * origin): it asks for the client's roots right after connecting, the roots sheet lets the user
 * share one of the page's two demo roots, and its `get-roots-list` tool then reports only that
 * one. Its log line about the roots it got shows in the server log panel.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/support/browser.js';
import { answer, result, WAIT } from './driver.js';
import { buildPages, startPlayground, type RunningPlayground } from './harness.js';

const require = createRequire(import.meta.url);
const EVERYTHING_ENTRY = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);

let browser: Browser;
let playground: RunningPlayground;
let everything: { url: string; child: ChildProcess };
let removePages: () => Promise<void> = async () => {};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `server-everything streamableHttp` on a free port; resolves once it listens. */
async function startEverything(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_ENTRY, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      if (err.includes('listening on port')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${err}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

beforeAll(async () => {
  const [pages, chromium, server] = await Promise.all([
    buildPages(),
    launchChromium(),
    startEverything(),
  ]);
  removePages = pages.remove;
  browser = chromium;
  everything = server;
  playground = await startPlayground(pages.dir);
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
  if (everything?.child.exitCode === null) {
    const exited = new Promise((resolve) => everything.child.once('exit', resolve));
    everything.child.kill('SIGTERM');
    await exited;
  }
  await removePages();
});

describe('roots', () => {
  it("the user shares one demo root; the server's get-roots-list sees only that one", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${playground.url}?renderer=lit&server=${encodeURIComponent(everything.url)}`);

    // The server asks right after connecting: the roots sheet lists the page's roots.
    const sheet = page.locator(
      '[data-scope="roots"][data-part="root"][data-state="open"][data-guard="idle"]',
    );
    await sheet.waitFor(WAIT);
    expect(await sheet.locator('[data-part="item-uri"]').allInnerTexts()).toEqual([
      'file:///home/demo/project',
      'file:///home/demo/notes',
    ]);
    await sheet.locator('[data-part="checkbox"][data-index="1"]').check();
    await sheet.locator('[data-part="action"][data-answer="share"]').click();
    await sheet.waitFor({ state: 'detached', ...WAIT });
    // The server logs what it got; the page shows it as text.
    await page
      .locator('#server-log .log-message', { hasText: '1 root(s) received from client' })
      .waitFor(WAIT);

    await page.locator('button[data-tool="get-roots-list"]').click();
    await page.locator('#call').click();
    await answer(page, 'allow_once');
    const listed = await result(page, 1, 'ok');
    const text = await listed.locator('.result-text').innerText();
    expect(text).toContain('file:///home/demo/notes');
    expect(text).not.toContain('file:///home/demo/project');
    expect(errors).toEqual([]);
    await context.close();
  });
});
