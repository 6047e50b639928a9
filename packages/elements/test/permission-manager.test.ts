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

/** A session grant, a 1-hour grant and a policy in two layers, on a manual clock (issue 17). */
async function grainsScene(p: Page): Promise<void> {
  await p.evaluate(async () => {
    const { createManualClock, createPermissionEngine, memoryStore, call, tools } = window.__kit;
    const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
    const engine = createPermissionEngine({
      store: memoryStore(),
      clock,
      policy: [
        {
          layer: 'user',
          file: 'user.json',
          policy: { version: 1, rules: [{ effect: 'allow', tool: 'notes_get' }] },
        },
        {
          layer: 'managed',
          file: '/etc/mcp/managed.json',
          policy: {
            version: 1,
            rules: [{ effect: 'deny', tool: 'notes_delete', reason: 'Admins only' }],
          },
        },
      ],
    });
    await engine.ready;
    await engine.request(call(tools.notesPut), {
      prompt: () => ({ choice: 'allow_always', ttlMs: 3_600_000 }),
    });
    clock.advance(1000);
    await engine.request(call(tools.notesList), {
      prompt: () => ({ choice: 'allow_always', session: true, argsOnly: true }),
    });
    // The gallery records the sheets' events; this one is the manager's own.
    document.addEventListener('mcp-expiry-change', (event) =>
      window.__events.push({ type: event.type, detail: (event as CustomEvent).detail }),
    );
    const panel = document.createElement('mcp-permission-manager');
    panel.engine = engine;
    panel.clock = clock;
    panel.locale = 'en-US';
    document.querySelector('main')!.append(panel);
    window.__clock = clock;
    (window as unknown as { __engine: typeof engine }).__engine = engine;
    await panel.updateComplete;
  });
}

const cellsOf = (p: Page, part: string) =>
  rows(p, part as 'grant-row').evaluateAll((list) =>
    list.map((row) =>
      [...row.querySelectorAll('[data-part="cell"]')].map((c) =>
        (c as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      ),
    ),
  );

it('session and 1-hour grants show their grain and time left, count down and can be revoked; rules show their layer; the expiry setting changes the engine', async () => {
  page = await gallery.open();
  await grainsScene(page);
  const grants = await cellsOf(page, 'grant-row');
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
    for (let i = 0; i < 18; i++) window.__clock.advance(60_000);
  });
  await expect
    .poll(async () => (await cellsOf(page, 'grant-row'))[1]![4])
    .toMatch(/^expires in 42 minutes/);

  // The rules, read-only, highest layer first, with where each one is.
  expect(await cellsOf(page, 'rule-row')).toEqual([
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
  expect(await page.locator(`${PANEL} [data-part='rules-invalid']`).isHidden()).toBe(true);

  // The expiry setting: medium risk from 30 days to 7, in the engine at once, and told to the host.
  const medium = page.locator(`${PANEL} [data-part='expiry-select'][data-tier='medium']`);
  expect(await medium.inputValue()).toBe(String(30 * 86_400_000));
  await page.getByLabel('Medium-risk tools').selectOption({ label: '7 days' });
  const expiry = () =>
    page.evaluate(() =>
      (
        window as unknown as { __engine: { expiry(): Record<string, number | null> } }
      ).__engine.expiry(),
    );
  expect((await expiry()).medium).toBe(7 * 86_400_000);
  expect(await page.locator(`${PANEL} [data-part='status']`).innerText()).toBe(
    'Medium-risk tools now: 7 days',
  );
  const changes = await page.evaluate(() =>
    window.__events.filter((e) => e.type === 'mcp-expiry-change'),
  );
  expect(changes.map((e) => e.detail)).toEqual([
    {
      tier: 'medium',
      expiry: { low: 90 * 86_400_000, medium: 7 * 86_400_000, high: 7 * 86_400_000 },
    },
  ]);
  await page.getByLabel('High-risk tools').selectOption({ label: 'Off: no Allow always' });
  expect((await expiry()).high).toBe(0);

  // Revoke works for the session grant and the timed one.
  for (let left = 1; left >= 0; left--) {
    await rows(page, 'grant-row').first().locator("[data-part='revoke']").click();
    await expect.poll(() => rows(page, 'grant-row').count()).toBe(left);
  }
  expect(
    await page.evaluate(
      () => (window as unknown as { __engine: { grants(): unknown[] } }).__engine.grants().length,
    ),
  ).toBe(0);
});

it('an invalid policy shows its errors and says every call is asked until it is fixed', async () => {
  page = await gallery.open();
  await grainsScene(page);
  await page.evaluate(() =>
    (window as unknown as { __engine: { setPolicy(s: unknown): unknown } }).__engine.setPolicy([
      { layer: 'host', file: 'bad.json', policy: { version: 1, rules: [{ effect: 'maybe' }] } },
    ]),
  );
  const invalid = page.locator(`${PANEL} [data-part='rules-invalid']`);
  await invalid.waitFor();
  expect(await invalid.getAttribute('role')).toBe('alert');
  expect(await invalid.innerText()).toContain(
    'The rules have 1 error. Until they are fixed, you are asked about every call.',
  );
  expect(await page.locator(`${PANEL} [data-part='rules-error']`).innerText()).toMatch(
    /^Error at bad\.json:\d+:\d+ rules\[0\]\.effect: /,
  );
  // The rules of a refused policy are not shown as if they were in force.
  expect(await rows(page, 'rule-row' as 'grant-row').count()).toBe(0);
});
