import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import { compact, expanded, openGallery, show, type StateName } from './gallery.js';
import { fixtureDir } from './lit-driver.js';

/** Written for people to look at; `.screenshots/` is git-ignored. */
const outDir = fileURLToPath(new URL('../../../.screenshots/elements/', import.meta.url));

const looks = [
  { name: 'light', locale: 'en-US', colorScheme: 'light' },
  { name: 'dark', locale: 'en-US', colorScheme: 'dark' },
  { name: 'ar', locale: 'ar', colorScheme: 'light' },
] as const;
const layouts = { compact, expanded };
const shots: StateName[] = [
  'permission-medium',
  'permission-destructive',
  'permission-queue',
  'permission-hostile',
  'permission-checking',
  'dry-run',
  'dry-run-hostile',
  'elicitation-form-errors',
  'elicitation-url',
  'manager',
];

let browser: Browser;
let server: FixtureServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startFixtureServer(fixtureDir)]);
  await mkdir(outDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('screenshots: compact and expanded × light, dark, ar', () => {
  for (const [layout, viewport] of Object.entries(layouts)) {
    for (const look of looks) {
      it(`${layout} ${look.name}`, async () => {
        const page = await openGallery(browser, server, {
          viewport,
          colorScheme: look.colorScheme,
          reducedMotion: 'reduce',
        });
        for (const state of shots) {
          await show(page, state, { locale: look.locale });
          const path = `${outDir}${state}-${layout}-${look.name}.png`;
          const shot = await page.screenshot({ path, fullPage: state === 'manager' });
          expect(shot.byteLength).toBeGreaterThan(1000);
        }
        await page.context().close();
      });
    }
  }
});
