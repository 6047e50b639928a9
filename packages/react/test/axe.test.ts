import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { axeBuilder, axePairs } from '../../../test/support/axe.js';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@mcp-consent/engine';
import type { FixtureWindow } from './fixture/globals.js';
import { openFixture, sharedBrowser } from './react-driver.js';
import { enterChecking, uiStates } from './states.js';

type W = FixtureWindow;
const shared = sharedBrowser();
afterAll(() => shared.close());

const shots = fileURLToPath(new URL('../../../.screenshots/react/states/', import.meta.url));

async function violations(page: Page, state: string, shot?: string): Promise<string[]> {
  if (shot)
    await page.screenshot({ path: `${shots}${shot}-${state.replace(/[^a-z]+/gi, '-')}.png` });
  const result = await axeBuilder(page).analyze();
  if (result.passes.length === 0) return [`${state}: axe checked nothing`];
  return result.violations.map(
    (v) =>
      `${state}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`)
        .join('\n    ')}`,
  );
}

/**
 * axe-core on every state of the sheets, the checking status and the manager,
 * in both colour schemes and each locale (see `axePairs`): one page per pair, states
 * switched in the page.
 */
describe('axe-core: zero violations', () => {
  for (const [locale, colorScheme] of axePairs) {
    it(`${locale}, ${colorScheme}`, { timeout: 180_000 }, async () => {
      const { context, page } = await openFixture(shared, 'index.html', {
        colorScheme,
        reducedMotion: 'reduce',
        viewport: { width: 1024, height: 800 },
      });
      await mkdir(shots, { recursive: true });
      // Pictures of each state for people (git-ignored): the English light and the right-to-left runs.
      const shot =
        (locale === 'en-US' && colorScheme === 'light') ||
        (locale === 'ar' && colorScheme === 'light')
          ? `${locale}-${colorScheme}`
          : undefined;
      const found: string[] = [];
      let checked = 0;
      await enterChecking(page, locale);
      found.push(...(await violations(page, 'checking permissions', shot)));
      checked++;
      await page.evaluate(() => (window as unknown as W).__host.dispose());
      await page.evaluate(
        ([l, ms]) =>
          (window as unknown as W).__start(
            { locale: l },
            { manager: true, allowAlwaysExpiresInMs: ms },
          ),
        [locale, 90 * DAY_MS] as const,
      );
      for (const state of uiStates()) {
        await state.enter(page);
        found.push(...(await violations(page, state.name, shot)));
        checked++;
      }
      await context.close();
      expect(found).toEqual([]);
      expect(checked).toBe(uiStates().length + 1);
    });
  }
});
