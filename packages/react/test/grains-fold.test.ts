import { createTranslator } from '@mcp-consent/i18n';
import { describe, expect, it } from 'vitest';
import { fold } from '../../../test/scenarios/demo-tools.js';
import { call, tools } from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import { useFixturePages } from './fixture-pages.js';
import { ROOT } from './react-driver.js';

const pages = useFixturePages();
const en = createTranslator('en-US');

/**
 * Issue 17: "How long, and a note" adds controls to the sheet, never at the cost of the
 * answers. On a 390×844 phone, with the panel open, a grain picked and a note typed, all four
 * answers are still on screen, and the picked grain is what Allow always says.
 */
describe('grains on a phone, React sheet', () => {
  it('390×844 with the panel open: the four answers stay above the fold', async () => {
    const { page, host } = await pages.start({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    await host.request(call(tools.notesPut));
    await host.waitForPrompt();
    await host.advance(GUARD_MS);
    await host.pickGrain('allow', 'session');
    await host.typeNote('Not this notebook');
    expect((await host.action('allow_always')).label).toBe(
      en.t('mcp.permission.grain.allow_session'),
    );
    // The body may scroll to the panel the user opened; the answers stay put in the footer.
    const { boxes } = await page.evaluate(fold, ROOT);
    const answers = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];
    expect(answers.filter((choice) => !boxes[choice]?.visible)).toEqual([]);
  });

  it('opening "How long, and a note" brings the panel into sight above the answers', async () => {
    const { page, host } = await pages.start({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    await host.request(call(tools.notesPut));
    await host.waitForPrompt();
    await host.advance(GUARD_MS);
    await page.locator(`${ROOT} [data-part='grains-toggle']`).click();
    await expect
      .poll(() =>
        page.evaluate((root) => {
          const panel = document.querySelector(`${root} [data-part="grains"]`);
          const actions = document.querySelector(`${root} [data-part="actions"]`);
          if (!panel || !actions) return false;
          const top = panel.getBoundingClientRect().top;
          return top >= 0 && top + 48 <= actions.getBoundingClientRect().top;
        }, ROOT),
      )
      .toBe(true);
  });
});
