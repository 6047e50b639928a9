/**
 * The React elicitation sheet shows the same answers in the same layout as the Lit one: Not now,
 * Say no, then the primary Confirm (danger only when the call it came from is destructive), one
 * row on a desktop and stacked on a phone; the server's markdown as text, with no link to click.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ServerRef } from '@mcp-consent/engine';
import type { ElicitationOrigin, ElicitRequest } from '@mcp-consent/prompt';
import type { FixtureWindow } from './fixture/globals.js';
import { useFixturePages } from './fixture-pages.js';

type W = FixtureWindow;
const pages = useFixturePages();
const server: ServerRef = { id: 'notes', name: 'Notes server' };
const DELETE: ElicitRequest = {
  message:
    'Delete **every** note in *groceries*?\n- it cannot be undone\n- see [the docs](https://evil.example/help)\n\n<script>alert(1)</script> `rm -rf`',
  requestedSchema: { type: 'object', properties: {} },
};

async function ask(page: Page, origin?: ElicitationOrigin) {
  await page.evaluate(([r, s, o]) => (window as unknown as W).__elicit(r, s, o ?? undefined), [
    DELETE,
    server,
    origin ?? null,
  ] as const);
  await page.waitForFunction(() =>
    document.activeElement?.closest('[data-scope="elicitation"][data-state="open"]'),
  );
}

const answers = (page: Page) =>
  page.locator("[data-scope='elicitation'][data-part='action']").evaluateAll((buttons) =>
    buttons.map((b) => {
      const box = b.getBoundingClientRect();
      return {
        text: (b as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        tone: b.getAttribute('data-tone'),
        emphasis: b.getAttribute('data-emphasis'),
        background: getComputedStyle(b).backgroundColor,
        top: Math.round(box.top),
        bottom: box.bottom,
      };
    }),
  );

describe('elicitation answers (React)', () => {
  it('desktop: Not now, Say no, then a danger Confirm in one row when the call is destructive', async () => {
    const { page } = await pages.start({ viewport: { width: 1280, height: 800 } });
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
    expect(new Set(shown.map((a) => a.top)).size).toBe(1);
    expect(shown[2]!.background).not.toBe(shown[0]!.background);
  });

  it('phone: the same answers stacked, primary last, all on screen', async () => {
    const { page } = await pages.start({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    await ask(page);
    const shown = await answers(page);
    expect(shown.map((a) => a.text.split(' ')[0])).toEqual(['Not', 'Say', 'Confirm']);
    expect(shown[2]!.tone).toBe('neutral');
    expect(shown[0]!.top).toBeLessThan(shown[1]!.top);
    expect(shown[1]!.top).toBeLessThan(shown[2]!.top);
    for (const answer of shown) expect(answer.bottom).toBeLessThanOrEqual(844);
  });

  it('draws the markdown message as text: bold, list, code, no link to click, the real host shown', async () => {
    const { page } = await pages.start();
    await ask(page);
    const message = page.locator("div[data-scope='elicitation'][data-part='message']");
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
