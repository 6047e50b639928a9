/**
 * Result review in the playground (issue 18), in real Chromium against the demo server: with
 * "Review each result before the model sees it" ticked, an allowed call's result is shown in
 * the result review sheet first; Send gives the page (the model's side) the result, Withhold
 * gives it only the kit's text and says the tool ran. Every wait is on visible UI state.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { answer, call, open, result, WAIT, type RendererName } from './driver.js';
import { usePlayground } from './harness.js';

const en = createAppTranslator('en-US');
const NOTE = 'Welcome to the MCP Consent Kit demo server.';

const playground = usePlayground();

/** The open result review sheet, once its input guard has lifted. */
const reviewSheet = (page: Page): Locator =>
  page.locator(
    '[data-scope="result-review"][data-part="root"][data-state="open"][data-guard="idle"]',
  );

async function review(page: Page, action: 'send' | 'withhold'): Promise<string> {
  const sheet = reviewSheet(page);
  await sheet.waitFor(WAIT);
  const shown = await sheet.innerText();
  await sheet.locator(`[data-part="action"][data-answer="${action}"]`).click();
  await sheet.waitFor({ state: 'detached', ...WAIT });
  return shown;
}

describe.each<RendererName>(['lit', 'react'])('result review with the %s renderer', (renderer) => {
  it('Send: the result is reviewed first, then reaches the page', async () => {
    const { context, page, errors } = await open(
      playground.browser,
      playground.url,
      renderer,
      '&review=true',
    );
    expect(await page.locator('#review').isChecked()).toBe(true);
    const n = await call(page, 'notes_read', { id: 'welcome' });
    await answer(page, 'allow_once');
    const shown = await review(page, 'send');
    expect(shown).toContain(en.t('mcp.result.title'));
    expect(shown).toContain(NOTE);
    const done = await result(page, n, 'ok');
    expect(await done.innerText()).toContain(NOTE);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Withhold: the page gets only the kit’s text, and is told the tool ran', async () => {
    const { context, page } = await open(
      playground.browser,
      playground.url,
      renderer,
      '&review=true',
    );
    const n = await call(page, 'notes_read', { id: 'welcome' });
    await answer(page, 'allow_once');
    await review(page, 'withhold');
    const done = await result(page, n, 'denied');
    expect(await done.locator('.result-headline').innerText()).toBe(
      en.t('mcp.playground.result.withheld', { tool: 'notes_read' }),
    );
    expect(await done.innerText()).not.toContain(NOTE);
    await context.close();
  });
});

it('without the setting, results are not held for review', async () => {
  const { context, page } = await open(playground.browser, playground.url, 'lit');
  expect(await page.locator('#review').isChecked()).toBe(false);
  const n = await call(page, 'notes_read', { id: 'welcome' });
  await answer(page, 'allow_once');
  const done = await result(page, n, 'ok');
  expect(await done.innerText()).toContain(NOTE);
  expect(await reviewSheet(page).count()).toBe(0);
  await context.close();
});
