import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compact, expanded, show, type StateName, useGalleryBrowser } from './gallery.js';

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
  'permission-changed',
  'permission-high',
  'permission-checking',
  'dry-run',
  'dry-run-hostile',
  'elicitation-form-errors',
  'elicitation-url',
  'manager',
];

const gallery = useGalleryBrowser();
beforeAll(async () => {
  await mkdir(outDir, { recursive: true });
});

describe('screenshots: compact and expanded × light, dark, ar', () => {
  for (const [layout, viewport] of Object.entries(layouts)) {
    for (const look of looks) {
      it(`${layout} ${look.name}`, async () => {
        const page = await gallery.open({
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
