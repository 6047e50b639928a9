import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useGalleryBrowser } from './gallery.js';

/**
 * The Lit templates every sheet uses for server text and the tool's icon (fixtures/server-text.ts),
 * in real Chromium: what a reader sees, what a screen reader gets, what a click does.
 */
const gallery = useGalleryBrowser();
const ZW200 = '\u200B'.repeat(200);
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function open(): Promise<Page> {
  const context = await gallery.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = gallery.track(await context.newPage());
  await page.goto(`${gallery.server.url}server-text.html`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  return page;
}

const root = (page: Page) => page.locator('test-server-text');
const text = (page: Page) => root(page).locator('p.text').innerText();
const chip = (page: Page) => root(page).locator('[data-part="hidden-chip"]');
const render = (page: Page, value: string, locale?: string) =>
  page.evaluate(([v, l]) => window.__render(v!, l), [value, locale] as const);

declare global {
  interface Window {
    __render(text: string, locale?: string, maxLength?: number): Promise<void>;
    __icon(icons: unknown, origin?: string): Promise<void>;
  }
}

describe('serverText (Lit): hidden runs as one chip', () => {
  it('shows 200 zero-width characters as one "200 hidden characters" chip, not codes', async () => {
    const page = await open();
    await render(page, `Notes${ZW200} helper`);
    expect(await text(page)).toBe('Notes200 hidden characters helper');
    expect(await chip(page).count()).toBe(1);
    await expect(chip(page).getAttribute('aria-expanded')).resolves.toBe('false');
    const codes = root(page).locator('[data-part="hidden-codes"]');
    expect(await codes.isVisible()).toBe(false);
    expect(await text(page)).not.toContain('\\u{200B}');
    // Its accessible name is the label: a screen reader hears the count, and that it expands.
    const snapshot = await chip(page).ariaSnapshot();
    expect(snapshot).toContain('button "200 hidden characters"');
  });

  it('opens and closes the codes by click and by keyboard, without moving the text', async () => {
    const page = await open();
    await render(page, `a\u202Eb${'\u200B'.repeat(3)}c`);
    expect(await chip(page).count()).toBe(2);
    await chip(page).first().click();
    expect(await chip(page).first().getAttribute('aria-expanded')).toBe('true');
    const codes = root(page).locator('[data-part="hidden-codes"]');
    expect(await codes.first().innerText()).toBe('\\u{202E}');
    expect(await codes.nth(1).isVisible()).toBe(false);
    await chip(page).nth(1).focus();
    await page.keyboard.press('Enter');
    expect(await codes.nth(1).innerText()).toBe('\\u{200B}\\u{200B}\\u{200B}');
    await page.keyboard.press('Space');
    expect(await codes.nth(1).isVisible()).toBe(false);
    expect(await chip(page).nth(1).getAttribute('aria-expanded')).toBe('false');
  });

  it('is a small pill, not a 48 px action button', async () => {
    const page = await open();
    await render(page, `x${ZW200}y`);
    const box = (await chip(page).boundingBox())!;
    expect(box.height).toBeLessThan(32);
    expect(box.height).toBeGreaterThanOrEqual(24);
    const radius = await chip(page).evaluate((el) => getComputedStyle(el).borderRadius);
    expect(parseFloat(radius)).toBeGreaterThanOrEqual(box.height / 2);
  });

  it('shows markup as text, and a new text gets closed chips', async () => {
    const page = await open();
    await render(page, `<img src=x onerror="window.__pwned=1">${ZW200}`);
    expect(await text(page)).toBe('<img src=x onerror="window.__pwned=1">200 hidden characters');
    expect(await root(page).locator('img:not(.tool-own-icon)').count()).toBe(0);
    await chip(page).click();
    await render(page, `second${ZW200}`);
    expect(await chip(page).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  it('says the count in the locale (Arabic, right to left)', async () => {
    const page = await open();
    await render(page, `ملاحظات${ZW200}`, 'ar');
    expect(await chip(page).innerText()).toBe('200 حرف مخفي');
  });
});

describe('serverToolIcon (Lit): the tool’s own icon or the kit’s', () => {
  const icon = (page: Page) => root(page).locator('.icon');

  it('shows a data: icon in a fixed-size <img> with an empty alt and no referrer', async () => {
    const page = await open();
    await page.evaluate((src) => window.__icon([{ src }]), PNG);
    const img = icon(page).locator('img');
    await page.waitForFunction(() =>
      Boolean(
        document.querySelector('test-server-text')?.shadowRoot?.querySelector('img')?.complete,
      ),
    );
    expect(await img.getAttribute('alt')).toBe('');
    expect(await img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(await img.boundingBox()).toMatchObject({ width: 24, height: 24 });
    expect(await icon(page).locator('.tool-icon-fallback').isVisible()).toBe(false);
  });

  it('shows the kit’s icon for an icon from elsewhere, and when the image does not load', async () => {
    const page = await open();
    await page.evaluate(() => window.__icon([{ src: 'https://tracker.example/p.png' }]));
    expect(await icon(page).locator('img').count()).toBe(0);
    expect(await icon(page).locator('svg').isVisible()).toBe(true);
    // A broken image on the server's own origin (the fixture server): the kit's icon instead.
    const origin = new URL(gallery.server.url).origin;
    await page.evaluate(([o]) => window.__icon([{ src: `${o}/missing-icon.png` }], o), [origin]);
    await page.waitForFunction(
      () =>
        document.querySelector('test-server-text')?.shadowRoot?.querySelector('img')?.hidden ===
        true,
    );
    expect(await icon(page).locator('.tool-icon-fallback svg').isVisible()).toBe(true);
  });
});
