import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import type { CallProgress } from '@mcp-consent/prompt';
import { axeBuilder } from '../../../test/support/axe.js';
import { runProgressChecks } from '../../../test/scenarios/progress-checks.js';
import type { Lab } from './fixture/lab-page.js';
import { openLab, sharedBrowser } from './react-driver.js';

type L = { __lab: Lab };
const shared = sharedBrowser();
afterAll(() => shared.close());

const show = (page: Page, progress: CallProgress | null, locale = 'en-US') =>
  page.evaluate(([p, l]) => (window as unknown as L).__lab.mountProgress(p, l), [
    progress,
    locale,
  ] as const);

const read = (page: Page) =>
  page.evaluate(() => {
    const status = document.querySelector<HTMLElement>(
      '[data-scope="progress"][data-part="progress"]',
    );
    const value = status?.querySelector('[data-part="bar"]')?.getAttribute('aria-valuenow');
    return { text: status?.innerText ?? '', percent: value ? Number(value) : null };
  });

runProgressChecks('react', async () => {
  const { context, page } = await openLab(shared);
  return {
    show: (progress, locale) => show(page, progress, locale),
    read: () => read(page),
    dispose: () => context.close(),
  };
});

it('react: a polite status with a labelled progress bar; axe finds nothing', async () => {
  const { context, page } = await openLab(shared);
  await show(page, { tool: 'notes_put', progress: 2, total: 8, message: 'Indexing' });
  const status = page.locator('[data-scope="progress"][data-part="progress"]');
  expect(await status.getAttribute('role')).toBe('status');
  expect(await status.getAttribute('aria-live')).toBe('polite');
  const bar = status.locator('[data-part="bar"]');
  expect(await bar.getAttribute('aria-label')).toBe('Running notes_put…');
  expect(await bar.getAttribute('aria-valuenow')).toBe('25');
  const result = await axeBuilder(page).include('[data-scope="progress"]').analyze();
  expect(result.passes.length).toBeGreaterThan(0);
  expect(result.violations.map((v) => v.id)).toEqual([]);
  await context.close();
});
