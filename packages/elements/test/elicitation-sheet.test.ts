import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useGalleryBrowser } from './gallery.js';

const SHEET = 'mcp-elicitation-sheet';
const gallery = useGalleryBrowser();
let page: Page;

type Win = Window & {
  __result: Promise<unknown>;
  __clock: { advance(ms: number): void };
  __abort: AbortController;
  __opened: string[];
};

/** Mounts a sheet on a manual clock and asks `request` through `elicit` (the mcp callback shape). */
async function ask(p: Page, request: unknown, locale = 'en-US'): Promise<void> {
  await p.evaluate(
    async ([r, l]) => {
      const w = window as unknown as Win;
      const clock = window.__kit.createManualClock();
      const sheet = document.createElement('mcp-elicitation-sheet');
      sheet.clock = clock;
      sheet.locale = l as string;
      document.querySelector('main')!.append(sheet);
      w.__clock = clock;
      w.__abort = new AbortController();
      w.__opened = [];
      window.open = ((url: string) => void w.__opened.push(url)) as unknown as typeof window.open;
      w.__result = sheet.elicit({
        params: r as never,
        server: window.__kit.server,
        signal: w.__abort.signal,
      });
      await window.__kit.until(() => !!sheet.shadowRoot?.querySelector('dialog[open]'), 'sheet');
      await sheet.updateComplete;
    },
    [request, locale] as const,
  );
}

const result = (p: Page) => p.evaluate(() => (window as unknown as Win).__result);
const advance = (p: Page, ms: number) =>
  p.evaluate((m) => (window as unknown as Win).__clock.advance(m), ms);
const focusedPart = (p: Page) =>
  p.evaluate((tag) => {
    const el = document.querySelector(tag)?.shadowRoot?.activeElement as HTMLElement | null;
    return el
      ? (el.dataset.action ?? el.getAttribute('name') ?? el.dataset.part ?? el.tagName)
      : null;
  }, SHEET);
const screen = (p: Page) => p.locator(`${SHEET} dialog`).innerText();

describe('form mode', () => {
  it('fills every kind of field by keyboard and pointer and returns typed content', async () => {
    page = await gallery.open();
    await ask(page, {
      message: 'Confirm the order details.',
      requestedSchema: await orderSchema(),
    });
    expect(await screen(page)).toContain('From Notes server');
    expect(await focusedPart(page)).toMatch(/-field-0$/); // the first field
    await page.keyboard.type('Ada');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('3');
    await page.locator(`${SHEET} select`).selectOption('m');
    await page.locator(`${SHEET} label.check-row`, { hasText: 'gift' }).click();
    await page.locator(`${SHEET} label.check-row`, { hasText: 'Send me news' }).click();
    await advance(page, 500);
    await page.locator(`${SHEET} [data-action='accept']`).click();
    expect(await result(page)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada',
        email: 'ada@example.com',
        quantity: 3,
        size: 'm',
        extras: ['gift'],
        newsletter: true,
      },
    });
    const events = await page.evaluate(() => window.__events.map((e) => e.type));
    expect(events).toContain('mcp-elicitation-result');
  });

  it('an invalid submit keeps the form open, shows the errors and focuses the first invalid field', async () => {
    page = await gallery.open();
    await ask(page, { message: 'Order', requestedSchema: await orderSchema() });
    await advance(page, 500);
    await page.keyboard.press('Enter'); // Enter in a text field submits
    await page.waitForFunction((tag) => {
      const root = document.querySelector(tag)?.shadowRoot;
      return (root?.activeElement as HTMLElement | null)?.getAttribute('aria-invalid') === 'true';
    }, SHEET);
    expect(await screen(page)).toContain('3 fields need attention');
    expect(await screen(page)).toContain('Your name is required');
    expect(await page.evaluate(() => window.__events.map((e) => e.type))).toEqual(['mcp-open']);
  });

  it('Escape cancels, once, and focus returns to where it was', async () => {
    page = await gallery.open();
    await page.focus('#typeahead');
    await ask(page, { message: 'Order', requestedSchema: await orderSchema() });
    await advance(page, 500);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await result(page)).toEqual({ action: 'cancel' });
    await page.waitForFunction(
      (tag) => !document.querySelector(tag)?.shadowRoot?.querySelector('dialog[open]'),
      SHEET,
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('typeahead');
    const results = (await page.evaluate(() => window.__events)).filter(
      (e) => e.type === 'mcp-elicitation-result',
    );
    expect(results).toHaveLength(1);
  });

  it('input typed during the guard is kept, but no answer is taken during it', async () => {
    page = await gallery.open();
    await ask(page, { message: 'Order', requestedSchema: await orderSchema() });
    await page.keyboard.type('Ada');
    await page.keyboard.press('Escape');
    expect(await page.locator(`${SHEET} dialog`).getAttribute('data-guard')).toBe('active');
    expect(await page.locator(`${SHEET} dialog[open]`).count()).toBe(1);
  });
});

describe('URL mode', () => {
  const request = {
    mode: 'url',
    message: 'Sign in to connect the calendar.',
    url: 'https://accounts.example.com/connect?x=1',
    elicitationId: 'e-7',
  };

  it('shows the server and the full URL with its host, focuses Decline, and never opens the link itself', async () => {
    page = await gallery.open();
    await ask(page, request);
    expect(await screen(page)).toContain('From Notes server');
    expect(await page.locator(`${SHEET} [data-part='url-host']`).innerText()).toBe(
      'accounts.example.com',
    );
    expect(await focusedPart(page)).toBe('decline');
    await advance(page, 500);
    await page.locator(`${SHEET} [data-action='accept']`).click();
    expect(await result(page)).toEqual({ action: 'accept' });
    const event = (await page.evaluate(() => window.__events)).find(
      (e) => e.type === 'mcp-elicitation-result',
    );
    expect(event?.detail).toEqual({
      requestId: 'e-7',
      result: { action: 'accept' },
      openUrl: 'https://accounts.example.com/connect?x=1',
    });
    expect(await page.evaluate(() => (window as unknown as Win).__opened)).toEqual([]);
  });

  it('Enter on the focused Decline declines', async () => {
    page = await gallery.open();
    await ask(page, request);
    await advance(page, 500);
    await page.keyboard.press('Enter');
    expect(await result(page)).toEqual({ action: 'decline' });
  });

  it('a request the server gives up on closes with cancel', async () => {
    page = await gallery.open();
    await ask(page, request);
    await page.evaluate(() => (window as unknown as Win).__abort.abort());
    expect(await result(page)).toEqual({ action: 'cancel' });
    await page.waitForFunction(
      (tag) => !document.querySelector(tag)?.shadowRoot?.querySelector('dialog[open]'),
      SHEET,
    );
  });
});

function orderSchema(): Promise<unknown> {
  return page.evaluate(() => window.__kit.orderSchema);
}
