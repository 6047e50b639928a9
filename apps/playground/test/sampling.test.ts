/**
 * Sampling end to end in real Chromium (issue 18): the demo server's `notes_summarize` asks the
 * client's model through `sampling/createMessage`; the page asks the user about the call, then
 * about the request, runs the demo echo model and shows its reply for review before it goes
 * back. Also the progress of a running call and the server's log lines. Every wait is on
 * visible UI state; nothing asserts a duration.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { answer, call, open, result, WAIT, type RendererName } from './driver.js';
import { usePlayground } from './harness.js';

const en = createAppTranslator('en-US');
const NOTE = 'Welcome to the MCP Consent Kit demo server.';
/** The approve path runs on a phone-sized viewport: the sampling sheet is a bottom sheet. */
const PHONE = { width: 390, height: 844 };

const playground = usePlayground();

/** The open sampling step, once its input guard has lifted. */
function samplingStep(page: Page, step: 'request' | 'response'): Locator {
  return page.locator(
    `[data-scope="sampling"][data-part="root"][data-state="open"][data-guard="idle"][data-step="${step}"]`,
  );
}

/** Clicks one action of the open sampling step and waits for that step to close. */
async function choose(page: Page, step: 'request' | 'response', action: string): Promise<void> {
  const sheet = samplingStep(page, step);
  await sheet.waitFor(WAIT);
  await sheet.locator(`[data-part="action"][data-action="${action}"]`).click();
  await sheet.waitFor({ state: 'detached', ...WAIT });
}

describe.each<RendererName>(['lit', 'react'])('sampling with the %s renderer', (renderer) => {
  it("approve, then send the echo model's reply: the server returns it", async () => {
    const { context, page, errors } = await open(
      playground.browser,
      playground.url,
      renderer,
      '',
      PHONE,
    );
    // The settings say plainly that replies come from a demo echo model, not a real one.
    expect(await page.locator('#echo-model-note').innerText()).toBe(
      en.t('mcp.playground.sampling.echo'),
    );
    expect(
      await page
        .locator('#roots [data-root]')
        .evaluateAll((li) => li.map((e) => e.getAttribute('data-root'))),
    ).toEqual(['file:///home/demo/project', 'file:///home/demo/notes']);

    const n = await call(page, 'notes_summarize', { id: 'welcome' });
    await answer(page, 'allow_once');
    // Step 1: the server's request, its note as text.
    const request = samplingStep(page, 'request');
    await request.waitFor(WAIT);
    expect(await request.locator('[data-part="messages"]').innerText()).toContain(NOTE);
    // On a phone-sized sheet too: each radio of the grain is a small control beside its label,
    // and a reason has one bullet (its own dot or the list's, never both).
    const radio = await request.locator('[data-part="grain-option"] input').first().boundingBox();
    expect(radio!.width).toBeLessThan(32);
    const bullets = await request
      .locator('[data-part="risk-reason"]')
      .first()
      .evaluate((li) => {
        const dot = getComputedStyle(li, '::before').content;
        return Number(getComputedStyle(li).listStyleType !== 'none') + Number(dot !== 'none');
      });
    expect(bullets).toBe(1);
    await choose(page, 'request', 'approve');
    // Step 2: the echo model's reply, named as such, before anything goes back.
    const response = samplingStep(page, 'response');
    await response.waitFor(WAIT);
    expect(await response.locator('[data-part="response-model"]').innerText()).toContain(
      'echo-model-demo',
    );
    expect(await response.locator('[data-part="response"]').innerText()).toContain(NOTE);
    expect(await page.locator(`#result[data-call="${n}"][data-kind="pending"]`).count()).toBe(1);
    await choose(page, 'response', 'send');

    const done = await result(page, n, 'ok');
    const text = await done.locator('.result-text').innerText();
    expect(text).toContain('Summary of "welcome" by echo-model-demo:');
    expect(text).toContain(NOTE);
    // The server's log line, sanitized by the kit, shown as text.
    const log = page.locator('#server-log li[data-level="info"]');
    await log.first().waitFor(WAIT);
    expect(await log.last().locator('.log-message').innerText()).toBe(
      'Asking the client\'s model to summarize "welcome".',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deny the request: the server gets the rejection and no reply text', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, renderer);
    const n = await call(page, 'notes_summarize', { id: 'groceries' });
    await answer(page, 'allow_once');
    await choose(page, 'request', 'deny');
    // No reply step: the echo model never ran.
    const failed = await result(page, n, 'error');
    const text = await failed.locator('.result-text').innerText();
    expect(text).toContain('No summary of "groceries"');
    expect(text).toContain('User rejected sampling request');
    expect(text).not.toContain('milk, eggs, coffee');
    expect(await page.locator('[data-scope="sampling"][data-part="root"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('progress', () => {
  it('a running call shows its progress, and it is gone with the result', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, 'lit');
    const n = await call(page, 'demo_sleep', { ms: 4000, steps: 4 });
    await answer(page, 'allow_once');
    const progress = page.locator('#progress[data-for-tool="demo_sleep"]');
    await progress.locator('[data-part="count"]', { hasText: /[1-4] of 4/ }).waitFor(WAIT);
    // The kit's status (<mcp-call-progress>): which tool runs, how far, and a bar.
    const status = progress.locator('[data-part="progress"]');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.innerText()).toMatch(/^Running demo_sleep…\s+\d of 4/);
    expect(
      Number(await progress.locator('[data-part="bar"]').getAttribute('aria-valuenow')),
    ).toBeGreaterThan(0);
    await result(page, n, 'ok');
    expect(await progress.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
