/**
 * The page's v2 client against both eras in real Chromium (issue 18): the demo server's
 * 2026-07-28 mode at `/mcp-2026`, where `publish_note` asks for its input with
 * `input_required` results (a form, then a sampling request), and the 2025 server at `/mcp`,
 * which the same client reaches by negotiating down. Every wait is on visible UI state.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answer, call, open, openSheets, result, WAIT, type RendererName } from './driver.js';
import { usePlayground } from './harness.js';

const playground = usePlayground();

/** Switches the page to the 2026-07-28 demo server with its preset button. */
async function useModernDemo(page: Page): Promise<void> {
  await page.locator('#use-demo-2026').click();
  await page.locator('#status[data-status="connected"][data-protocol="2026-07-28"]').waitFor(WAIT);
  await page.locator('button[data-tool="publish_note"]').waitFor(WAIT);
}

function openSheet(page: Page, scope: string, extra = ''): Locator {
  return page.locator(
    `[data-scope="${scope}"][data-part="root"][data-state="open"][data-guard="idle"]${extra}`,
  );
}

/** Clicks one action of the open sampling step and waits for that step to close. */
async function choose(page: Page, step: 'request' | 'response', action: string): Promise<void> {
  const sheet = openSheet(page, 'sampling', `[data-step="${step}"]`);
  await sheet.waitFor(WAIT);
  await sheet.locator(`[data-part="action"][data-action="${action}"]`).click();
  await sheet.waitFor({ state: 'detached', ...WAIT });
}

describe.each<RendererName>(['lit', 'react'])('2026-07-28 with the %s renderer', (renderer) => {
  it('publish_note: one permission prompt, then the form, then the sampling steps; the note is published', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, renderer);
    // The 2025 server at /mcp: the same client negotiated down.
    expect(await page.locator('#status').getAttribute('data-protocol')).toBe('2025-11-25');
    await useModernDemo(page);

    const id = `note-${renderer}`;
    const n = await call(page, 'publish_note', { id, text: 'Hello, world' });
    await answer(page, 'allow_once');
    // Round 1 (input_required): the server's form, on the elicitation sheet.
    const form = openSheet(page, 'elicitation');
    await form.waitFor(WAIT);
    expect(await form.textContent()).toContain(`Publish note "${id}"?`);
    expect(await openSheets(page).count()).toBe(0);
    await form.getByLabel('Publish this note').check();
    await form.getByLabel('Reason').fill('ship it');
    await form.locator('[data-action="accept"]').click();
    await form.waitFor({ state: 'detached', ...WAIT });
    // Round 2: the sampling request, then the echo model's reply, each on its sheet; no
    // second permission prompt for the retries.
    const request = openSheet(page, 'sampling', '[data-step="request"]');
    await request.waitFor(WAIT);
    expect(await openSheets(page).count()).toBe(0);
    expect(await request.locator('[data-part="messages"]').innerText()).toContain(
      'Summarize in one line: Hello, world',
    );
    await choose(page, 'request', 'approve');
    await choose(page, 'response', 'send');

    const done = await result(page, n, 'ok');
    expect(await done.locator('.result-text').innerText()).toBe(
      `Published ${id}: Summarize in one line: Hello, world (reason: ship it)`,
    );
    expect(await openSheets(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a denied publish_note never reaches the server: no form is shown', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, renderer);
    await useModernDemo(page);
    const n = await call(page, 'publish_note', { id: 'denied', text: 'Hello, world' });
    await answer(page, 'deny_once');
    await result(page, n, 'denied');
    expect(await page.locator('[data-scope="elicitation"][data-part="root"]').count()).toBe(0);
    expect(await page.locator('[data-scope="sampling"][data-part="root"]').count()).toBe(0);
    // The server saw no call: its state lists none.
    const state = await call(page, 'demo_state', {});
    await answer(page, 'allow_once');
    const snapshot = JSON.parse(
      await (await result(page, state, 'ok')).locator('.result-text').innerText(),
    ) as { rounds: { arguments: { id?: unknown } }[] };
    expect(snapshot.rounds.filter((round) => round.arguments.id === 'denied')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
