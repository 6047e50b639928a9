import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useGalleryBrowser } from './gallery.js';

const gallery = useGalleryBrowser();
const SHEET = 'mcp-permission-sheet';

/** A sheet on an engine asking about `notes_put { id, count }` (an input schema: editable). */
async function askEditable(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { createManualClock, createPermissionEngine, memoryStore, call, tools } = window.__kit;
    const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
    const engine = createPermissionEngine({ store: memoryStore(), clock });
    await engine.ready;
    const sheet = document.createElement('mcp-permission-sheet');
    sheet.engine = engine;
    sheet.clock = clock;
    sheet.locale = 'en-US';
    document.querySelector('main')!.append(sheet);
    const tool = {
      ...tools.notesPut,
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string', title: 'Note', minLength: 1 },
          count: { type: 'integer', title: 'Copies', minimum: 1, maximum: 5 },
        },
      },
    };
    const result = engine.request(call(tool, { args: { id: 'groceries', count: 2 } }), {
      prompt: sheet.prompt,
    });
    Object.assign(window, { __result: result, __clock: clock });
  });
  await page.waitForFunction((tag) => {
    const root = document.querySelector(tag)?.shadowRoot;
    return !!root?.querySelector('dialog[open][data-state="open"]');
  }, SHEET);
  await page.evaluate(() => window.__clock.advance(500));
}

const allowOnce = (page: Page) => page.locator(`${SHEET} [data-choice='allow_once']`);
const field = (page: Page, kind: string) =>
  page.locator(`${SHEET} [data-part='edit-editor'] input[data-kind='${kind}']`);

describe('<mcp-permission-sheet>: Edit arguments (issue 17)', () => {
  it('runs the call with the edited arguments; a digit typed in a field is text, not an answer', async () => {
    const page = await gallery.open();
    await askEditable(page);
    await page.locator(`${SHEET} [data-part='edit-toggle']`).click();
    await field(page, 'text').fill('shopping');
    await field(page, 'integer').fill('');
    await field(page, 'integer').pressSequentially('3');
    const status = page.locator(`${SHEET} [data-part='edit-status']`);
    expect(await status.innerText()).toBe(
      'Edited arguments: id, count. Allow runs the call with your changes',
    );
    expect(await status.getAttribute('role')).toBe('status');
    await allowOnce(page).click();
    const result = await page.evaluate(async () => {
      const r = await (window as unknown as { __result: Promise<Record<string, unknown>> })
        .__result;
      return { choice: r.choice, edited: r.edited, args: (r.call as { args: unknown }).args };
    });
    expect(result).toEqual({
      choice: 'allow_once',
      edited: true,
      args: { id: 'shopping', count: 3 },
    });
  });

  it('an invalid value turns Allow off with the reason announced; Deny still answers', async () => {
    const page = await gallery.open();
    await askEditable(page);
    await page.locator(`${SHEET} [data-part='edit-toggle']`).click();
    await field(page, 'integer').fill('9');
    const reason = 'Allow is off until 1 argument is fixed';
    expect(await allowOnce(page).getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator(`${SHEET} [data-part='edit-status']`).innerText()).toBe(reason);
    const describedBy = (await allowOnce(page).getAttribute('aria-describedby'))!;
    expect(await page.locator(`${SHEET} [id='${describedBy}']`).innerText()).toBe(reason);
    expect(await page.locator(`${SHEET} [data-part='field-error']:visible`).innerText()).toBe(
      'Copies must be at most 5',
    );
    await allowOnce(page).click({ force: true });
    expect(await page.locator(`${SHEET} dialog[open]`).count()).toBe(1);
    await page.locator(`${SHEET} [data-choice='deny_once']`).click();
    const result = await page.evaluate(async () => {
      const r = await (window as unknown as { __result: Promise<Record<string, unknown>> })
        .__result;
      return { choice: r.choice, edited: r.edited ?? false };
    });
    expect(result).toEqual({ choice: 'deny_once', edited: false });
  });
});
