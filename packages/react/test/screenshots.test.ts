import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { call, hostileCall, tools } from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import { openFixture, pageHost, sharedBrowser } from './react-driver.js';

const outDir = fileURLToPath(new URL('../../../.screenshots/react/', import.meta.url));
const shared = sharedBrowser();
afterAll(() => shared.close());

const shots = [
  {
    name: 'compact-light-en',
    viewport: { width: 390, height: 844 },
    scheme: 'light',
    locale: 'en-US',
    call: call(tools.notesPut),
  },
  {
    name: 'compact-light-en-destructive',
    viewport: { width: 390, height: 844 },
    scheme: 'light',
    locale: 'en-US',
    call: call(tools.notesDelete),
  },
  {
    name: 'compact-dark-en-destructive',
    viewport: { width: 390, height: 844 },
    scheme: 'dark',
    locale: 'en-US',
    call: call(tools.notesDelete),
  },
  {
    name: 'expanded-light-en',
    viewport: { width: 1024, height: 800 },
    scheme: 'light',
    locale: 'en-US',
    call: call(tools.notesList),
  },
  {
    name: 'expanded-dark-pt',
    viewport: { width: 1024, height: 800 },
    scheme: 'dark',
    locale: 'pt-BR',
    call: call(tools.notesDelete),
  },
  {
    name: 'expanded-light-ar',
    viewport: { width: 1024, height: 800 },
    scheme: 'light',
    locale: 'ar',
    call: call(tools.notesPut),
  },
  {
    name: 'compact-dark-ar-hostile',
    viewport: { width: 390, height: 844 },
    scheme: 'dark',
    locale: 'ar',
    call: hostileCall,
  },
] as const;

/** Pictures for people to look at (git-ignored); the assertion only checks the sheet rendered. */
describe('screenshots', () => {
  for (const shot of shots) {
    it(shot.name, async () => {
      await mkdir(outDir, { recursive: true });
      const { context, page } = await openFixture(shared, 'index.html', {
        viewport: shot.viewport,
        colorScheme: shot.scheme,
        reducedMotion: 'reduce',
      });
      await page.evaluate((locale) => window.__start({ locale }), shot.locale);
      const host = pageHost(page, () => context.close());
      await host.request(shot.call);
      await host.waitForPrompt();
      await host.advance(GUARD_MS);
      await page.screenshot({ path: `${outDir}${shot.name}.png` });
      expect(await host.isOpen()).toBe(true);
      await host.dispose();
    });
  }
});
