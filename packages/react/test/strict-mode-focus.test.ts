import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SamplingParams } from '@mcp-consent/prompt';
import { call, surveyForm, tools } from '../../../test/scenarios/fixtures.js';
import type { ScenarioHost } from '../../../test/scenarios/driver.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import { reviewed } from '../../../test/scenarios/result-review-scenarios.js';
import { hostRoots } from '../../../test/scenarios/roots-scenarios.js';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import { fixtureConfig } from './fixture-config.js';
import { fixtureDir, pageHost } from './react-driver.js';

/**
 * Focus as a sheet opens in React's development build, where StrictMode runs each mount effect,
 * its cleanup and the effect again: focus goes into the sheet once and stays there (before, the
 * cleanup handed focus back to the opener and the second run took it again: a flicker a screen
 * reader announced as the page), and still returns to the opener when the sheet closes.
 *
 * The other tests' fixture pages are built with React's production build (Vite's build replaces
 * `process.env.NODE_ENV`), where StrictMode runs effects once: this file builds them with the
 * development one, and checks that it did.
 */
let browser: Browser | undefined;
let server: FixtureServer | undefined;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchChromium(),
    startFixtureServer(fixtureDir, {
      config: { ...fixtureConfig, define: { 'process.env.NODE_ENV': '"development"' } },
    }),
  ]);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type W = {
  __start(options: object): void;
  __reactBuild?: number;
  __focus: string[];
};

/** The scenario page (its sheets in StrictMode), the opener focused, focus moves recorded. */
async function start(): Promise<{ page: Page; host: ScenarioHost }> {
  const context = await browser!.newContext();
  contexts.push(context);
  const page = await context.newPage();
  // What React DevTools reads: React hands its build to this hook (`bundleType` 1: development).
  await page.addInitScript(() => {
    const w = window as unknown as W & { __REACT_DEVTOOLS_GLOBAL_HOOK__: object };
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      inject: (internals: { bundleType: number }) => ((w.__reactBuild = internals.bundleType), 1),
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
  });
  await page.goto(server!.url);
  await page.waitForFunction(() => '__start' in window);
  await page.evaluate(() => {
    const w = window as unknown as W;
    w.__start({});
    w.__focus = [];
    document.getElementById('chat')!.focus();
    document.addEventListener(
      'focusin',
      (event) => {
        const target = event.composedPath()[0] as HTMLElement;
        const inSheet = target.closest('[data-part="root"][data-state="open"]') !== null;
        w.__focus.push(inSheet ? `sheet ${target.dataset.part}` : `page #${target.id}`);
      },
      true,
    );
  });
  return { page, host: pageHost(page, async () => {}) };
}

const moves = (page: Page) => page.evaluate(() => (window as unknown as W).__focus.splice(0));
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id);

const sampling: SamplingParams = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the notes from today' } }],
  maxTokens: 200,
};

const sheets: Array<[string, (host: ScenarioHost) => Promise<unknown>]> = [
  ['permission', (h) => h.request(call(tools.notesPut))],
  ['elicitation', (h) => h.elicit(surveyForm)],
  ['roots', (h) => h.askRoots(hostRoots)],
  ['result review', (h) => h.reviewResult(reviewed)],
  ['sampling', (h) => h.sample({ step: 'request', params: sampling })],
];

describe('StrictMode (development build): focus as a sheet opens', () => {
  it('the page runs React’s development build', async () => {
    const { page } = await start();
    expect(await page.evaluate(() => (window as unknown as W).__reactBuild)).toBe(1);
  });

  for (const [name, ask] of sheets) {
    it(`${name}: focus enters the sheet once and never leaves it while it opens; back on the opener when it closes`, async () => {
      const { page, host } = await start();
      await ask(host);
      await host.waitForPrompt();
      await host.advance(GUARD_MS);
      const seen = await moves(page);
      // Before: ['sheet action', 'page #chat', 'sheet action'].
      expect(seen[0], JSON.stringify(seen)).toMatch(/^sheet /);
      expect(seen.filter((move) => move.startsWith('page '))).toEqual([]);
      await host.press('Escape');
      await host.waitForClosed();
      expect(await activeId(page)).toBe('chat');
    });
  }

  it('two prompts in a row: focus goes from the first sheet to the second, then back to the opener', async () => {
    const { page, host } = await start();
    await host.request(call(tools.notesPut));
    await host.askRoots(hostRoots);
    await host.waitForPrompt();
    await host.advance(GUARD_MS);
    await host.press('Escape');
    await page.waitForFunction(() =>
      document.activeElement?.closest('[data-scope="roots"][data-state="open"]'),
    );
    await host.advance(GUARD_MS);
    await host.press('Escape');
    await host.waitForClosed();
    expect(await activeId(page)).toBe('chat');
  });
});
