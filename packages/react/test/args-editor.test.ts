import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, tools } from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import { useFixturePages } from './fixture-pages.js';

const pages = useFixturePages();

/** `notes_put { id, count }`: an input schema, so the prompt offers "Edit arguments". */
const editable = call(
  {
    ...tools.notesPut,
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', title: 'Note', minLength: 1 },
        count: { type: 'integer', title: 'Copies', minimum: 1, maximum: 5 },
      },
    },
  },
  { args: { id: 'groceries', count: 2 } },
);

async function ask() {
  const { page, host } = await pages.start();
  const handle = await host.request(editable);
  await host.waitForPrompt();
  await host.advance(GUARD_MS);
  await page.locator("[data-part='edit-toggle']").click();
  return { page, host, handle };
}

const allowOnce = (page: Page) =>
  page.locator("[data-scope='permission'][data-choice='allow_once']");
const field = (page: Page, kind: string) =>
  page.locator(`[data-part='edit-editor'] input[data-kind='${kind}']`);

describe('React permission sheet: Edit arguments (issue 17)', () => {
  it('runs the call with the edited arguments; a digit typed in a field is text, not an answer', async () => {
    const { page, host, handle } = await ask();
    await field(page, 'text').fill('shopping');
    await field(page, 'integer').fill('');
    await field(page, 'integer').pressSequentially('3');
    const status = page.locator("[data-part='edit-status']");
    expect(await status.innerText()).toBe(
      'Edited arguments: id, count. Allow runs the call with your changes',
    );
    expect(await status.getAttribute('role')).toBe('status');
    await allowOnce(page).click();
    const result = await host.result(handle);
    expect({ choice: result.choice, edited: result.edited, args: result.call?.args }).toEqual({
      choice: 'allow_once',
      edited: true,
      args: { id: 'shopping', count: 3 },
    });
  });

  it('an invalid value turns Allow off with the reason announced; Deny still answers', async () => {
    const { page, host, handle } = await ask();
    await field(page, 'integer').fill('9');
    const reason = 'Allow is off until 1 argument is fixed';
    expect(await allowOnce(page).getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator("[data-part='edit-status']").innerText()).toBe(reason);
    const describedBy = (await allowOnce(page).getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id='${describedBy}']`).innerText()).toBe(reason);
    expect(await page.locator("[data-part='field-error']:visible").innerText()).toBe(
      'Copies must be at most 5',
    );
    await allowOnce(page).click({ force: true });
    expect(await page.locator("[data-scope='permission'][data-state='open']").count()).toBe(1);
    await page.locator("[data-scope='permission'][data-choice='deny_once']").click();
    const result = await host.result(handle);
    expect({ choice: result.choice, edited: result.edited ?? false }).toEqual({
      choice: 'deny_once',
      edited: false,
    });
  });
});
