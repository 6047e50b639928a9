import { axeBuilder } from '../../../test/support/axe.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostileCorpus, hostileEverything } from '../../../test/scenarios/hostile-corpus.js';
import { findCompromise } from './compromise.js';
import { useGalleryBrowser } from './gallery.js';

const SHEET = 'mcp-roots-sheet';
const gallery = useGalleryBrowser();

type Win = Window & {
  __result: Promise<unknown>;
  __clock: { advance(ms: number): void };
  __results: unknown[];
};

const ROOTS = [
  { uri: 'file:///home/ana/project', name: 'Project' },
  { uri: 'file:///home/ana/notes', name: 'Notes' },
  { uri: 'file:///home/ana/secret', name: '<img src=x onerror=alert(1)>' },
];

/** Mounts a roots sheet on a manual clock and asks through `roots` (the mcp `pickRoots` shape). */
async function ask(
  p: Page,
  locale = 'en-US',
  list: unknown[] = ROOTS,
  serverName?: string,
): Promise<void> {
  await p.evaluate(
    async ([roots, l, name]) => {
      const w = window as unknown as Win;
      const clock = window.__kit.createManualClock();
      const sheet = document.createElement('mcp-roots-sheet');
      sheet.clock = clock;
      sheet.locale = l as string;
      document.querySelector('main')!.append(sheet);
      w.__clock = clock;
      w.__results = [];
      sheet.addEventListener('mcp-roots-result', (event) => w.__results.push(event.detail));
      const server = name ? { ...window.__kit.server, name } : window.__kit.server;
      w.__result = sheet.roots({ server, roots: roots as never });
      await window.__kit.until(() => !!sheet.shadowRoot?.querySelector('dialog[open]'), 'sheet');
      await sheet.updateComplete;
    },
    [list, locale, serverName ?? ''] as const,
  );
}

const result = (p: Page) => p.evaluate(() => (window as unknown as Win).__result);
const advance = (p: Page, ms: number) =>
  p.evaluate((m) => (window as unknown as Win).__clock.advance(m), ms);
const focused = (p: Page) =>
  p.evaluate((tag) => {
    const el = document.querySelector(tag)?.shadowRoot?.activeElement as HTMLElement | null;
    return el ? (el.dataset.answer ?? el.dataset.index ?? el.tagName) : null;
  }, SHEET);

describe('<mcp-roots-sheet>', () => {
  it('shows who asks and the host roots as labelled native checkboxes, none checked, Share none focused', async () => {
    const page = await gallery.open();
    await ask(page);
    const dialog = page.getByRole('dialog', { name: 'Share folders with this server?' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    const text = await page.locator(`${SHEET} dialog`).innerText();
    expect(text).toContain('Notes server asks which of your folders it may see');
    // A name that looks like markup is text, never an element.
    expect(text).toContain('<img src=x onerror=alert(1)>');
    await expect(page.locator(`${SHEET} img`).count()).resolves.toBe(0);
    for (const name of ['Project', 'Notes']) {
      const box = page.getByRole('checkbox', { name });
      await expect(box.isChecked()).resolves.toBe(false);
    }
    await expect(
      page.getByRole('checkbox', { name: 'Project' }).getAttribute('aria-describedby'),
    ).resolves.toMatch(/-root-0-uri$/);
    await expect(
      page.getByRole('radio', { name: 'Remember for this server' }).isChecked(),
    ).resolves.toBe(true);
    expect(await focused(page)).toBe('share_none');
  });

  it('shares exactly the ticked roots; clicks during the input guard tick nothing', async () => {
    const page = await gallery.open();
    await ask(page);
    await page.getByText('Project', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Project' }).isChecked()).resolves.toBe(false);
    await advance(page, 500);
    await page.getByText('Notes', { exact: true }).click();
    await page.getByRole('radio', { name: 'Only this time' }).click();
    await expect(page.getByRole('checkbox', { name: 'Notes' }).isChecked()).resolves.toBe(true);
    await expect(page.locator(`${SHEET} [part~='count']`).innerText()).resolves.toBe(
      '1 of 3 selected',
    );
    await page.getByRole('button', { name: 'Share selected' }).click();
    await expect(result(page)).resolves.toEqual({
      answer: 'share',
      uris: ['file:///home/ana/notes'],
      grain: 'once',
    });
    await expect(page.evaluate(() => (window as unknown as Win).__results)).resolves.toHaveLength(
      1,
    );
  });

  it('Escape shares none, only this time, whatever was ticked; number keys tick', async () => {
    const page = await gallery.open();
    await ask(page);
    await advance(page, 500);
    await page.keyboard.press('1');
    await expect(page.getByRole('checkbox', { name: 'Project' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(result(page)).resolves.toEqual({ answer: 'share_none', uris: [], grain: 'once' });
  });

  it('every root row, radio row and action is a 48 px target', async () => {
    // Reduced motion: boxes are measured with transforms, so not in the middle of the sheet's entry.
    const page = await gallery.open({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    await ask(page);
    const heights = await page.evaluate((tag) => {
      const root = document.querySelector(tag)!.shadowRoot!;
      return [...root.querySelectorAll<HTMLElement>('.check-row, [part~="action"]')].map(
        (el) => el.getBoundingClientRect().height,
      );
    }, SHEET);
    expect(heights).toHaveLength(3 + 2 + 2);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(48);
  });

  it.each(['en-US', 'ar'])('%s: axe finds no violations', async (locale) => {
    const page = await gallery.open();
    await ask(page, locale);
    const { violations, passes } = await axeBuilder(page).analyze();
    expect(passes.length).toBeGreaterThan(0);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual([]);
  });

  it('the hostile corpus in root names, URIs and the server name stays text', async () => {
    const page = await gallery.open({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    const roots = Object.values(hostileCorpus).map((text, i) => ({
      uri: `file:///r/${i}/${text}`,
      name: text,
    }));
    await ask(page, 'en-US', roots, hostileEverything);
    expect(await findCompromise(page, SHEET)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
