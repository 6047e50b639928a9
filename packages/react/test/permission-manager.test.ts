import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DAY_MS, type ToolCall } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { call, hostileCall, tools } from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import { useFixturePages } from './fixture-pages.js';

/**
 * `<PermissionManager>` columns and the history filter, as elements/test/permission-manager.test.ts
 * checks the Lit manager (revoking is covered in sheets.test.ts).
 */
const en = createTranslator('en-US');
const pages = useFixturePages();

/** A page whose manager lists four grants (one expired) and four decisions in its history. */
async function managerWithGrants() {
  const { page, host } = await pages.start({
    extras: { manager: true },
    viewport: { width: 1280, height: 800 },
  });
  const answer = async (c: ToolCall, key: string) => {
    await host.request(c);
    await host.waitForPrompt();
    await host.advance(GUARD_MS);
    await host.press(key);
    await host.waitForClosed();
  };
  await answer(call(tools.notesPut), '2'); // Allow always, medium risk: 30 days
  await host.advance(31 * DAY_MS); // … which have passed
  await answer(call(tools.notesList), '2'); // Allow always, low risk: 90 days
  await answer(call(tools.notesDelete), '4'); // Deny always: never expires
  await answer(hostileCall, '4');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-part="grant-row"]').length === 4 &&
      document.querySelectorAll('[data-part="audit-row"]').length === 4,
  );
  return { page, host };
}

/** Each row's text in the given columns, e.g. `[['notes_list', 'notes'], …]`. */
const table = (page: Page, row: 'grant-row' | 'audit-row', columns: string[]) =>
  page.$$eval(
    `[data-part="${row}"]`,
    (rows, cols) =>
      rows.map((r) =>
        cols.map((c) => (r.querySelector(`[data-column="${c}"]`) as HTMLElement).innerText.trim()),
      ),
    columns,
  );

it('lists each grant with its tool, server and expiry', async () => {
  const { page } = await managerWithGrants();
  // The expiry cell's first line is the relative text; a date may follow on its own line.
  const rows = (await table(page, 'grant-row', ['tool', 'server', 'expires'])).map((row) =>
    row.map((cell) => cell.split('\n')[0]!),
  );
  const byTool = new Map(rows.map(([tool, ...rest]) => [tool, rest]));
  expect(byTool.get('notes_put')).toEqual(['notes', en.t('mcp.expiry.expired')]);
  expect(byTool.get('notes_list')).toEqual(['notes', en.t('mcp.expiry.in_days', { count: 90 })]);
  expect(byTool.get('notes_delete')).toEqual(['notes', en.t('mcp.expiry.never')]);
  const hostile = rows.find(([tool]) => tool!.startsWith('rm_rf'));
  expect(hostile?.slice(1)).toEqual(['evil', en.t('mcp.expiry.never')]);
  // The history names the server of each decision too.
  const history = await table(page, 'audit-row', ['tool', 'server']);
  expect(history.map(([, s]) => s).sort()).toEqual(['evil', 'notes', 'notes', 'notes']);
});

it('filters grants by text and the history by text and decision', async () => {
  const { page } = await managerWithGrants();
  await page.fill('[data-part="grants-filter"]', 'LIST');
  expect(await table(page, 'grant-row', ['tool'])).toEqual([['notes_list']]);

  await page.fill('[data-part="audit-filter"]', 'notes_');
  expect((await table(page, 'audit-row', ['tool'])).flat().sort()).toEqual([
    'notes_delete',
    'notes_list',
    'notes_put',
  ]);
  await page.selectOption('[data-part="audit-decision"]', 'deny_always');
  expect(await table(page, 'audit-row', ['tool', 'decision'])).toEqual([
    ['notes_delete', en.t('mcp.audit.decision.deny_always')],
  ]);
  await page.fill('[data-part="audit-filter"]', '');
  const decisions = await page.$$eval('[data-part="audit-row"]', (rows) =>
    rows.map((row) => row.getAttribute('data-decision')),
  );
  expect(decisions).toEqual(['deny_always', 'deny_always']);
  await page.fill('[data-part="audit-filter"]', 'zzz');
  expect(await page.locator('[data-part="audit-row"]').count()).toBe(0);
  expect(await page.locator('[data-part="audit-empty"]').innerText()).toBe(
    en.t('mcp.audit.no_match'),
  );
  // Clearing the filters brings every decision back.
  await page.fill('[data-part="audit-filter"]', '');
  await page.selectOption('[data-part="audit-decision"]', 'all');
  expect(await page.locator('[data-part="audit-row"]').count()).toBe(4);
});

it('Revoke all puts focus on Cancel, never on the destructive confirm, and Escape cancels', async () => {
  // The parity page: the React manager under #react, over grants saved without prompts.
  const page = await pages.open('manager-parity.html', {}, '__managers');
  await page.evaluate(() => window.__managers.show({}));
  const scope = '#react';
  const confirm = page.locator(`${scope} [data-part="confirm"]`);
  const focused = () =>
    page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.part ?? null);
  await page.locator(`${scope} [data-part="revoke-all"]`).focus();
  await page.keyboard.press('Enter');
  await confirm.waitFor();
  expect(await focused()).toBe('confirm-cancel');
  await page.keyboard.press('Tab');
  expect(await focused()).not.toBe('confirm-action');
  // Escape, wherever focus is in the confirmation, closes it and keeps every grant.
  await page.locator(`${scope} [data-part="confirm-action"]`).focus();
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'hidden' });
  expect(await page.locator(`${scope} [data-part="grant-row"]`).count()).toBe(4);
  expect(await focused()).toBe('revoke-all');
  // Confirming revokes everything; focus goes to the heading, not to <body>.
  await page.keyboard.press('Enter');
  expect(await focused()).toBe('confirm-cancel');
  await page.keyboard.press('Shift+Tab');
  expect(await focused()).toBe('confirm-action');
  await page.keyboard.press('Enter');
  await page.locator(`${scope} [data-part="grants-empty"]`).waitFor();
  expect(await focused()).toBe('grants-heading');
  expect(await page.locator(`${scope} [data-part="status"]`).innerText()).toBe(
    en.t('mcp.grants.revoked_all', { count: 4 }),
  );
});
