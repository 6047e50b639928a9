import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostileEverything } from '../../../test/scenarios/hostile-corpus.js';
import { findCompromise } from './compromise.js';
import { useGalleryBrowser } from './gallery.js';

const SHEET = 'mcp-result-review-sheet';
const gallery = useGalleryBrowser();

type Win = Window & {
  __result: Promise<unknown>;
  __clock: { advance(ms: number): void };
  __results: unknown[];
};

const RESULT = {
  isError: true,
  content: [
    { type: 'text', text: 'Found 3 invoices <img src=x onerror=alert(1)>' },
    { type: 'image', mimeType: 'image/png', data: 'AAAA'.repeat(512) },
  ],
};

/** Mounts a result review sheet on a manual clock and asks through `result` (mcp's `reviewResult` shape). */
async function ask(p: Page, locale = 'en-US', result: unknown = RESULT): Promise<void> {
  await p.evaluate(
    async ([r, l]) => {
      const w = window as unknown as Win;
      const clock = window.__kit.createManualClock();
      const sheet = document.createElement('mcp-result-review-sheet');
      sheet.clock = clock;
      sheet.locale = l as string;
      document.querySelector('main')!.append(sheet);
      w.__clock = clock;
      w.__results = [];
      sheet.addEventListener('mcp-result-review', (event) => w.__results.push(event.detail));
      w.__result = sheet.result({
        server: window.__kit.server,
        tool: 'invoices_search',
        tier: 'high',
        result: r as never,
      });
      await window.__kit.until(() => !!sheet.shadowRoot?.querySelector('dialog[open]'), 'sheet');
      await sheet.updateComplete;
    },
    [result, locale] as const,
  );
}

const answer = (p: Page) => p.evaluate(() => (window as unknown as Win).__result);
const advance = (p: Page, ms: number) =>
  p.evaluate((m) => (window as unknown as Win).__clock.advance(m), ms);
const focused = (p: Page) =>
  p.evaluate((tag) => {
    const el = document.querySelector(tag)?.shadowRoot?.activeElement as HTMLElement | null;
    return el?.dataset.answer ?? null;
  }, SHEET);

describe('<mcp-result-review-sheet>', () => {
  it('shows the tool, its tier, the error line and the content as text; Send focused; 2 withholds', async () => {
    const page = await gallery.open();
    await ask(page);
    const dialog = page.getByRole('dialog', {
      name: 'Review this result before the model sees it',
    });
    await expect(dialog.isVisible()).resolves.toBe(true);
    const text = await page.locator(`${SHEET} dialog`).innerText();
    expect(text).toContain('Tool: invoices_search');
    expect(text).toContain('The server marked this result as an error.');
    expect(text).toContain('Found 3 invoices <img src=x onerror=alert(1)>');
    expect(text).toContain('Image (image/png, 2 KB), not shown');
    await expect(page.locator(`${SHEET} img`).count()).resolves.toBe(0);
    expect(await focused(page)).toBe('send');
    // Inside the input guard a key answers nothing.
    await page.keyboard.press('2');
    await advance(page, 500);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.keyboard.press('2');
    await expect(answer(page)).resolves.toEqual({ answer: 'withhold' });
    await expect(page.evaluate(() => (window as unknown as Win).__results.length)).resolves.toBe(1);
  });

  it('the close button withholds; Send sends', async () => {
    const page = await gallery.open();
    await ask(page);
    await advance(page, 500);
    await page.locator(`${SHEET} [data-part='close']`).click();
    await expect(answer(page)).resolves.toEqual({ answer: 'withhold' });

    await ask(page);
    await advance(page, 500);
    await page.getByRole('button', { name: 'Send to the model' }).last().click();
    await expect(answer(page)).resolves.toEqual({ answer: 'send' });
  });

  it.each(['en-US', 'ar'])('%s: axe finds no violations', async (locale) => {
    // Reduced motion: checked during its fade-in, the sheet's text fails contrast (seen in CI).
    const page = await gallery.open({ reducedMotion: 'reduce' });
    await ask(page, locale);
    const { violations, passes } = await new AxeBuilder({ page }).analyze();
    expect(passes.length).toBeGreaterThan(0);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual([]);
  });

  it('the hostile corpus in the result stays text', async () => {
    const page = await gallery.open({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    await ask(page, 'en-US', { content: [{ type: 'text', text: hostileEverything }] });
    expect(await findCompromise(page, SHEET)).toEqual([]);
    await advance(page, 500);
    await page.keyboard.press('Escape');
    await expect(answer(page)).resolves.toEqual({ answer: 'withhold' });
  });
});
