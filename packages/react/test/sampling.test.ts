import { axeBuilder } from '../../../test/support/axe.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import type { SamplingAnswer } from '@mcp-consent/prompt';
import { server } from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import type { FixtureWindow } from './fixture/globals.js';
import { useFixturePages } from './fixture-pages.js';

/**
 * Sampling (issue 18) in `<PermissionSheet>`: the request step with who asks, the risk, the
 * messages and Approve / Edit / Deny; the edit form; the reply step with Send and Deny.
 */
type W = FixtureWindow;
const ROOT = '[data-scope="sampling"][data-part="root"]';
const en = createTranslator('en-US');
const pages = useFixturePages();

const params = {
  messages: [
    { role: 'user', content: { type: 'text', text: 'Summarise <img src=x onerror=alert(1)>' } },
    { role: 'user', content: { type: 'image', data: 'QUJD', mimeType: 'image/png' } },
    { role: 'user', content: { type: 'text', text: 'my notes' } },
  ],
  systemPrompt: 'Be brief.',
  maxTokens: 100,
};

async function open(step: 'request' | 'response' = 'request') {
  // Reduced motion: checked during its fade-in, the sheet's text would fail axe's contrast rule.
  const { page, host } = await pages.start({ reducedMotion: 'reduce' });
  const call =
    step === 'request'
      ? { step, params }
      : {
          step,
          params,
          result: {
            role: 'assistant',
            content: { type: 'text', text: 'A reply' },
            model: 'echo-1',
          },
        };
  const handle = await page.evaluate(
    (c) => (window as unknown as W).__host.sample(JSON.parse(c)),
    JSON.stringify(call),
  );
  await page.waitForSelector(ROOT);
  await host.advance(GUARD_MS);
  const answer = () =>
    page.evaluate(
      (h) => (window as unknown as W).__host.sampled(h),
      handle,
    ) as Promise<SamplingAnswer>;
  return { page, answer };
}

const focusedAction = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action ?? null);

describe('sampling in <PermissionSheet>', () => {
  it('shows who asks, the risk, the messages as text and the image as a label; Deny is focused', async () => {
    const { page } = await open();
    const dialog = page.getByRole('dialog', { name: /Let this server use your AI model/ });
    expect(await dialog.count()).toBe(1);
    const text = await page.locator(ROOT).innerText();
    expect(text).toContain(en.t('mcp.sampling.intro.request', { server: server.name }));
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(await page.locator(`${ROOT} img`).count()).toBe(0);
    expect(text).toContain('Image (image/png, 3 bytes), not shown');
    expect(text).toContain(en.t('mcp.permission.risk.why.trusted_server'));
    expect(await focusedAction(page)).toBe('deny');
  });

  it('Edit opens the form; the typed message is what Approve answers', async () => {
    const { page, answer } = await open();
    await page.click('[data-part="action"][data-action="edit"]');
    const message = page.getByLabel(en.t('mcp.sampling.edit.lastUserText'));
    await message.fill('Only today');
    await page.click('[data-part="action"][data-action="approve"]');
    expect(await answer()).toEqual({
      action: 'approve',
      grain: 'once',
      edits: { lastUserText: 'Only today' },
    });
  });

  it('the grain: "this session" goes with Deny; Escape denies', async () => {
    const { page, answer } = await open();
    await page.getByLabel(en.t('mcp.sampling.grain.session')).check();
    await page.keyboard.press('Escape');
    expect(await answer()).toEqual({ action: 'deny', grain: 'session' });
  });

  it('the reply step: the reply is shown and Send answers send', async () => {
    const { page, answer } = await open('response');
    expect(await page.locator(ROOT).innerText()).toContain('A reply');
    await page.keyboard.press('1');
    expect(await answer()).toEqual({ action: 'send' });
  });
  it('axe-core finds no violations in either step, the edit form open', async () => {
    const found: string[] = [];
    for (const step of ['request', 'response'] as const) {
      const { page } = await open(step);
      if (step === 'request') await page.click('[data-part="action"][data-action="edit"]');
      const result = await axeBuilder(page).analyze();
      expect(result.passes.length).toBeGreaterThan(0);
      for (const v of result.violations)
        found.push(
          `${step}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
    }
    expect(found).toEqual([]);
  });
});
