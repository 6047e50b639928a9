import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { compact, expanded, show, useGalleryBrowser } from './gallery.js';

const PANEL = 'mcp-permission-manager';
const gallery = useGalleryBrowser();
let page: Page;

const rows = (p: Page, part: 'grant-row' | 'audit-row') =>
  p.locator(`${PANEL} [data-part='${part}']`);
const tools = (p: Page) =>
  rows(p, 'grant-row').evaluateAll((list) =>
    list.map((row) => row.querySelector('[data-column="tool"]')!.textContent!.trim()),
  );
const focusedPart = (p: Page) =>
  p.evaluate(
    (tag) =>
      (document.querySelector(tag)?.shadowRoot?.activeElement as HTMLElement | null)?.dataset.part,
    PANEL,
  );

it.each([
  ['compact', compact],
  ['expanded', expanded],
])('lists grants with tool, server, decision and expiry (%s)', async (_, viewport) => {
  page = await gallery.open({ viewport });
  await show(page, 'manager');
  expect(await rows(page, 'grant-row').count()).toBe(4);
  const text = await page.locator(`${PANEL} [data-part='root']`).innerText();
  for (const shown of [
    'notes_list',
    'Allowed always',
    'Denied always',
    'expires in 90 days',
    'expired',
    'never expires',
  ])
    expect(text).toContain(shown);
  expect(await rows(page, 'audit-row').count()).toBe(7);
  // The server column names each grant's server (the hostile call's is `evil`).
  const servers = await rows(page, 'grant-row').evaluateAll((list) =>
    list.map((row) =>
      ['tool', 'server'].map((c) =>
        (row.querySelector(`[data-column="${c}"]`) as HTMLElement).innerText.trim(),
      ),
    ),
  );
  for (const [tool, server] of servers)
    expect(server, tool).toBe(tool!.startsWith('rm_rf') ? 'evil' : 'notes');
  expect(servers.map(([, server]) => server).sort()).toEqual(['evil', 'notes', 'notes', 'notes']);
});

it('revokes one grant; focus moves to the next Revoke and the change is announced', async () => {
  page = await gallery.open();
  await show(page, 'manager');
  const row = rows(page, 'grant-row').filter({ hasText: 'notes_delete' });
  await row.locator("[data-part='revoke']").click();
  await page.waitForFunction(
    (tag) =>
      document.querySelectorAll(tag).length === 1 &&
      document.querySelector(tag)!.shadowRoot!.querySelectorAll('[data-part="grant-row"]')
        .length === 3,
    PANEL,
  );
  expect(await tools(page)).not.toContain('notes_delete');
  expect(await page.locator(`${PANEL} [data-part='status']`).innerText()).toBe(
    'Permission for notes_delete revoked',
  );
  expect(await focusedPart(page)).toBe('revoke');
  const events = await page.evaluate(() => window.__events.filter((e) => e.type === 'mcp-revoke'));
  expect(events[0]!.detail).toMatchObject({ tool: 'notes_delete', server: 'notes' });
});

it('a host can cancel mcp-revoke and keep the grant', async () => {
  page = await gallery.open();
  await show(page, 'manager');
  await page.evaluate(() => document.addEventListener('mcp-revoke', (e) => e.preventDefault()));
  await rows(page, 'grant-row').first().locator("[data-part='revoke']").click();
  await page.waitForTimeout(50);
  expect(await rows(page, 'grant-row').count()).toBe(4);
});

it('Revoke all asks first; Cancel keeps everything, confirming revokes everything', async () => {
  page = await gallery.open();
  await show(page, 'manager');
  const confirm = page.locator(`${PANEL} [data-part='confirm']`);
  expect(await confirm.isHidden()).toBe(true);
  await page.locator(`${PANEL} [data-part='revoke-all']`).click();
  expect(await confirm.innerText()).toContain(
    'Revoke all 4 saved permissions? You will be asked again.',
  );
  await page.locator(`${PANEL} [data-part='confirm-cancel']`).click();
  expect(await confirm.isHidden()).toBe(true);
  expect(await rows(page, 'grant-row').count()).toBe(4);
  await page.locator(`${PANEL} [data-part='revoke-all']`).click();
  await page.locator(`${PANEL} [data-part='confirm-action']`).click();
  await page.locator(`${PANEL} [data-part='grants-empty']`).waitFor();
  expect(await page.locator(`${PANEL} [data-part='grants-empty']`).innerText()).toMatch(
    /^No saved permissions\./,
  );
  expect(await page.locator(`${PANEL} [data-part='status']`).innerText()).toBe(
    '4 saved permissions revoked',
  );
  expect(await focusedPart(page)).toBe('grants-heading');
  // The history is kept.
  expect(await rows(page, 'audit-row').count()).toBe(7);
});

it('Revoke all puts focus on Cancel, never on the destructive confirm, and Escape cancels', async () => {
  page = await gallery.open();
  await show(page, 'manager');
  const confirm = page.locator(`${PANEL} [data-part='confirm']`);
  // Keyboard only: Revoke all opens the confirmation with focus on its safe answer.
  await page.locator(`${PANEL} [data-part='revoke-all']`).focus();
  await page.keyboard.press('Enter');
  await confirm.waitFor();
  expect(await focusedPart(page)).toBe('confirm-cancel');
  // Focus is in the manager, not dropped to <body>; the next Tab does not land on the confirm.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MCP-PERMISSION-MANAGER');
  await page.keyboard.press('Tab');
  expect(await focusedPart(page)).not.toBe('confirm-action');
  // Escape, wherever focus is in the confirmation, closes it and keeps every grant.
  await page.locator(`${PANEL} [data-part='confirm-action']`).focus();
  await page.keyboard.press('Escape');
  expect(await confirm.isHidden()).toBe(true);
  expect(await rows(page, 'grant-row').count()).toBe(4);
  expect(await page.locator(`${PANEL} [data-part='status']`).innerText()).toBe('');
  // Focus returns to the control that opened it.
  expect(await focusedPart(page)).toBe('revoke-all');
  // Cancel does the same.
  await page.keyboard.press('Enter');
  expect(await focusedPart(page)).toBe('confirm-cancel');
  await page.keyboard.press('Enter');
  expect(await confirm.isHidden()).toBe(true);
  expect(await focusedPart(page)).toBe('revoke-all');
});

it('filters grants by text and the history by text and decision', async () => {
  page = await gallery.open();
  await show(page, 'manager');
  await page.locator(`${PANEL} [data-part='grants-filter']`).fill('LIST');
  expect(await tools(page)).toEqual(['notes_list']);
  await page.locator(`${PANEL} [data-part='audit-decision']`).selectOption('deny_always');
  const decisions = await rows(page, 'audit-row').evaluateAll((list) =>
    list.map((row) => row.getAttribute('data-decision')),
  );
  expect(decisions).toEqual(['deny_always', 'deny_always', 'deny_always']);
  await page.locator(`${PANEL} [data-part='audit-filter']`).fill('zzz');
  expect(await page.locator(`${PANEL} [data-part='audit-empty']`).innerText()).toBe(
    'No decisions match the filter',
  );
});

it('shows the empty state, in Arabic right to left', async () => {
  page = await gallery.open();
  await show(page, 'manager-empty', { locale: 'ar' });
  expect(await page.locator(`${PANEL} [data-part='root']`).getAttribute('dir')).toBe('rtl');
  expect(await page.locator(`${PANEL} [data-part='grants-empty']`).isVisible()).toBe(true);
  expect(await page.locator(`${PANEL} [data-part='revoke-all']`).isHidden()).toBe(true);
});
