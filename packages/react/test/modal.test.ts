import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, tools } from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import type { Lab } from './fixture/lab-page.js';
import { useFixturePages } from './fixture-pages.js';
import { ROOT } from './react-driver.js';
import { confirmRequest } from './states.js';

/**
 * The React sheets share the web DOM behaviour of `@mcp-consent/prompt/dom` with the Lit
 * elements: a click without a pointer needs a key inside the sheet first, and the page
 * behind an open sheet is inert, as it is behind a native modal dialog.
 */
const pages = useFixturePages();

/** A click with no pointer (`detail === 0`), as a script or an injected handler makes it. */
const scriptClick = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).click());

describe('a click without a pointer', () => {
  it('does not answer before a key went down inside the sheet, and does after', async () => {
    const { page, host } = await pages.start();
    const handle = await host.request(call(tools.notesPut));
    await host.waitForPrompt();
    await host.advance(GUARD_MS);
    await scriptClick(page, `${ROOT} [data-choice="allow_once"]`);
    await scriptClick(page, `${ROOT} [data-part="close"]`);
    expect(await host.isSettled(handle)).toBe(false);
    expect(await host.isOpen()).toBe(true);

    // Shift has no meaning in the sheet, but it went down inside it.
    await page.keyboard.press('Shift');
    await scriptClick(page, `${ROOT} [data-choice="allow_once"]`);
    expect(await host.result(handle)).toMatchObject({ allowed: true, choice: 'allow_once' });
  });

  it('a key that went down outside the sheet does not unlock it; a real pointer click answers', async () => {
    const { page, host } = await pages.start();
    await page.keyboard.press('Shift'); // in the page's message box, before the prompt
    const handle = await host.request(call(tools.notesPut));
    await host.waitForPrompt();
    await host.advance(GUARD_MS);
    await scriptClick(page, `${ROOT} [data-choice="deny_once"]`);
    expect(await host.isSettled(handle)).toBe(false);
    await page.click(`${ROOT} [data-choice="deny_once"]`);
    expect(await host.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
  });

  it('holds for the elicitation sheet too', async () => {
    const page = await pages.open('lab.html', {}, '__lab');
    await page.evaluate(
      ([r, s]) => (window as unknown as { __lab: Lab }).__lab.mountElicitation(r, s),
      [confirmRequest, { id: 'notes', name: 'Notes server' }] as const,
    );
    await page.waitForSelector('[data-action="decline"]');
    await page.evaluate(() => (window as unknown as { __lab: Lab }).__lab.clock.advance(500));
    await scriptClick(page, '[data-action="decline"]');
    expect(await page.evaluate(() => (window as unknown as { __lab: Lab }).__lab.results)).toEqual(
      [],
    );
    await page.click('[data-action="decline"]');
    expect(await page.evaluate(() => (window as unknown as { __lab: Lab }).__lab.results)).toEqual([
      { action: 'decline' },
    ]);
  });
});

/** What the page behind reports and allows: `inert`, focus, and a pointer's click. */
const behind = (page: Page) =>
  page.evaluate(() => {
    const chat = document.getElementById('chat') as HTMLTextAreaElement;
    const before = document.activeElement;
    chat.focus();
    const focusable = document.activeElement === chat;
    (before as HTMLElement | null)?.focus();
    return {
      mainInert: document.querySelector('main')!.inert,
      chatInert: chat.closest('[inert]') !== null,
      focusable,
    };
  });

describe('the page behind an open sheet', () => {
  it('is inert while the sheet is open (no focus, no click), and live again after it closes', async () => {
    const { page, host } = await pages.start();
    await page.evaluate(() => {
      const w = window as unknown as { __clicks: number };
      w.__clicks = 0;
      document.getElementById('chat')!.addEventListener('click', () => w.__clicks++);
    });
    const handle = await host.request(call(tools.notesPut));
    await host.waitForPrompt();
    expect(await behind(page)).toEqual({ mainInert: true, chatInert: true, focusable: false });
    // The sheet itself is live: its layer is not inert, and focus stays inside.
    expect(await page.$eval(ROOT, (el) => el.closest('[inert]') === null)).toBe(true);
    expect(await page.evaluate((s) => !!document.activeElement?.closest(s), ROOT)).toBe(true);
    // Even with a backdrop that lets pointers through, a click does not reach the page.
    await page.addStyleTag({ content: '[data-part="backdrop"] { pointer-events: none; }' });
    const box = (await page.locator('#chat').boundingBox())!;
    await page.mouse.click(box.x + 4, box.y + 4);
    expect(await page.evaluate(() => (window as unknown as { __clicks: number }).__clicks)).toBe(0);

    await host.advance(GUARD_MS);
    await page.click(`${ROOT} [data-part="close"]`);
    expect(await host.result(handle)).toMatchObject({ choice: 'deny_once' });
    await host.waitForClosed();
    expect(await behind(page)).toEqual({ mainInert: false, chatInert: false, focusable: true });
    expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat');
    await page.mouse.click(box.x + 4, box.y + 4);
    expect(await page.evaluate(() => (window as unknown as { __clicks: number }).__clicks)).toBe(1);
  });

  it('is live again when an open sheet unmounts, and keeps the inert the page set itself', async () => {
    const page = await pages.open('lab.html', {}, '__lab');
    await page.evaluate(() => {
      document.querySelector('h1')!.inert = true; // the page's own
      document.getElementById('opener')!.focus();
    });
    await page.evaluate(
      ([r, s]) => (window as unknown as { __lab: Lab }).__lab.mountElicitation(r, s),
      [confirmRequest, { id: 'notes', name: 'Notes server' }] as const,
    );
    await page.waitForSelector('[data-action="decline"]');
    expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(true);
    await page.evaluate(() => (window as unknown as { __lab: Lab }).__lab.unmount());
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('[inert]')].map((el) => el.localName),
      ),
    ).toEqual(['h1']);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('opener');
  });
});
