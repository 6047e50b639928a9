/**
 * The playground's rough edges (issue 19), in real Chromium against the demo server: a
 * "Running…" state once a call is allowed, prefilled arguments without optional fields. Every
 * wait is on visible UI state.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { launchChromium } from '../../../test/support/browser.js';
import { answer, call, open, permissionSheet, result, WAIT } from './driver.js';
import { buildPages, startPlayground, type RunningPlayground } from './harness.js';

const en = createAppTranslator('en-US');

let browser: Browser;
let playground: RunningPlayground;
let removePages: () => Promise<void> = async () => {};

beforeAll(async () => {
  const [pages, chromium] = await Promise.all([buildPages(), launchChromium()]);
  removePages = pages.remove;
  browser = chromium;
  playground = await startPlayground(pages.dir);
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await removePages();
});

describe('the result area while a call is under way', () => {
  it('says it waits for an answer while the sheet is open, then that the call runs', async () => {
    const { context, page, errors } = await open(browser, playground.url, 'lit');
    const n = await call(page, 'demo_sleep', { ms: 5000, steps: 1 });
    await permissionSheet(page).waitFor(WAIT);
    const waiting = page.locator(`#result[data-call="${n}"][data-kind="pending"]`);
    expect(await waiting.locator('.result-headline').innerText()).toBe(
      en.t('mcp.playground.result.pending'),
    );
    await answer(page, 'allow_once');
    const running = await result(page, n, 'running');
    expect(await running.locator('.result-headline').innerText()).toBe(
      en.t('mcp.playground.result.running', { tool: 'demo_sleep' }),
    );
    const done = await result(page, n, 'ok');
    expect(await done.innerText()).toContain('Slept 5000 ms.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a denied call never says it runs', async () => {
    const { context, page } = await open(browser, playground.url, 'lit');
    const seen: string[] = [];
    await page.exposeFunction('seenKind', (kind: string) => seen.push(kind));
    await page.evaluate(() => {
      new MutationObserver(() => {
        const kind = document.getElementById('result')?.dataset.kind;
        if (kind) (window as unknown as { seenKind(kind: string): void }).seenKind(kind);
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    const n = await call(page, 'demo_sleep', { ms: 0, steps: 1 });
    await answer(page, 'deny_once');
    await result(page, n, 'denied');
    expect(seen).toContain('pending');
    expect(seen).not.toContain('running');
    await context.close();
  });
});

describe('prefilled arguments', () => {
  it('hold the required fields and the defaults, never an optional field left empty', async () => {
    const { context, page, errors } = await open(browser, playground.url, 'lit');
    await page.locator('button[data-tool="messages_send"]').click();
    const args = page.locator('#args');
    await args.waitFor(WAIT);
    // `webhookToken` is optional: an empty one would reach the server as a token.
    expect(JSON.parse(await args.inputValue())).toEqual({ channel: '', text: '' });
    await page.locator('button[data-tool="demo_sleep"]').click();
    await page.locator('#call', { hasText: 'demo_sleep' }).waitFor(WAIT);
    expect(JSON.parse(await args.inputValue())).toEqual({ ms: 0, steps: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
