import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { CallProgress } from '@mcp-consent/prompt';
import { axeBuilder } from '../../../test/support/axe.js';
import { runProgressChecks } from '../../../test/scenarios/progress-checks.js';
import { useGalleryBrowser } from './gallery.js';

const gallery = useGalleryBrowser();

/** A `<mcp-call-progress>` added to the gallery page (which defines every tag). */
async function mount(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.body.append(document.createElement('mcp-call-progress'));
  });
}

const show = (page: Page, progress: CallProgress | null, locale = 'en-US') =>
  page.evaluate(
    async ([p, l]) => {
      const element = document.querySelector('mcp-call-progress')!;
      element.progress = p;
      element.locale = l;
      await element.updateComplete;
    },
    [progress, locale] as const,
  );

const read = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('mcp-call-progress')!.shadowRoot!;
    const status = root.querySelector<HTMLElement>('[data-part="progress"]');
    const value = root.querySelector('[data-part="bar"]')?.getAttribute('aria-valuenow');
    return { text: status?.innerText ?? '', percent: value ? Number(value) : null };
  });

runProgressChecks('lit', async () => {
  const page = await gallery.open();
  await mount(page);
  return {
    show: (progress, locale) => show(page, progress, locale),
    read: () => read(page),
    dispose: async () => {},
  };
});

it('lit: a polite status with a labelled progress bar; axe finds nothing', async () => {
  const page = await gallery.open({ reducedMotion: 'reduce' });
  await mount(page);
  await show(page, { tool: 'notes_put', progress: 2, total: 8, message: 'Indexing' });
  const status = page.locator('mcp-call-progress [data-part="progress"]');
  await expect.poll(() => status.getAttribute('role')).toBe('status');
  expect(await status.getAttribute('aria-live')).toBe('polite');
  const bar = page.locator('mcp-call-progress [data-part="bar"]');
  expect(await bar.getAttribute('aria-label')).toBe('Running notes_put…');
  expect(await bar.getAttribute('aria-valuenow')).toBe('25');
  const result = await axeBuilder(page).include('mcp-call-progress').analyze();
  expect(result.passes.length).toBeGreaterThan(0);
  expect(result.violations.map((v) => v.id)).toEqual([]);
});
