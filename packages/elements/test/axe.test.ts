import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import { openGallery, show, type StateName } from './gallery.js';
import { fixtureDir } from './lit-driver.js';

let browser: Browser;
let server: FixtureServer;
let states: StateName[] = [];
beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startFixtureServer(fixtureDir)]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * axe-core on every state of the three elements (each permission tier, destructive with
 * Allow always disabled, queue, checking, guard, arguments expanded, hostile text, the
 * form with errors, URL warnings, the manager with grants and history, …) × three locales
 * × light and dark. One page per locale and scheme; states switch in the page.
 */
// The six pages run at once: the work is in Chromium's renderer processes.
describe.concurrent.each(['en-US', 'pt-BR', 'ar'])('axe: %s', (locale) => {
  it.each(['light', 'dark'] as const)(
    '%s: zero violations in every state',
    { timeout: 240_000 },
    async (scheme) => {
      const page = await openGallery(browser, server, {
        colorScheme: scheme,
        reducedMotion: 'reduce',
      });
      states = await page.evaluate(() => window.__gallery.states);
      expect(states.length).toBeGreaterThanOrEqual(15);
      const found: string[] = [];
      for (const state of states) {
        await show(page, state, { locale });
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const v of violations) {
          const where = v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`);
          found.push(`${state}: ${v.id} — ${v.help}\n    ${where.join('\n    ')}`);
        }
      }
      await page.context().close();
      expect(found).toEqual([]);
    },
  );
});
