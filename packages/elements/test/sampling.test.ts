import { axeBuilder } from '../../../test/support/axe.js';
import type { Page } from 'playwright-core';
import type { ManualClock } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import type { ConsentPresenter, SamplingAnswer } from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { useGalleryBrowser } from './gallery.js';

/**
 * Sampling (issue 18) in `<mcp-permission-sheet>`: the request step with who asks, the risk,
 * the messages and Approve / Edit / Deny; the edit form; the reply step with Send and Deny.
 */
const SHEET = 'mcp-permission-sheet';
const en = createTranslator('en-US');
const gallery = useGalleryBrowser();

type Win = Window & {
  __presenter: ConsentPresenter;
  __clock: ManualClock;
  __answer: Promise<SamplingAnswer>;
};

const params = {
  messages: [
    { role: 'user', content: { type: 'text', text: 'Summarise <b>bold</b> \u202Egnp.exe' } },
    { role: 'user', content: { type: 'audio', data: 'QUJD', mimeType: 'audio/wav' } },
    { role: 'user', content: { type: 'text', text: 'my notes' } },
  ],
  includeContext: 'thisServer',
  maxTokens: 100,
};

/** A permission sheet on a presenter, showing one sampling step, its guard lifted. */
async function open(step: 'request' | 'response' = 'request'): Promise<Page> {
  // Reduced motion: checked during its fade-in, the sheet's text would fail axe's contrast rule.
  const page = await gallery.open({ reducedMotion: 'reduce' });
  await page.evaluate(
    ([json, kind]) => {
      const w = window as unknown as Win;
      const { createConsentPresenter, createManualClock } = window.__kit;
      const clock = createManualClock();
      const presenter = createConsentPresenter({ clock, locale: 'en-US', guardMs: 500 });
      const sheet = document.createElement('mcp-permission-sheet');
      sheet.presenter = presenter;
      document.querySelector('main')!.append(sheet);
      const server = { id: 'notes', name: 'Notes server' };
      const call =
        kind === 'request'
          ? { step: 'request' as const, server, params: JSON.parse(json) }
          : {
              step: 'response' as const,
              server,
              params: JSON.parse(json),
              result: {
                role: 'assistant' as const,
                content: { type: 'text', text: 'A reply' },
                model: 'echo-1',
              },
            };
      Object.assign(w, {
        __presenter: presenter,
        __clock: clock,
        __answer: presenter.sample(call),
      });
    },
    [JSON.stringify(params), step] as const,
  );
  await page.waitForFunction(
    (tag) => !!document.querySelector(tag)?.shadowRoot?.querySelector('dialog:modal'),
    SHEET,
  );
  await page.evaluate(() => (window as unknown as Win).__clock.advance(500));
  return page;
}

const answer = (p: Page) => p.evaluate(() => (window as unknown as Win).__answer);
const sheetText = (p: Page) =>
  p.evaluate(
    (tag) => document.querySelector(tag)!.shadowRoot!.querySelector('dialog')!.innerText,
    SHEET,
  );
const focusedAction = (p: Page) =>
  p.evaluate(
    (tag) =>
      (document.querySelector(tag)?.shadowRoot?.activeElement as HTMLElement | null)?.dataset
        .action ?? null,
    SHEET,
  );

describe('sampling in <mcp-permission-sheet>', () => {
  it('shows who asks, the risk and why, the messages as text, the audio as a label; Deny is focused', async () => {
    const page = await open();
    const dialog = page.getByRole('dialog', { name: /Let this server use your AI model/ });
    expect(await dialog.count()).toBe(1);
    const text = await sheetText(page);
    expect(text).toContain(en.t('mcp.sampling.intro.request', { server: 'Notes server' }));
    expect(text).toContain('<b>bold</b>');
    expect(text).not.toContain('\u202E');
    expect(text).toContain('Audio (audio/wav, 3 bytes), not played');
    expect(text).toContain(en.t('mcp.sampling.reason.context_this_server'));
    expect(text).toContain(en.t('mcp.permission.risk.high_plain'));
    const markup = await page.evaluate(
      (tag) => document.querySelector(tag)!.shadowRoot!.querySelectorAll('b, audio').length,
      SHEET,
    );
    expect(markup).toBe(0);
    expect(await focusedAction(page)).toBe('deny');
  });

  it('Edit opens the form; the typed reply length is what Approve answers', async () => {
    const page = await open();
    await page.locator(`${SHEET} [data-action="edit"]`).click();
    const field = page.getByLabel(en.t('mcp.sampling.edit.maxTokens'));
    await field.fill('0');
    expect(await sheetText(page)).toContain(en.t('mcp.sampling.edit.max_tokens_invalid'));
    // A length that does not parse cannot be approved.
    const approve = page.locator(`${SHEET} [data-action="approve"]`);
    expect(await approve.getAttribute('aria-disabled')).toBe('true');
    await field.fill('20');
    await page.locator(`${SHEET} [data-action="approve"]`).click();
    expect(await answer(page)).toEqual({
      action: 'approve',
      grain: 'once',
      edits: { maxTokens: 20 },
    });
  });

  it('"this session" goes with Deny; Escape denies', async () => {
    const page = await open();
    await page.getByLabel(en.t('mcp.sampling.grain.session')).check();
    await page.keyboard.press('Escape');
    expect(await answer(page)).toEqual({ action: 'deny', grain: 'session' });
  });

  it('the reply step shows the reply; 1 sends it', async () => {
    const page = await open('response');
    expect(await sheetText(page)).toContain('A reply');
    await page.keyboard.press('1');
    expect(await answer(page)).toEqual({ action: 'send' });
  });
  it('axe-core finds no violations in either step, the edit form open', async () => {
    const found: string[] = [];
    for (const step of ['request', 'response'] as const) {
      const page = await open(step);
      if (step === 'request') await page.locator(`${SHEET} [data-action="edit"]`).click();
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
