import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '@mcp-consent/engine';
import { forbiddenOnScreen } from '../../../test/scenarios/fixtures.js';
import {
  hostileCallFor,
  hostileCorpus,
  hostileCorpusCalls,
} from '../../../test/scenarios/hostile-corpus.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import { useFixturePages } from './fixture-pages.js';
import { findCompromise, pageHost, ROOT } from './react-driver.js';

/**
 * The shared hostile corpus (test/scenarios/hostile-corpus.ts) through `<PermissionSheet>`,
 * as elements/test/hostile.test.ts runs it through the Lit sheet: every entry in every
 * server-controlled field, at both viewports, arguments collapsed and expanded.
 */
const compact = { width: 390, height: 844 };
const expanded = { width: 1280, height: 800 };
const pages = useFixturePages();

const start = (viewport: { width: number; height: number }) =>
  pages.start({ viewport, reducedMotion: 'reduce' });

/** Shows `call`, lifts the guard and, when asked, presses Show more (if the preview has one). */
async function showCall(page: Page, call: ToolCall, expand: boolean) {
  const host = pageHost(page, async () => {});
  await host.request(call);
  await host.waitForPrompt();
  await host.advance(GUARD_MS);
  const toggle = page.locator(`${ROOT} [data-part="args-toggle"]`);
  if (expand && (await toggle.isVisible())) {
    await toggle.click();
    await page.waitForSelector(`${ROOT} [data-part="args"][data-expanded="true"]`);
  }
  return host;
}

describe('hostile server text: no script runs, no markup is interpreted, layout stays in the sheet', () => {
  for (const [layout, viewport] of Object.entries({ compact, expanded })) {
    it(`${layout}: hostileCall and every entry of the shared corpus, arguments collapsed and expanded`, async () => {
      const { page } = await start(viewport);
      let expandedOnce = 0;
      for (const [name, call] of hostileCorpusCalls()) {
        for (const expand of [false, true]) {
          const host = await showCall(page, call, expand);
          if (await page.locator(`${ROOT} [data-part="args"][data-expanded="true"]`).count())
            expandedOnce++;
          expect(await host.compromised(), `${name} (expanded: ${expand})`).toEqual([]);
          const text = await host.screen();
          for (const char of forbiddenOnScreen)
            expect(text, `${name} (expanded: ${expand})`).not.toContain(char);
          await host.press('Escape');
          await host.waitForClosed();
        }
      }
      // Show more was there to press for the long entries, so both states were looked at.
      expect(expandedOnce).toBeGreaterThan(3);
      // Markup shows as text.
      const host = await showCall(page, hostileCallFor(hostileCorpus.html!), false);
      expect(await host.screen()).toContain('<img src=x onerror=');
    });
  }

  it('the detector notices a script that ran, live markup, a box wider than the sheet and a sideways scroll', async () => {
    const { page } = await start(compact);
    await showCall(page, hostileCallFor('plain'), false);
    expect(await page.evaluate(findCompromise, ROOT)).toEqual([]);
    await page.evaluate((selector) => {
      const body = document.querySelector(`${selector} .mcp-consent-body`)!;
      const wide = document.createElement('div');
      wide.style.width = '3000px';
      wide.append(document.createElement('img'));
      body.append(wide);
      Object.assign(window, { __pwned: 'planted' });
    }, ROOT);
    const problems = await page.evaluate(findCompromise, ROOT);
    expect(problems).toContain('script ran: planted');
    expect(problems).toContain('<img> in the sheet');
    expect(problems.some((p) => p.endsWith('overflows the sheet'))).toBe(true);
    expect(problems.some((p) => p.startsWith('scrolls sideways'))).toBe(true);
  });
});
