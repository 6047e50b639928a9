import { describe, expect, it } from 'vitest';
import { fold } from '../../../test/scenarios/demo-tools.js';
import { compact, useGalleryBrowser } from './gallery.js';

const gallery = useGalleryBrowser();

/**
 * Issue 17: "How long, and a note" adds controls to the sheet, never at the cost of the
 * answers. On a 390×844 phone, with the panel open and a grain picked, all four answers are
 * still on screen, and the picked grain is what Allow always says.
 */
describe('grains on a phone, Lit sheet', () => {
  it('390×844 with the panel open: the four answers stay above the fold', async () => {
    const page = await gallery.open({ viewport: compact, reducedMotion: 'reduce' });
    await page.evaluate(async () => {
      const kit = window.__kit;
      const clock = kit.createManualClock(Date.UTC(2026, 10, 21, 9));
      const engine = kit.createPermissionEngine({ store: kit.memoryStore(), clock });
      await engine.ready;
      const sheet = document.createElement('mcp-permission-sheet');
      sheet.clock = clock;
      sheet.locale = 'en-US';
      document.querySelector('main')!.append(sheet);
      void engine.request(kit.call(kit.tools.notesPut), { prompt: sheet.prompt });
      await kit.until(
        () => !!sheet.shadowRoot?.querySelector('dialog[open][data-state="open"]'),
        'the sheet',
      );
      clock.advance(500);
    });
    const sheet = 'mcp-permission-sheet';
    await page.locator(`${sheet} [data-part='grains-toggle']`).click();
    // The panel opens in sight: its top is on screen, above the answers' footer.
    await expect
      .poll(() =>
        page.evaluate((tag) => {
          const root = document.querySelector(tag)!.shadowRoot!;
          const panel = root.querySelector('[data-part="grains"]')!.getBoundingClientRect();
          const footer = root.querySelector('[data-part="actions"]')!.getBoundingClientRect();
          return panel.top >= 0 && panel.top + 48 <= footer.top;
        }, sheet),
      )
      .toBe(true);
    await page
      .locator(`${sheet} [data-part='grain-select'][data-decision='allow']`)
      .selectOption('session');
    await expect
      .poll(() =>
        page
          .locator(`${sheet} [data-part='action'][data-choice='allow_always'] .label`)
          .innerText(),
      )
      .toBe('Allow for this session');
    // The body may scroll to the panel the user opened; the answers stay put in the footer.
    const { boxes } = await page.evaluate(fold, sheet);
    const answers = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];
    expect(answers.filter((choice) => !boxes[choice]?.visible)).toEqual([]);
  });
});
