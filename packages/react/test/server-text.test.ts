import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useFixturePages } from './fixture-pages.js';

/**
 * `ServerTextView` and `ServerToolIcon`, the components every React sheet uses for server text
 * and the tool's icon (fixture/server-text-page.tsx), in real Chromium.
 */
const { open } = useFixturePages();
const ZW200 = '\u200B'.repeat(200);
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type W = {
  __render(text: string, locale?: string): void;
  __icon(icons: unknown, origin?: string): void;
};
const page = () => open('server-text.html', { viewport: { width: 390, height: 844 } }, '__ready');
const render = (p: Page, text: string, locale?: string) =>
  p.evaluate(([t, l]) => (window as unknown as W).__render(t!, l), [text, locale] as const);
const text = (p: Page) => p.locator('p.text').innerText();
const chip = (p: Page) => p.locator('[data-part="hidden-chip"]');
const codes = (p: Page) => p.locator('[data-part="hidden-codes"]');

describe('ServerTextView (React): hidden runs as one chip', () => {
  it('shows 200 zero-width characters as one "200 hidden characters" chip, not codes', async () => {
    const p = await page();
    await render(p, `Notes${ZW200} helper`);
    expect(await text(p)).toBe('Notes200 hidden characters helper');
    expect(await chip(p).count()).toBe(1);
    expect(await chip(p).getAttribute('aria-expanded')).toBe('false');
    expect(await codes(p).isVisible()).toBe(false);
    expect(await chip(p).ariaSnapshot()).toContain('button "200 hidden characters"');
  });

  it('opens and closes the codes by click and by keyboard', async () => {
    const p = await page();
    await render(p, `a\u202Eb${'\u200B'.repeat(3)}c`);
    expect(await chip(p).count()).toBe(2);
    await chip(p).first().click();
    expect(await chip(p).first().getAttribute('aria-expanded')).toBe('true');
    expect(await codes(p).first().innerText()).toBe('\\u{202E}');
    expect(await codes(p).nth(1).isVisible()).toBe(false);
    await chip(p).nth(1).focus();
    await p.keyboard.press('Enter');
    expect(await codes(p).nth(1).innerText()).toBe('\\u{200B}\\u{200B}\\u{200B}');
    await p.keyboard.press('Space');
    expect(await codes(p).nth(1).isVisible()).toBe(false);
  });

  it('is a small pill, not a 48 px action button', async () => {
    const p = await page();
    await render(p, `x${ZW200}y`);
    const box = (await chip(p).boundingBox())!;
    expect(box.height).toBeLessThan(32);
    expect(box.height).toBeGreaterThanOrEqual(24);
    const radius = await chip(p).evaluate((el) => getComputedStyle(el).borderRadius);
    expect(parseFloat(radius)).toBeGreaterThanOrEqual(box.height / 2);
  });

  it('shows markup as text, and a new text gets closed chips', async () => {
    const p = await page();
    await render(p, `<img src=x onerror="window.__pwned=1">${ZW200}`);
    expect(await text(p)).toBe('<img src=x onerror="window.__pwned=1">200 hidden characters');
    expect(await p.locator('p.text img').count()).toBe(0);
    await chip(p).click();
    await render(p, `second${ZW200}`);
    expect(await chip(p).getAttribute('aria-expanded')).toBe('false');
    expect(await p.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  it('says the count in the locale (Arabic)', async () => {
    const p = await page();
    await render(p, `ملاحظات${ZW200}`, 'ar');
    expect(await chip(p).innerText()).toBe('200 حرف مخفي');
  });
});

describe('ServerToolIcon (React): the tool’s own icon or the kit’s', () => {
  it('shows a data: icon in a fixed-size <img> with an empty alt and no referrer', async () => {
    const p = await page();
    await p.evaluate((src) => (window as unknown as W).__icon([{ src }]), PNG);
    const img = p.locator('.icon img');
    await p.waitForFunction(() => document.querySelector<HTMLImageElement>('.icon img')?.complete);
    expect(await img.getAttribute('alt')).toBe('');
    expect(await img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(await img.boundingBox()).toMatchObject({ width: 24, height: 24 });
  });

  it('shows the kit’s icon for an icon from elsewhere, and when the image does not load', async () => {
    const p = await page();
    await p.evaluate(() =>
      (window as unknown as W).__icon([{ src: 'https://tracker.example/p.png' }]),
    );
    expect(await p.locator('.icon img').count()).toBe(0);
    expect(await p.locator('.icon svg').isVisible()).toBe(true);
    const origin = new URL(p.url()).origin;
    await p.evaluate(
      ([o]) => (window as unknown as W).__icon([{ src: `${o}/missing-icon.png` }], o),
      [origin],
    );
    await p.waitForFunction(() => document.querySelector('.icon img') === null);
    expect(await p.locator('.icon svg').isVisible()).toBe(true);
  });
});
