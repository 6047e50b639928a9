import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ServerRef } from '@mcp-consent/engine';
import type { ElicitRequest } from '@mcp-consent/prompt';
import { call, hostile, hostileCall, tools } from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import type { FixtureExtras, FixtureWindow } from './fixture/globals.js';
import { useFixturePages, type StartOptions } from './fixture-pages.js';
import { ROOT } from './react-driver.js';
import { formRequest, urlRequest } from './states.js';

type W = FixtureWindow;
const pages = useFixturePages();

const start = (extras: FixtureExtras = {}, layout: Omit<StartOptions, 'extras' | 'options'> = {}) =>
  pages.start({ extras, ...layout });
const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.choice ?? el?.dataset.action ?? el?.dataset.part ?? el?.id ?? null;
  });
const server: ServerRef = { id: 'notes', name: 'Notes server' };
const elicit = async (page: Page, request: ElicitRequest, srv = server) => {
  await page.evaluate(([r, s]) => (window as unknown as W).__elicit(r, s), [request, srv] as const);
  await page.waitForFunction(() =>
    document.activeElement?.closest('[data-scope="elicitation"][data-state="open"]'),
  );
};
const elicited = (page: Page) => page.evaluate(() => (window as unknown as W).__elicited);

describe('focus', () => {
  it('Tab and Shift+Tab stay inside the sheet, and focus returns to the opener on close', async () => {
    const { page, host } = await start();
    await host.request(call(tools.notesPut, { args: { text: 'x'.repeat(3000) } }));
    await host.waitForPrompt();
    expect(await active(page)).toBe('allow_once');
    const seen: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate((s) => !!document.activeElement?.closest(s), ROOT)).toBe(true);
      seen.push(await active(page));
    }
    // Close, the argument box, Show more, Edit arguments, "How long, and a note" and the four
    // actions, in a cycle.
    expect(new Set(seen)).toEqual(
      new Set([
        'close',
        'args-body',
        'args-toggle',
        'edit-toggle',
        'grains-toggle',
        'deny_always',
        'deny_once',
        'allow_once',
        'allow_always',
      ]),
    );
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate((s) => !!document.activeElement?.closest(s), ROOT)).toBe(true);

    // Focus moved out programmatically comes back; Enter on Show more does not answer.
    await page.focus('#chat');
    expect(await page.evaluate((s) => !!document.activeElement?.closest(s), ROOT)).toBe(true);
    await host.advance(GUARD_MS);
    await page.focus(`${ROOT} [data-part="args-toggle"]`);
    await page.keyboard.press('Enter');
    expect(await host.isOpen()).toBe(true);
    expect(await page.getAttribute(`${ROOT} [data-part="args"]`, 'data-expanded')).toBe('true');

    await page.keyboard.press('Escape');
    await host.waitForClosed();
    expect(await active(page)).toBe('chat');
  });

  it('the close button answers Deny once; a key held since before the prompt never answers', async () => {
    const { page, host } = await start();
    await page.keyboard.down('1'); // held down in the page's message box
    const handle = await host.request(call(tools.notesPut));
    await host.waitForPrompt();
    await host.advance(GUARD_MS);
    await page.keyboard.down('1'); // its auto-repeat now reaches the sheet
    expect(await host.isSettled(handle)).toBe(false);
    await page.keyboard.up('1');
    await page.click(`${ROOT} [data-part="close"]`);
    expect(await host.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
  });

  it('the sheet slides in, unless the user asks for reduced motion', async () => {
    const { page, host } = await start({}, { viewport: { width: 390, height: 700 } });
    await host.request(call(tools.notesPut));
    await host.waitForPrompt();
    expect(await page.$eval(ROOT, (el) => getComputedStyle(el).animationName)).toBe(
      'mcp-consent-slide-up',
    );
  });

  it('compact width is a bottom sheet; expanded width a centred modal; actions stay on screen', async () => {
    for (const [viewport, layout] of [
      [{ width: 390, height: 700 }, 'compact'],
      [{ width: 1024, height: 800 }, 'expanded'],
    ] as const) {
      const { page, host } = await start({}, { viewport, reducedMotion: 'reduce' });
      await host.request(call(tools.notesPut, { args: { lines: Array(80).fill('text') } }));
      await host.waitForPrompt();
      await host.advance(GUARD_MS);
      const box = (await page.locator(ROOT).boundingBox())!;
      if (layout === 'compact') {
        expect(box.width).toBe(390);
        expect(Math.round(box.y + box.height)).toBe(700);
      } else {
        expect(box.width).toBeLessThanOrEqual(560);
        expect(Math.abs(box.x + box.width / 2 - 512)).toBeLessThan(2);
        expect(box.y).toBeGreaterThan(0);
      }
      const sizes = await page.$$eval(`${ROOT} button`, (buttons) =>
        buttons.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height]),
      );
      for (const [w, h] of sizes) expect(Math.min(w!, h!)).toBeGreaterThanOrEqual(48);
      expect(await page.$eval(ROOT, (el) => getComputedStyle(el).animationName)).toBe('none');
      expect(await host.compromised()).toEqual([]);
    }
  });

  it('--mcp-sheet-breakpoint moves the switch between bottom sheet and modal', async () => {
    const { page, host } = await start({}, { viewport: { width: 1024, height: 800 } });
    await page.addStyleTag({ content: 'body { --mcp-sheet-breakpoint: 80rem; }' });
    await host.request(call(tools.notesPut));
    await host.waitForPrompt();
    expect(await page.getAttribute('.mcp-consent-positioner', 'data-layout')).toBe('compact');
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.waitForSelector('.mcp-consent-positioner[data-layout="expanded"]');
  });

  it('mirrors in right-to-left locales: positions flip, and ArrowLeft moves forward', async () => {
    const x = async (page: Page, selector: string) =>
      (await page.locator(`${ROOT} ${selector}`).boundingBox())!.x;
    for (const locale of ['en-US', 'ar']) {
      const { page, host } = await pages.start({ options: { locale } });
      await host.request(call(tools.notesPut));
      await host.waitForPrompt();
      const rtl = locale === 'ar';
      expect(await page.getAttribute(ROOT, 'dir')).toBe(rtl ? 'rtl' : 'ltr');
      // Deny always is first in reading order: left in English, right in Arabic.
      const denyAlways = await x(page, '[data-choice="deny_always"]');
      const denyOnce = await x(page, '[data-choice="deny_once"]');
      expect(rtl ? denyAlways > denyOnce : denyAlways < denyOnce, locale).toBe(true);
      // The close button sits at the end of the title row.
      const closeButton = await x(page, '[data-part="close"]');
      const title = await x(page, '[data-part="title"]');
      expect(rtl ? closeButton < title : closeButton > title, locale).toBe(true);
      if (rtl) {
        await page.keyboard.press('ArrowLeft');
        expect(await host.focusedAction()).toBe('allow_always');
        await page.keyboard.press('ArrowRight');
        expect(await host.focusedAction()).toBe('allow_once');
      }
    }
  });
});

