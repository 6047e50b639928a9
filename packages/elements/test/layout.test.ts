import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { runLayoutChecks, type LayoutSurface } from '../../../test/scenarios/layout-checks.js';
import { runParityChecks } from '../../../test/scenarios/parity-checks.js';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import { fixtureDir, litHost } from './lit-driver.js';

/**
 * The shared layout checks (test/scenarios/layout-checks.ts) and the checks of where the Lit
 * and React sheets must look alike (test/scenarios/parity-checks.ts) on the Lit elements: the
 * scenario fixture at each viewport, with an `<mcp-permission-manager>` in the page when asked.
 */
let browser: Browser | undefined;
let server: FixtureServer | undefined;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startFixtureServer(fixtureDir)]);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const surface: LayoutSurface = {
  async start(viewport, { manager, ...options }) {
    const context = await browser!.newContext({ viewport, reducedMotion: 'reduce' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(server!.url);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    // Plain data (a policy's JSON type is too deep for Playwright's argument typing).
    await page.evaluate(([o, m]) => window.__start(JSON.parse(o), { manager: m }), [
      JSON.stringify(options),
      manager ?? false,
    ] as const);
    return { page, host: litHost(page, async () => {}) };
  },
};
runLayoutChecks('lit', surface);
runParityChecks('lit', surface);
