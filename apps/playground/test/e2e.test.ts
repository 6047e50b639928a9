/**
 * End to end in real Chromium against the running playground (the `npm start`
 * entry in its own process, on a free port): the demo MCP server over
 * Streamable HTTP, the real SDK client wrapped by guardClient, the Lit and the
 * React renderers, IndexedDB across reloads, and the user/workspace scope (T8).
 * Every wait is on visible UI state; nothing asserts a duration.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  answer,
  call,
  connected,
  open as openPage,
  permissionSheet,
  result,
  WAIT,
  type RendererName,
} from './driver.js';
import { usePlayground } from './harness.js';

const playground = usePlayground();

/** A fresh browser profile (its own IndexedDB) on the playground. */
function open(
  renderer: RendererName,
  query = '',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  return openPage(playground.browser, playground.url, renderer, query);
}

const manager = (page: Page) => page.locator('#manager [data-scope="manager"][data-part="root"]');
const grantRows = (page: Page) => manager(page).locator('[data-part="grant-row"]');

describe.each<RendererName>(['lit', 'react'])('the %s renderer', (renderer) => {
  it('deny always sticks across a reload, and a revoke in the manager asks again', async () => {
    const { context, page, errors } = await open(renderer);
    let n: number;
    // The demo server's notes are shared by the tests: each renderer deletes its own.
    const note = renderer === 'lit' ? 'groceries' : 'welcome';
    expect(await page.locator('html').getAttribute('data-renderer')).toBe(renderer);

    // 1. A destructive tool asks; Allow always is offered but disabled.
    n = await call(page, 'notes_delete', { id: note });
    const sheet = permissionSheet(page);
    await sheet.waitFor(WAIT);
    await expect(sheet.locator('[data-part="tool-name"]').textContent()).resolves.toContain(
      'notes_delete',
    );
    expect(
      await sheet
        .locator('[data-part="action"][data-choice="allow_always"]')
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await answer(page, 'deny_always');
    const denied = await result(page, n, 'denied', '[data-settled-by="answer"]');
    expect(await denied.getAttribute('data-choice')).toBe('deny_always');
    // The user reads the kit's sentence; the English text written for the model stays folded.
    expect(await denied.locator('.result-headline').innerText()).toContain('notes_delete');
    expect(await denied.locator('.result-text').isVisible()).toBe(false);
    await grantRows(page).first().waitFor(WAIT);

    // 2. Reload: the grant comes back from IndexedDB; the call is denied without a prompt.
    await page.reload();
    await connected(page);
    await grantRows(page).first().waitFor(WAIT);
    expect(await grantRows(page).count()).toBe(1);
    await expect(grantRows(page).first().textContent()).resolves.toContain('notes_delete');
    n = await call(page, 'notes_delete', { id: note });
    const byGrant = await result(page, n, 'denied', '[data-settled-by="grant"]');
    expect(await byGrant.getAttribute('data-choice')).toBe('deny_always');
    expect(
      await page.locator('[data-scope="permission"][data-part="root"][data-state="open"]').count(),
    ).toBe(0);
    // The history (also from IndexedDB) shows the prompt answer and the cache hit.
    await manager(page).locator('[data-part="audit-row"][data-origin="cache_hit"]').waitFor(WAIT);
    expect(
      await manager(page).locator('[data-part="audit-row"][data-origin="user_prompt"]').count(),
    ).toBeGreaterThanOrEqual(1);

    // 3. Revoke in the manager: the next call asks again.
    await grantRows(page).first().locator('[data-part="revoke"]').click();
    await grantRows(page)
      .first()
      .waitFor({ state: 'detached', ...WAIT });
    n = await call(page, 'notes_delete', { id: note });
    await answer(page, 'deny_once');
    const once = await result(page, n, 'denied', '[data-settled-by="answer"]');
    expect(await once.getAttribute('data-choice')).toBe('deny_once');

    // 4. Allow once: the server asks through the elicitation sheet; confirming deletes.
    n = await call(page, 'notes_delete', { id: note });
    await answer(page, 'allow_once');
    const elicitation = page.locator(
      '[data-scope="elicitation"][data-part="root"][data-state="open"][data-guard="idle"]',
    );
    await elicitation.waitFor(WAIT);
    await expect(elicitation.textContent()).resolves.toContain(note);
    await elicitation.locator('[data-action="accept"]').click();
    const ran = await result(page, n, 'ok');
    await expect(ran.textContent()).resolves.toContain(`Deleted note "${note}"`);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the two-key dry run of messages_send (seed 001) as one flow, and after Send for real a sentence, not JSON', async () => {
    const { context, page, errors } = await open(renderer);
    const args = { channel: 'general', text: `hello from ${renderer}`, webhookToken: 'whk_SECRET' };
    const preview = page.locator(
      '[data-scope="dry-run"][data-part="root"][data-state="open"][data-guard="idle"]',
    );

    // 1. Allowed once, the server answers DRY_RUN_PREVIEW: step 2 of 2 shows its preview, and
    // the server's hint only quoted in the From the server box.
    let n = await call(page, 'messages_send', args);
    await answer(page, 'allow_once');
    await preview.waitFor(WAIT);
    const text = (await preview.textContent()) ?? '';
    expect(text).toContain('Step 2 of 2 · Send for real');
    expect(text).toContain(`hello from ${renderer}`);
    expect(text).not.toContain('whk_SECRET');
    const box = preview.locator('[data-part="from-server"]');
    expect(await box.textContent()).toContain('MCP_DRY_RUN=false AND pass');
    expect(await box.textContent()).toContain('It is not a step for you.');
    // Don't send has the focus; choosing it refuses the call without re-issuing it.
    const focused = await page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return (active as HTMLElement | null)?.dataset.answer ?? null;
    });
    expect(focused).toBe('deny');
    await preview.locator('[data-part="action"][data-answer="deny"]').click();
    await result(page, n, 'denied', '[data-settled-by="answer"]');

    // 2. The same tool again: the kit knows it previews, so the permission sheet is step 1 of 2.
    // Send for real: re-issued with __confirm; the operator half is still off (the demo's
    // default), so the server previews again, and the result says so in a sentence.
    n = await call(page, 'messages_send', args);
    const first = permissionSheet(page);
    await first.waitFor(WAIT);
    expect(await first.textContent()).toContain('Step 1 of 2 · Preview');
    await answer(page, 'allow_once');
    await preview.waitFor(WAIT);
    await preview.locator('[data-part="action"][data-answer="approve"]').click();
    const still = await result(page, n, 'dry_run');
    const said = (await still.textContent()) ?? '';
    expect(said).toContain(
      'You chose to send messages_send for real, but demo-server answered with a preview again',
    );
    for (const raw of ['{', '"code"', 'DRY_RUN_PREVIEW', 'recovery_hint', '__confirm'])
      expect(said).not.toContain(raw);

    // 3. The history tells the truth (newest first): nothing is "Allowed once" twice.
    const rows = manager(page).locator('[data-part="audit-row"][data-dry-run]');
    await expect.poll(async () => rows.count(), WAIT).toBe(4);
    const words = await rows.evaluateAll((all) =>
      all.map((row) => row.getAttribute('data-dry-run')),
    );
    expect(words).toEqual(['sent', 'previewed', 'not_sent', 'previewed']);
    const history = (await manager(page).locator('[data-part="audit-row"]').allTextContents()).join(
      ' ',
    );
    for (const word of ['Previewed', 'Sent for real', 'Not sent']) expect(history).toContain(word);
    expect(history).not.toContain('Allowed once');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps grants per user and workspace (T8)', async () => {
    const { context, page, errors } = await open(renderer);
    let n: number;

    // alice in acme: Deny always.
    n = await call(page, 'notes_delete', { id: 'welcome' });
    await answer(page, 'deny_always');
    await result(page, n, 'denied', '[data-settled-by="answer"]');
    await grantRows(page).first().waitFor(WAIT);

    // bob in acme: nothing saved, so he is asked.
    await page.locator('#user').selectOption('bob');
    await connected(page);
    await manager(page).locator('[data-part="grants-empty"]').waitFor(WAIT);
    n = await call(page, 'notes_delete', { id: 'welcome' });
    await answer(page, 'deny_once');
    await result(page, n, 'denied', '[data-settled-by="answer"][data-choice="deny_once"]');

    // alice in another workspace: asked as well.
    await page.locator('#user').selectOption('alice');
    await page.locator('#workspace').selectOption('personal');
    await connected(page);
    await manager(page).locator('[data-part="grants-empty"]').waitFor(WAIT);
    n = await call(page, 'notes_delete', { id: 'welcome' });
    await answer(page, 'deny_once');
    await result(page, n, 'denied', '[data-settled-by="answer"][data-choice="deny_once"]');

    // Back in alice's acme scope: her grant applies, without a prompt.
    await page.locator('#workspace').selectOption('acme');
    await connected(page);
    await grantRows(page).first().waitFor(WAIT);
    n = await call(page, 'notes_delete', { id: 'welcome' });
    await result(page, n, 'denied', '[data-settled-by="grant"][data-choice="deny_always"]');

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the page', () => {
  it('switches language (Arabic, right to left), theme and renderer, and the sheet follows', async () => {
    const { context, page, errors } = await open('lit');
    let n: number;
    await page.locator('#locale').selectOption('ar');
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor({ state: 'attached', ...WAIT });
    await page.locator('#theme').selectOption('dark');
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached', ...WAIT });

    n = await call(page, 'notes_list', {});
    const sheet = permissionSheet(page);
    await sheet.waitFor(WAIT);
    expect(await sheet.getAttribute('lang')).toBe('ar');
    expect(await sheet.getAttribute('dir')).toBe('rtl');
    await answer(page, 'allow_once');
    await result(page, n, 'ok');

    // The React renderer takes over with the same settings and the same engine.
    await page.locator('#renderer').selectOption('react');
    await page.locator('html[data-renderer="react"]').waitFor({ state: 'attached', ...WAIT });
    n = await call(page, 'notes_put', { id: 'todo', text: 'water the plants' });
    const reactSheet = permissionSheet(page);
    await reactSheet.waitFor(WAIT);
    expect(await reactSheet.getAttribute('lang')).toBe('ar');
    await answer(page, 'allow_always');
    await result(page, n, 'ok');
    await grantRows(page).first().waitFor(WAIT);

    // The choices are in the URL, so a reload keeps them.
    await page.reload();
    await connected(page);
    await page
      .locator('html[lang="ar"][data-theme="dark"][data-renderer="react"]')
      .waitFor({ state: 'attached', ...WAIT });
    n = await call(page, 'notes_put', { id: 'todo', text: 'water the plants' });
    await result(page, n, 'ok');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes a server URL from ?server= and says when it cannot connect', async () => {
    const target = 'http://127.0.0.1:9/mcp';
    const context = await playground.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${playground.url}?server=${encodeURIComponent(target)}`);
    await page.locator('#status[data-status="failed"]').waitFor(WAIT);
    expect(await page.locator('#server-url').inputValue()).toBe(target);
    await expect(page.locator('#status').textContent()).resolves.toContain(target);

    // The demo server is one click away.
    await page.locator('#use-demo').click();
    await connected(page);
    expect(new URL(page.url()).searchParams.get('server')).toBeNull();
    await context.close();
  });
});
