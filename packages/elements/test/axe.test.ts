import { describe, expect, it } from 'vitest';
import { axeBuilder, axePairs } from '../../../test/support/axe.js';
import { openGallery, show, type StateName, useGalleryBrowser } from './gallery.js';

const gallery = useGalleryBrowser();
let states: StateName[] = [];

/**
 * axe-core on every state of the three elements (each permission tier, destructive with
 * Allow always disabled, queue, checking, guard, arguments expanded, hostile text, the
 * form with errors, URL warnings, the manager with grants and history, …) in both colour
 * schemes (contrast) and in each locale (longer text, right to left): every scheme and every
 * locale at least once, four pages rather than all six pairs. States switch in the page.
 */
// The four pages run at once: the work is in Chromium's renderer processes.
describe.concurrent('axe', () => {
  it.each(axePairs)(
    '%s, %s: zero violations in every state',
    { timeout: 240_000 },
    async (locale, scheme) => {
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
        const { violations } = await axeBuilder(page).analyze();
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
