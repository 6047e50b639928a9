/**
 * The playground's rough edges (issue 19), in real Chromium against the demo server and a tiny
 * server of the test's own: a "Running…" state once a call is allowed, prefilled arguments
 * without optional fields, a tool list cleaned like the sheets, long names that wrap on a phone.
 * Every wait is on visible UI state.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { launchChromium } from '../../../test/support/browser.js';
import { answer, call, open, permissionSheet, result, WAIT } from './driver.js';
import { buildPages, startPlayground, type RunningPlayground } from './harness.js';
import { startTinyServer, type TinyServer, type TinyTool } from './tiny-server.js';

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

const PHONE = { width: 390, height: 844 };

/** The playground connected to `server` instead of the demo server. */
async function openOn(
  server: TinyServer,
  viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${playground.url}?renderer=lit&server=${encodeURIComponent(server.url)}`);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached', ...WAIT });
  await page.locator('#status[data-status="connected"]').waitFor(WAIT);
  return { context, page, errors };
}

async function withServer(
  tools: readonly TinyTool[],
  run: (server: TinyServer) => Promise<void>,
): Promise<void> {
  const server = await startTinyServer(new URL(playground.url).origin, tools);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

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

describe('the tool list', () => {
  const SPOOF = 'read_file\u202Etxt.exe';
  const LONG = 'very_long_tool_name_'.repeat(10);
  const ok = { content: [{ type: 'text' as const, text: 'done' }] };
  const tools: TinyTool[] = [
    { name: SPOOF, description: 'Reads\u200B\u200B a file.', result: ok },
    { name: LONG, description: 'A tool with a 200-character name.', result: ok },
  ];

  it('shows a right-to-left override the way the sheets do, never reordered', async () => {
    await withServer(tools, async (server) => {
      const { context, page, errors } = await openOn(server);
      const row = page.locator(`button[data-tool="${SPOOF}"]`);
      await row.waitFor(WAIT);
      const shown = `read_file${en.t('mcp.text.hidden_run_inline', { count: 1 })}txt.exe`;
      const name = await row.locator('.tool-name').innerText();
      expect(name).toBe(shown);
      expect(name).not.toContain('\u202E');
      // The description's run of two zero-width spaces is one chip, as in the sheets.
      const chip = row.locator('.tool-description [data-part="hidden-chip"]');
      expect(await chip.innerText()).toBe(en.t('mcp.text.hidden_run', { count: 2 }));
      expect(await row.locator('.tool-description').innerText()).not.toContain('\u200B');
      // The call button and the permission sheet say the same name.
      await row.click();
      expect(await page.locator('#call').innerText()).toBe(
        en.t('mcp.playground.call.run', { tool: shown }),
      );
      await page.locator('#call').click();
      const sheet = permissionSheet(page);
      await sheet.waitFor(WAIT);
      expect(await sheet.innerText()).toContain(shown);
      await answer(page, 'deny_once');
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  it('a 200-character name wraps, and "Call…" stays on a phone screen', async () => {
    await withServer(tools, async (server) => {
      const { context, page, errors } = await openOn(server);
      const row = page.locator(`button[data-tool="${LONG}"]`);
      await row.waitFor(WAIT);
      await row.click();
      const button = page.locator('#call');
      await button.scrollIntoViewIfNeeded();
      const inside = async (box: { x: number; width: number } | null) => {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      };
      await inside(await button.boundingBox());
      await inside(await row.boundingBox());
      const callBox = (await button.boundingBox())!;
      expect(callBox.y).toBeGreaterThanOrEqual(0);
      expect(callBox.y + callBox.height).toBeLessThanOrEqual(PHONE.height);
      // Nothing scrolls sideways: the name wrapped instead.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
