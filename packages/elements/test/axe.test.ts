import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { openGallery, show, type StateName, useGalleryBrowser } from './gallery.js';

const gallery = useGalleryBrowser();
let states: StateName[] = [];

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
      // Not gallery.open: its pages close after each test, and these tests run at once.
      const page = await openGallery(gallery.browser, gallery.server, {
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
