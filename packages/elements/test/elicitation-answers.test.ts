/**
 * What a user sees of an elicitation's answers and message in `<mcp-elicitation-sheet>`: Not now,
 * Don't share / Say no, then the primary Accept (danger only when the call it came from is
 * destructive), one row on a desktop and stacked on a phone; the server's markdown as text,
 * with no link to click and the link's real host shown.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { compact, expanded, useGalleryBrowser } from './gallery.js';

const SHEET = 'mcp-elicitation-sheet';
const gallery = useGalleryBrowser();

const DELETE = {
  message:
    'Delete **every** note in *groceries*?\n- it cannot be undone\n- see [the docs](https://evil.example/help)\n\n<script>alert(1)</script> `rm -rf`',
  requestedSchema: { type: 'object', properties: {} },
};

async function ask(page: Page, origin: unknown): Promise<void> {
  await page.evaluate(
    async ([r, o]) => {
      const sheet = document.createElement('mcp-elicitation-sheet');
      sheet.clock = window.__kit.createManualClock();
      document.querySelector('main')!.append(sheet);
      void sheet.elicit({
        params: r as never,
        server: window.__kit.server,
        ...(o ? { origin: o as never } : {}),
      });
      await window.__kit.until(() => !!sheet.shadowRoot?.querySelector('dialog[open]'), 'sheet');
      await sheet.updateComplete;
    },
    [DELETE, origin] as const,
  );
}

/** Each answer's label, tone and box, in the order they are in the page. */
const answers = (page: Page) =>
  page.locator(`${SHEET} [data-part='action']`).evaluateAll((buttons) =>
    buttons.map((b) => {
      const box = b.getBoundingClientRect();
      return {
        text: (b as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        tone: b.getAttribute('data-tone'),
        emphasis: b.getAttribute('data-emphasis'),
        background: getComputedStyle(b).backgroundColor,
        top: Math.round(box.top),
        left: Math.round(box.left),
        bottom: box.bottom,
      };
    }),
  );

describe('elicitation answers', () => {
  it('desktop: Not now, Say no, then a danger Confirm in one row when the call is destructive', async () => {
    const page = await gallery.open({ viewport: expanded });
    await ask(page, { tool: 'notes_delete', destructive: true });
    const shown = await answers(page);
    expect(shown.map((a) => a.text)).toEqual([
      'Not now Closes without answering; it may ask again',
      'Say no Tells the server no',
      'Confirm',
    ]);
    expect(shown.map((a) => [a.emphasis, a.tone])).toEqual([
      ['neutral', 'neutral'],
      ['neutral', 'neutral'],
      ['primary', 'danger'],
    ]);
    expect(new Set(shown.map((a) => a.top)).size).toBe(1); // one row
    expect(shown[0]!.left).toBeLessThan(shown[2]!.left);
    // The danger colour is not the neutral buttons'.
    expect(shown[2]!.background).not.toBe(shown[0]!.background);
  });

  it('phone: the same answers stacked, primary last, all on screen', async () => {
    const page = await gallery.open({ viewport: compact, reducedMotion: 'reduce' });
    await ask(page, { tool: 'notes_delete', destructive: true });
    const shown = await answers(page);
    expect(shown.map((a) => a.text.split(' ')[0])).toEqual(['Not', 'Say', 'Confirm']);
    expect(shown[2]!.tone).toBe('danger');
    expect(shown[0]!.top).toBeLessThan(shown[1]!.top);
    expect(shown[1]!.top).toBeLessThan(shown[2]!.top);
    await page.screenshot({ path: '/tmp/hc-lit-elicitation-390.png' });
    for (const answer of shown) expect(answer.bottom).toBeLessThanOrEqual(compact.height);
  });

  it('draws the markdown message as text: bold, list, code, no link to click, the real host shown', async () => {
    const page = await gallery.open({ viewport: expanded });
    await ask(page, undefined);
    // Without a destructive call running, "Delete" in the server's words styles nothing.
    expect((await answers(page))[2]!.tone).toBe('neutral');
    const message = page.locator(`${SHEET} [data-part='message']`);
    expect(await message.locator('strong').allInnerTexts()).toEqual(['every']);
    expect(await message.locator('em').allInnerTexts()).toEqual(['groceries']);
    expect(await message.locator('code').allInnerTexts()).toEqual(['rm -rf']);
    expect(await message.locator('a, script, [href]').count()).toBe(0);
    const text = await message.innerText();
    expect(text).toContain('• see the docs (evil.example)');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).not.toContain('https://evil.example/help');
  });
});
