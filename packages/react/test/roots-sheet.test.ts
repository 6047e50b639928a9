import { axeBuilder } from '../../../test/support/axe.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ServerRef } from '@mcp-consent/engine';
import type { HostRoot } from '@mcp-consent/prompt';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import type { FixtureWindow } from './fixture/globals.js';
import { hostileCorpus, hostileEverything } from '../../../test/scenarios/hostile-corpus.js';
import { useFixturePages } from './fixture-pages.js';
import { findCompromise, ROOTS_ROOT } from './react-driver.js';

type W = FixtureWindow;
const pages = useFixturePages();
const server: ServerRef = { id: 'files', name: 'Files server' };
const ROOTS: HostRoot[] = [
  { uri: 'file:///home/ana/project', name: 'Project' },
  { uri: 'file:///home/ana/notes', name: 'Notes' },
  { uri: 'file:///home/ana/secret', name: '<img src=x onerror=alert(1)>' },
];

const ask = async (page: Page, roots = ROOTS, srv = server) => {
  await page.evaluate(([r, s]) => (window as unknown as W).__roots(r, s), [roots, srv] as const);
  await page.waitForFunction(() =>
    document.activeElement?.closest('[data-scope="roots"][data-state="open"]'),
  );
};
const rooted = (page: Page) => page.evaluate(() => (window as unknown as W).__rooted);
const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.answer ?? el?.dataset.index ?? el?.dataset.part ?? null;
  });

describe('<RootsSheet>', () => {
  it('shows who asks and the host roots as labelled native checkboxes, none checked, Share none focused', async () => {
    const { page } = await pages.start({});
    await ask(page);
    await expect(
      page.getByRole('dialog', { name: 'Share folders with this server?' }).isVisible(),
    ).resolves.toBe(true);
    const text = await page.locator('[data-scope="roots"][data-part="root"]').innerText();
    expect(text).toContain('Files server asks which of your folders it may see');
    expect(text).toContain('<img src=x onerror=alert(1)>');
    await expect(page.locator('[data-scope="roots"] img').count()).resolves.toBe(0);
    for (const name of ['Project', 'Notes'])
      await expect(page.getByRole('checkbox', { name }).isChecked()).resolves.toBe(false);
    await expect(
      page.getByRole('radio', { name: 'Remember for this server' }).isChecked(),
    ).resolves.toBe(true);
    expect(await active(page)).toBe('share_none');
  });

  it('shares exactly the ticked roots; clicks during the input guard tick nothing', async () => {
    const { page, host } = await pages.start({});
    await ask(page);
    await page.getByText('Project', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Project' }).isChecked()).resolves.toBe(false);
    await host.advance(GUARD_MS);
    await page.getByText('Notes', { exact: true }).click();
    await page.getByRole('radio', { name: 'Only this time' }).click();
    await expect(page.getByRole('checkbox', { name: 'Notes' }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Share selected' }).click();
    await page.waitForFunction(() => (window as unknown as W).__rooted.length > 0);
    expect(await rooted(page)).toEqual([
      { answer: 'share', uris: ['file:///home/ana/notes'], grain: 'once' },
    ]);
  });

  it('Escape shares none, only this time, whatever was ticked; number keys tick', async () => {
    const { page, host } = await pages.start({});
    await ask(page);
    await host.advance(GUARD_MS);
    await page.keyboard.press('1');
    await expect(page.getByRole('checkbox', { name: 'Project' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => (window as unknown as W).__rooted.length > 0);
    expect(await rooted(page)).toEqual([{ answer: 'share_none', uris: [], grain: 'once' }]);
  });

  it('every root row, radio row and action is a 48 px target on a phone', async () => {
    // Reduced motion: boxes are measured with transforms, so not in the middle of the sheet's entry.
    const { page } = await pages.start({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    await ask(page);
    const heights = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '[data-scope="roots"] .mcp-consent-check-row, [data-scope="roots"][data-part="action"]',
        ),
      ].map((el) => el.getBoundingClientRect().height),
    );
    expect(heights).toHaveLength(3 + 2 + 2);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(48);
  });

  it.each(['en-US', 'ar'])('%s: axe finds no violations', async (locale) => {
    const { page } = await pages.start({ options: { locale } });
    await ask(page);
    const { violations, passes } = await axeBuilder(page).analyze();
    expect(passes.length).toBeGreaterThan(0);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual([]);
  });

  it('the hostile corpus in root names, URIs and the server name stays text', async () => {
    const { page } = await pages.start({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    const roots = Object.values(hostileCorpus).map((text, i) => ({
      uri: `file:///r/${i}/${text}`,
      name: text,
    }));
    await ask(page, roots, { id: 'evil', name: hostileEverything });
    expect(await page.evaluate(findCompromise, ROOTS_ROOT)).toEqual([]);
  });
});
