import type { Page } from 'playwright-core';
import type { ManualClock } from '@mcp-consent/engine';
import { describe, expect, it } from 'vitest';
import { pageErrors, useGalleryBrowser } from './gallery.js';

/**
 * A sheet taken out of the page and put back (a framework re-mounting it, a host moving
 * it): never an `InvalidStateError` from `showModal()`, a prompt that left the page is
 * answered fail-closed, and one asked while the sheet is out opens once it is back.
 */
const gallery = useGalleryBrowser();
let page: Page;

type Win = Window & { __answers: string[] };

/** A permission sheet on a manual clock; each `ask()` records its answer in `__answers`. */
const mount = (p: Page) =>
  p.evaluate(() => {
    const w = window as unknown as Win;
    const sheet = document.createElement('mcp-permission-sheet');
    sheet.clock = window.__kit.createManualClock();
    document.querySelector('main')!.append(sheet);
    w.__sheet = sheet;
    w.__answers = [];
  });
const ask = (p: Page) =>
  p.evaluate(() => {
    const w = window as unknown as Win;
    void w.__sheet
      .show(window.__kit.call(window.__kit.tools.notesPut))
      .then((choice) => w.__answers.push(choice));
  });
const answers = (p: Page) => p.evaluate(() => (window as unknown as Win).__answers);
const advance = (p: Page) => p.evaluate(() => (window.__sheet.clock as ManualClock).advance(500));
/** Lets timers, the announcement (150 ms) and Lit updates run. */
const settle = (p: Page) => p.waitForTimeout(250);
const modal = (p: Page, tag = 'mcp-permission-sheet') =>
  p.evaluate((t) => !!document.querySelector(t)?.shadowRoot?.querySelector('dialog:modal'), tag);

describe('a permission sheet that leaves the page and comes back', () => {
  it('removed while open: the prompt is denied, nothing throws, and re-adding shows no stale prompt', async () => {
    page = await gallery.open();
    await mount(page);
    await ask(page);
    await expect.poll(() => modal(page)).toBe(true);
    await page.evaluate(() => window.__sheet.remove());
    await settle(page);
    expect(await answers(page)).toEqual(['deny_once']);
    await page.evaluate(() => document.querySelector('main')!.append(window.__sheet));
    await settle(page);
    expect(await modal(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });

  it('asked while out of the page: no error; the prompt opens when the sheet is back, and answers', async () => {
    page = await gallery.open();
    await mount(page);
    await page.evaluate(() => window.__sheet.remove());
    await settle(page);
    await ask(page);
    await settle(page);
    await advance(page); // the guard of a sheet nobody could see runs out meanwhile
    expect(pageErrors(page)).toEqual([]);
    expect(await answers(page)).toEqual([]);
    await page.evaluate(() => document.querySelector('main')!.append(window.__sheet));
    await expect.poll(() => modal(page)).toBe(true);
    // The input guard starts again when it appears: keys typed meanwhile never answer it.
    await page.keyboard.press('3');
    expect(await answers(page)).toEqual([]);
    await advance(page);
    await page.keyboard.press('3');
    await expect.poll(() => answers(page)).toEqual(['deny_once']);
    expect(pageErrors(page)).toEqual([]);
  });

  it('moved while open (out and back in one task): stays open and modal, and still answers', async () => {
    page = await gallery.open();
    await mount(page);
    await ask(page);
    await expect.poll(() => modal(page)).toBe(true);
    await page.evaluate(() => {
      const box = document.createElement('div');
      document.body.append(box);
      box.append(window.__sheet);
    });
    await settle(page);
    expect(await modal(page)).toBe(true);
    await advance(page);
    await page.keyboard.press('1');
    await expect.poll(() => answers(page)).toEqual(['allow_once']);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('an elicitation sheet that leaves the page and comes back', () => {
  type EWin = Window & {
    __esheet: HTMLElementTagNameMap['mcp-elicitation-sheet'];
    __results: unknown[];
    __ask(): void;
  };
  const tag = 'mcp-elicitation-sheet';
  const results = (p: Page) => p.evaluate(() => (window as unknown as EWin).__results);
  const putBack = (p: Page) =>
    p.evaluate(() => document.querySelector('main')!.append((window as unknown as EWin).__esheet));

  it('removed while open cancels; asked while out opens when back; nothing throws', async () => {
    page = await gallery.open();
    await page.evaluate(() => {
      const w = window as unknown as EWin;
      const sheet = document.createElement('mcp-elicitation-sheet');
      sheet.clock = window.__kit.createManualClock();
      document.querySelector('main')!.append(sheet);
      w.__esheet = sheet;
      w.__results = [];
      w.__ask = () =>
        void sheet
          .show(
            { message: 'Go on?', requestedSchema: { type: 'object', properties: {} } },
            { server: window.__kit.server },
          )
          .then((result) => w.__results.push(result));
      w.__ask();
    });
    await expect.poll(() => modal(page, tag)).toBe(true);
    await page.evaluate(() => (window as unknown as EWin).__esheet.remove());
    await settle(page);
    expect(await results(page)).toEqual([{ action: 'cancel' }]);
    await page.evaluate(() => (window as unknown as EWin).__ask());
    await settle(page);
    expect(pageErrors(page)).toEqual([]);
    await putBack(page);
    await expect.poll(() => modal(page, tag)).toBe(true);
    await page.evaluate(() =>
      (
        (window as unknown as EWin).__esheet.clock as unknown as { advance(ms: number): void }
      ).advance(500),
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => results(page)).toEqual([{ action: 'cancel' }, { action: 'cancel' }]);
    expect(pageErrors(page)).toEqual([]);
  });
});
