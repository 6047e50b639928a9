import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Choice, ToolCall } from '@mcp-consent/engine';
import {
  launchChromium,
  reusedPages,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import type { RendererDriver, ScenarioHost } from '../../../test/scenarios/driver.js';
import { fixtureConfig } from './fixture-config.js';
import type { FixtureWindow } from './fixture/globals.js';

/** The fixture's globals (callbacks of `page.evaluate` are serialized: cast inline there). */
type W = FixtureWindow;

export const fixtureDir = fileURLToPath(new URL('./fixture/', import.meta.url));

/** The sheet's dialog element in the page. */
export const ROOT = '[data-scope="permission"][data-part="root"]';
/** The elicitation sheet's dialog element. */
export const ELICITATION_ROOT = '[data-scope="elicitation"][data-part="root"]';
/** The roots sheet's dialog element. */
export const ROOTS_ROOT = '[data-scope="roots"][data-part="root"]';
/** The result review sheet's dialog element. */
export const REVIEW_ROOT = '[data-scope="result-review"][data-part="root"]';
/** Any sheet's dialog: a permission prompt, a dry-run preview, an elicitation, a roots request, a sampling step or a result review. */
const ANY_ROOT =
  ':is([data-scope="permission"], [data-scope="dry-run"], [data-scope="elicitation"], [data-scope="roots"], [data-scope="sampling"], [data-scope="result-review"])[data-part="root"]';

/** Opens "How long, and a note" with its toggle, as a user would, unless it is open. */
async function openGrains(page: Page): Promise<void> {
  const toggle = page.locator(`${ROOT} [data-part="grains-toggle"]`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** One Chromium and one Vite server for a test file, started on first use. */
export function sharedBrowser() {
  let started: Promise<[Browser, FixtureServer]> | undefined;
  return {
    get: () =>
      (started ??= Promise.all([
        launchChromium(),
        startFixtureServer(fixtureDir, { config: fixtureConfig }),
      ])),
    async close() {
      if (!started) return;
      const [browser, server] = await started;
      await browser.close();
      await server.close();
    },
  };
}

/** Opens a fresh context and page on a fixture page and waits for its global (`__start`, `__lab`). */
export async function openFixture(
  shared: ReturnType<typeof sharedBrowser>,
  path = 'index.html',
  contextOptions: Parameters<Browser['newContext']>[0] = {},
  ready = '__start',
): Promise<{ context: BrowserContext; page: Page }> {
  const [browser, server] = await shared.get();
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error));
  await page.goto(new URL(path, server.url).href);
  await page.waitForFunction((name) => name in window, ready);
  return { context, page };
}

/** The lab page: controlled components and hooks without a provider (fixture/lab-page.tsx). */
export const openLab = (shared: ReturnType<typeof sharedBrowser>) =>
  openFixture(shared, 'lab.html', {}, '__lab');

/**
 * The React renderer under the shared scenario suite: real Chromium, real
 * keys and clicks, the sheet's rendered text. Host calls go through
 * `window.__host` (test/scenarios/host-runtime.ts) in the fixture page.
 */
export function reactDriver(): RendererDriver {
  const shared = sharedBrowser();
  const pages = reusedPages(() => openFixture(shared));
  return {
    name: 'react',
    async start(options = {}) {
      const entry = await pages.take();
      // Plain data (a policy's JSON type is too deep for Playwright's argument typing).
      await entry.page.evaluate(
        (json) => (window as unknown as W).__start(JSON.parse(json)),
        JSON.stringify(options),
      );
      return pageHost(entry.page, () => pages.release(entry));
    },
    async close() {
      await pages.close();
      await shared.close();
    },
  };
}

/** A real pointer click at an element's centre, also when it is aria-disabled. */
async function pointerClick(page: Page, target: Locator, what: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`The ${what} button is not visible.`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Scenario host operations on a page that runs `createHostRuntime` with the React sheets. */
export function pageHost(page: Page, dispose: () => Promise<void>): ScenarioHost {
  const action = (choice: Choice) =>
    page.locator(`${ROOT} [data-part="action"][data-choice="${choice}"]`);
  return {
    request: (call: ToolCall, extras) =>
      page.evaluate(([c, e]) => (window as unknown as W).__host.request(c, e), [
        call,
        extras,
      ] as const),
    result: (handle) => page.evaluate((h) => (window as unknown as W).__host.result(h), handle),
    isSettled: (handle) =>
      page.evaluate((h) => (window as unknown as W).__host.isSettled(h), handle),
    idle: () => page.evaluate(() => (window as unknown as W).__host.idle()),
    advance: async (ms) => {
      await page.evaluate((m) => (window as unknown as W).__host.advance(m), ms);
      // Let React commit what the clock changed (guard lifted, expiry) before the next key.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    },
    audit: () => page.evaluate(() => (window as unknown as W).__host.audit()),
    grants: () => page.evaluate(() => (window as unknown as W).__host.grants()),
    restart: () => page.evaluate(() => (window as unknown as W).__host.restart()),
    waitForPrompt: async () => {
      await page.waitForFunction((selector) => {
        const root = document.querySelector(`${selector}[data-state="open"]`);
        return root !== null && root.contains(document.activeElement);
      }, ANY_ROOT);
    },
    waitForClosed: async () => {
      await page.waitForFunction((selector) => !document.querySelector(selector), ANY_ROOT);
    },
    isOpen: () =>
      page.evaluate(
        (selector) => !!document.querySelector(`${selector}[data-state="open"]`),
        ANY_ROOT,
      ),
    screen: () =>
      page.evaluate((selector) => {
        const root = document.querySelector<HTMLElement>(selector);
        if (!root) return '';
        return [...root.children]
          .filter((child) => (child as HTMLElement).dataset.part !== 'announcer')
          .map((child) => (child as HTMLElement).innerText)
          .join('\n');
      }, ANY_ROOT),
    press: (key) => page.keyboard.press(key),
    typeAhead: async (text) => {
      // Type into the page's own message box; while the sheet is open, focus stays in the sheet.
      await page.focus('#chat');
      await page.keyboard.type(text);
    },
    focusedAction: () =>
      page.evaluate(() => {
        const active = document.activeElement;
        const button =
          active instanceof HTMLElement ? active.closest<HTMLElement>('[data-choice]') : null;
        return (button?.dataset.choice as Choice | undefined) ?? null;
      }),
    click: (choice) => pointerClick(page, action(choice), choice),
    action: (choice) =>
      action(choice).evaluate((button) => {
        const label = button.querySelector<HTMLElement>('.mcp-consent-action-label');
        const described = button.getAttribute('aria-describedby');
        const reason = described ? document.getElementById(described)?.innerText.trim() : '';
        return {
          label: label?.innerText.trim() ?? '',
          enabled: button.getAttribute('aria-disabled') !== 'true',
          reason: reason || null,
        };
      }),
    expandArguments: () => page.click(`${ROOT} [data-part="args-toggle"]`),
    openChange: () => page.click(`${ROOT} [data-part="change-toggle"]`),
    pickGrain: async (decision, value) => {
      await openGrains(page);
      await page
        .locator(`${ROOT} [data-part="grain-select"][data-decision="${decision}"]`)
        .selectOption(value);
    },
    typeNote: async (text) => {
      await openGrains(page);
      await page.click(`${ROOT} [data-part="note-input"]`);
      await page.keyboard.type(text);
    },
    editArgument: async (name, value) => {
      const toggle = page.locator(`${ROOT} [data-part="edit-toggle"]`);
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      // The DOM does not carry schema names: the field is found by its label (the name here).
      const label = page.locator('[data-part="field-label"]', {
        hasText: new RegExp(`^\\s*${name}\\b`),
      });
      await page
        .locator(`${ROOT} [data-part="edit-editor"] [data-part="field"]`, { has: label })
        .locator('input, select')
        .fill(value);
    },
    elicit: (params) => page.evaluate((p) => (window as unknown as W).__host.elicit(p), params),
    elicitation: (handle) =>
      page.evaluate((h) => (window as unknown as W).__host.elicitation(h), handle),
    sample: (step) =>
      page.evaluate(
        (s) => (window as unknown as W).__host.sample(JSON.parse(s)),
        JSON.stringify(step),
      ),
    sampled: (handle) => page.evaluate((h) => (window as unknown as W).__host.sampled(h), handle),
    fill: async (field, value) => {
      // The page names the field's element (the DOM does not carry schema names); the
      // value goes in as typed text, replacing what is there.
      const id = await page.evaluate((name) => (window as unknown as W).__field(name), field);
      if (!id) throw new Error(`The elicitation shown has no field ${field}.`);
      const input = page.locator(`${ELICITATION_ROOT} [id="${id}"]`);
      await input.click();
      await input.fill(value);
    },
    fieldFocused: (field) =>
      page.evaluate(
        (name) => document.activeElement?.id === (window as unknown as W).__field(name),
        field,
      ),
    invalidControls: () => page.locator(`${ELICITATION_ROOT} [aria-invalid="true"]`).count(),
    clickElicitation: (name) =>
      pointerClick(page, page.locator(`${ELICITATION_ROOT} [data-action="${name}"]`), name),
    askRoots: (roots) => page.evaluate((r) => (window as unknown as W).__host.askRoots(r), roots),
    rootsResult: (handle) =>
      page.evaluate((h) => (window as unknown as W).__host.rootsResult(h), handle),
    // The whole row is the target: a pointer user clicks the root's name.
    toggleRoot: (index) =>
      pointerClick(
        page,
        page.locator(`${ROOTS_ROOT} [data-part="item"][data-index="${index}"]`),
        'root',
      ),
    clickRoots: (answer) =>
      pointerClick(page, page.locator(`${ROOTS_ROOT} [data-answer="${answer}"]`), answer),
    reviewResult: (ask) =>
      page.evaluate((a) => (window as unknown as W).__host.reviewResult(a), ask),
    reviewed: (handle) => page.evaluate((h) => (window as unknown as W).__host.reviewed(h), handle),
    clickReview: (answer) =>
      pointerClick(page, page.locator(`${REVIEW_ROOT} [data-answer="${answer}"]`), answer),
    compromised: () => page.evaluate(findCompromise, ANY_ROOT),
    dispose,
  };
}

/**
 * Signs that server text escaped: a script that ran, markup that became elements
 * (img, script, iframe, style, b…) or event-handler attributes in the sheet, a sheet
 * or its actions pushed off screen, and layout that leaves the sheet (a box wider
 * than the dialog, a sideways scroll), as the Lit detector (elements/test/compromise.ts).
 */
export function findCompromise(selector: string): string[] {
  const problems: string[] = [];
  const pwned = (window as unknown as W).__pwned;
  if (pwned !== undefined) problems.push(`script ran: ${String(pwned)}`);
  if (document.querySelector('[onerror], [onload], [onclick]'))
    problems.push('event handler attribute');
  const root = document.querySelector<HTMLElement>(selector);
  if (!root) return problems;
  const markup = 'script, iframe, img, style, object, embed, link, svg, b';
  // The kit's own decorative icons: an aria-hidden <svg> right inside the icon, close and trust parts.
  const icon = (el: Element) =>
    el.localName === 'svg' &&
    el.getAttribute('aria-hidden') === 'true' &&
    el.parentElement?.matches(
      '[data-part="tool-icon"], .mcp-consent-tool-icon, [data-part="close"], [data-part="trust"]',
    ) === true;
  for (const el of root.querySelectorAll(markup)) {
    if (!icon(el)) problems.push(`<${el.localName}> in the sheet`);
  }
  for (const el of root.querySelectorAll('*'))
    for (const attr of el.getAttributeNames())
      if (/^on/i.test(attr)) problems.push(`event handler attribute: ${attr}`);
  const box = root.getBoundingClientRect();
  const fits = (r: DOMRect, outer: { left: number; right: number; top: number; bottom: number }) =>
    r.left >= outer.left - 1 &&
    r.right <= outer.right + 1 &&
    r.top >= outer.top - 1 &&
    r.bottom <= outer.bottom + 1;
  const viewport = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  if (!fits(box, viewport)) problems.push('the sheet does not fit the viewport');
  for (const button of root.querySelectorAll<HTMLElement>('[data-part="action"]')) {
    const r = button.getBoundingClientRect();
    if (r.width === 0 || !fits(r, viewport) || !fits(r, box))
      problems.push(`action ${button.dataset.choice} off screen`);
  }
  const name = (el: Element) =>
    (el as HTMLElement).dataset.part ?? (el.getAttribute('class') || el.localName);
  /** Visually hidden content (clipped to nothing) is for screen readers only. */
  const clipped = (el: Element) => {
    for (let a: Element | null = el; a && a !== root; a = a.parentElement)
      if (getComputedStyle(a).clipPath !== 'none') return true;
    return false;
  };
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('[data-part="announcer"], svg') || clipped(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < box.left - 1 || r.right > box.right + 1)
      problems.push(`${name(el)} overflows the sheet`);
    const overflowX = getComputedStyle(el).overflowX;
    if (el.scrollWidth > el.clientWidth + 1 && overflowX !== 'visible' && overflowX !== 'clip')
      problems.push(`scrolls sideways: ${name(el)}`);
  }
  return problems;
}