describe('elicitation sheet (through the provider)', () => {
  it('form: default focus on the first field, typed content on submit', async () => {
    const { page, host } = await start();
    await elicit(page, formRequest);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toMatch(
      /field-0$/,
    );
    await page.keyboard.type('Groceries');
    await page.keyboard.press('Enter'); // guard: not yet
    expect(await elicited(page)).toEqual([]);
    await host.advance(GUARD_MS);
    await page.selectOption('[data-scope="elicitation"] select', 'work');
    await page.check('[data-scope="elicitation"] input[value="urgent"]');
    await page.focus('[data-scope="elicitation"] [data-part="field-input"][data-kind="text"]');
    await page.keyboard.press('Enter');
    expect(await elicited(page)).toEqual([
      {
        action: 'accept',
        content: { title: 'Groceries', folder: 'work', tags: ['urgent'], copies: 1, pinned: false },
      },
    ]);
  });

  it('an invalid submit (Enter in a field, or Submit clicked) moves focus to the first invalid field', async () => {
    const { page, host } = await start();
    await elicit(page, formRequest);
    await host.advance(GUARD_MS);
    const invalid = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('aria-invalid') === 'true' ? el.localName : null;
      });
    // Title is valid; Folder (required, a select) is the first field that needs attention.
    await page.keyboard.type('Groceries');
    await page.keyboard.press('Enter');
    await expect.poll(invalid).toBe('select');
    expect(await elicited(page)).toEqual([]);
    // Title emptied: now it is the first invalid field, reached from a click on Submit.
    await page.fill('[data-scope="elicitation"] [data-part="field-input"][data-kind="text"]', '');
    await page.click('[data-scope="elicitation"] [data-action="accept"]');
    await expect.poll(invalid).toBe('input');
    expect(
      await page.evaluate(() => (document.activeElement as HTMLInputElement).dataset.kind),
    ).toBe('text');
    expect(await elicited(page)).toEqual([]);
  });

  it('Escape cancels; URL mode focuses Decline and opens the link only on consent', async () => {
    const { page, host } = await start();
    await elicit(page, formRequest);
    await host.advance(GUARD_MS);
    await page.keyboard.press('Escape');
    await elicit(page, urlRequest);
    expect(await active(page)).toBe('decline');
    await host.advance(GUARD_MS);
    await page.keyboard.press('ArrowRight'); // Accept is last: Not now, Don't open, Open link
    expect(await active(page)).toBe('accept');
    await page.keyboard.press('Enter');
    expect(await elicited(page)).toEqual([{ action: 'cancel' }, { action: 'accept' }]);
    expect(await page.evaluate(() => (window as unknown as W).__opened)).toEqual([
      'http://xn--80ak6aa92e.com/login?next=/notes',
    ]);
  });

  it('hostile server text in a message, field labels and the server name stays inert', async () => {
    const { page, host } = await start();
    await elicit(
      page,
      {
        message: hostile.description,
        requestedSchema: {
          type: 'object',
          properties: { [hostile.title]: { type: 'string', title: hostile.title } },
        },
      },
      { id: 'evil', name: hostile.serverName },
    );
    await host.advance(GUARD_MS);
    const text = await page.locator('[data-scope="elicitation"][data-part="root"]').innerText();
    expect(text).toContain('<img src=x');
    expect(text).not.toContain('\u202E');
    expect(
      await page.$$eval(
        '[data-scope="elicitation"] img, [data-scope="elicitation"] script',
        (e) => e.length,
      ),
    ).toBe(0);
    expect(await page.evaluate(() => (window as unknown as W).__pwned)).toBeUndefined();
    await page.keyboard.press('Escape');
    expect(await elicited(page)).toEqual([{ action: 'cancel' }]);
  });
});

