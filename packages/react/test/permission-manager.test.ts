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

/** The parity page in its issue-17 scene: a 1-hour grant, a session grant, rules in two layers. */
async function grainsPage() {
  const page = await pages.open('manager-parity.html', {}, '__managers');
  await page.evaluate(() => window.__managers.show({ grains: true }));
  return page;
}

const cells = (page: Page, part: string) =>
  page.$$eval(`#react [data-part="${part}"]`, (rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('[data-part="cell"]')].map((c) =>
        (c as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      ),
    ),
  );

it('session and 1-hour grants show their grain and time left, count down and can be revoked; rules show their layer; the expiry setting changes the engine', async () => {
  const page = await grainsPage();
  const grants = await cells(page, 'grant-row');
  expect(
    grants.map(([tool, , decision, scope, expires]) => [tool, decision, scope, expires]),
  ).toEqual([
    [
      'notes_list',
      'Allowed for this session',
      'These arguments only',
      expect.stringMatching(/^ends with this session/),
    ],
    [
      'notes_put',
      'Allowed for a time',
      'Any arguments',
      expect.stringMatching(/^expires in 60 minutes/),
    ],
  ]);
  // Time left goes down on the clock, with no other change.
  await page.evaluate(() => {
    for (let i = 0; i < 18; i++) window.__managers.clock!.advance(60_000);
  });
  await expect
    .poll(async () => (await cells(page, 'grant-row'))[1]![4])
    .toMatch(/^expires in 42 minutes/);

  expect(await cells(page, 'rule-row')).toEqual([
    [
      'Administrator (managed)',
      'Deny',
      'tool notes_delete',
      'Rule 1 in /etc/mcp/managed.json',
      'Admins only',
    ],
    [
      'You',
      'Allow',
      'tool notes_get Never allows a tool that may destroy data: only your administrator or the host app can.',
      'Rule 1 in user.json',
      '',
    ],
  ]);
  expect(await page.locator('#react [data-part="rules-invalid"]').isHidden()).toBe(true);

  // The expiry setting: medium risk from 30 days to 7, in the engine at once, and told to the host.
  const medium = page.locator('#react [data-part="expiry-select"][data-tier="medium"]');
  expect(await medium.inputValue()).toBe(String(30 * DAY_MS));
  await medium.selectOption({ label: '7 days' });
  const expiry = () => page.evaluate(() => window.__managers.engine!.expiry());
  expect((await expiry()).medium).toBe(7 * DAY_MS);
  expect(await medium.inputValue()).toBe(String(7 * DAY_MS));
  expect(await page.locator('#react [data-part="status"]').innerText()).toBe(
    en.t('mcp.expiry.setting.changed', { tier: 'medium', value: '7 days' }),
  );
  expect(await page.evaluate(() => window.__managers.expiryChanges)).toEqual([
    { tier: 'medium', expiry: { low: 90 * DAY_MS, medium: 7 * DAY_MS, high: 7 * DAY_MS } },
  ]);
  await page
    .locator('#react [data-part="expiry-select"][data-tier="high"]')
    .selectOption({ label: en.t('mcp.expiry.setting.off') });
  expect((await expiry()).high).toBe(0);

  // Revoke works for the session grant and the timed one.
  for (let left = 1; left >= 0; left--) {
    await page.locator('#react [data-part="grant-row"] [data-part="revoke"]').first().click();
    await expect.poll(() => page.locator('#react [data-part="grant-row"]').count()).toBe(left);
  }
  expect(await page.evaluate(() => window.__managers.engine!.grants().length)).toBe(0);
});

it('an invalid policy shows its errors and says every call is asked until it is fixed', async () => {
  const page = await grainsPage();
  await page.evaluate(() =>
    window.__managers.engine!.setPolicy([
      {
        layer: 'host',
        file: 'bad.json',
        policy: { version: 1, rules: [{ effect: 'maybe' }] } as never,
      },
    ]),
  );
  const invalid = page.locator('#react [data-part="rules-invalid"]');
  await invalid.waitFor();
  expect(await invalid.getAttribute('role')).toBe('alert');
  expect(await invalid.innerText()).toContain(en.t('mcp.rules.invalid', { count: 1 }));
  expect(await page.locator('#react [data-part="rules-error"]').innerText()).toMatch(
    /^Error at bad\.json:\d+:\d+ rules\[0\]\.effect: /,
  );
  expect(await page.locator('#react [data-part="rule-row"]').count()).toBe(0);
});