describe('permission manager', () => {
  it('lists grants, revokes one (focus moves on), and revokes all after a confirmation', async () => {
    const { page, host } = await start({ manager: true });
    for (const [c, key] of [
      [call(tools.notesList), '2'],
      [call(tools.notesDelete), '4'],
      [hostileCall, '4'],
    ] as const) {
      await host.request(c);
      await host.waitForPrompt();
      await host.advance(GUARD_MS);
      await host.press(key);
      await host.waitForClosed();
    }
    const rows = page.locator('[data-part="grant-row"]');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-part="grant-row"]').length === 3,
    );
    await page.waitForFunction(
      () => document.querySelectorAll('[data-part="audit-row"]').length === 3,
    );
    expect(await page.locator('[data-part="grants-table"]').innerText()).toContain('rm_rf');
    expect(await page.$$eval('[data-scope="manager"] img', (e) => e.length)).toBe(0);

    await rows.nth(0).locator('[data-part="revoke"]').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-part="grant-row"]').length === 2,
    );
    expect(await active(page)).toBe('revoke');
    await page.waitForFunction(() =>
      document.querySelector('[data-part="status"]')?.textContent?.includes('revoked'),
    );

    await page.click('[data-part="revoke-all"]');
    expect(await active(page)).toBe('confirm-cancel');
    await page.keyboard.press('Enter');
    expect(await active(page)).toBe('revoke-all');
    await page.click('[data-part="revoke-all"]');
    await page.click('[data-part="confirm-action"]');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-part="grant-row"]').length === 0,
    );
    expect(await host.grants()).toEqual([]);
    expect(await page.isVisible('[data-part="grants-empty"]')).toBe(true);
  });
});
