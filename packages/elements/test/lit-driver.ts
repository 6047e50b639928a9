import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { Choice, ToolCall } from '@mcp-consent/engine';
import type { RendererDriver, ScenarioHost } from '../../../test/scenarios/driver.js';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import { findCompromise } from './compromise.js';

export const fixtureDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const SHEET = 'mcp-permission-sheet';

/** One Chromium and one fixture server for every host the driver starts. */
export function litDriver(): RendererDriver {
  let shared: Promise<[Browser, FixtureServer]> | undefined;
  const boot = () => (shared ??= Promise.all([launchChromium(), startFixtureServer(fixtureDir)]));

  return {
    name: 'lit',
    async start(options = {}) {
      const [browser, server] = await boot();
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      await page.evaluate((o) => window.__start(o), options);
      return litHost(page, async () => {
        await page.evaluate(() => window.__host.dispose()).catch(() => {});
        await context.close();
      });
    },
    async close() {
      if (!shared) return;
      const [browser, server] = await shared;
      await browser.close();
      await server.close();
    },
  };
}

/** The scenario host over a page whose `window.__host` is the shared host runtime. */
export function litHost(page: Page, dispose: () => Promise<void>): ScenarioHost {
  const action = (choice: Choice) =>
    page.locator(`${SHEET} [data-part='action'][data-choice='${choice}']`);
  return {
    request: (call: ToolCall, extras) =>
      page.evaluate(([c, e]) => window.__host.request(c, e), [call, extras] as const),
    result: (handle) => page.evaluate((h) => window.__host.result(h), handle),
    isSettled: (handle) => page.evaluate((h) => window.__host.isSettled(h), handle),
    idle: () => page.evaluate(() => window.__host.idle()),
    advance: (ms) => page.evaluate((m) => window.__host.advance(m), ms),
    audit: () => page.evaluate(() => window.__host.audit()),
    grants: () => page.evaluate(() => window.__host.grants()),
    restart: () => page.evaluate(() => window.__host.restart()),
    async waitForPrompt() {
      await page.waitForFunction((tag) => {
        const root = document.querySelector(tag)?.shadowRoot;
        const dialog = root?.querySelector('dialog');
        const active = root?.activeElement as HTMLElement | null | undefined;
        return (
          !!dialog?.open && dialog.dataset.state === 'open' && active?.dataset.part === 'action'
        );
      }, SHEET);
    },
    async waitForClosed() {
      await page.waitForFunction(
        (tag) => !document.querySelector(tag)?.shadowRoot?.querySelector('dialog')?.open,
        SHEET,
      );
    },
    isOpen: () =>
      page.evaluate(
        (tag) => !!document.querySelector(tag)?.shadowRoot?.querySelector('dialog')?.open,
        SHEET,
      ),
    screen: () =>
      page.evaluate(
        (tag) => document.querySelector(tag)?.shadowRoot?.querySelector('dialog')?.innerText ?? '',
        SHEET,
      ),
    press: (key) => page.keyboard.press(key),
    async typeAhead(text) {
      // Focus the page's own input (a no-op while the modal makes the page inert), then type.
      await page.evaluate(() => document.querySelector<HTMLInputElement>('#typeahead')?.focus());
      await page.keyboard.type(text);
    },
    focusedAction: () =>
      page.evaluate((tag) => {
        const active = document.querySelector(tag)?.shadowRoot?.activeElement as HTMLElement | null;
        return (active?.dataset.choice as Choice | undefined) ?? null;
      }, SHEET),
    async click(choice) {
      // A real pointer click at the button's centre (Playwright would refuse aria-disabled).
      const box = await action(choice).boundingBox();
      if (!box) throw new Error(`The ${choice} action is not on screen.`);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
    action: (choice) =>
      page.evaluate(
        ([tag, c]) => {
          const root = document.querySelector(tag)!.shadowRoot!;
          const button = root.querySelector<HTMLElement>(
            `[data-part='action'][data-choice='${c}']`,
          )!;
          const ids = button.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
          const reason = ids
            .map((id) => root.getElementById(id)?.textContent?.trim() ?? '')
            .filter(Boolean)
            .join(' ');
          return {
            label: button.querySelector('.label')?.textContent?.trim() ?? '',
            enabled: button.getAttribute('aria-disabled') !== 'true',
            reason: reason || null,
          };
        },
        [SHEET, choice] as const,
      ),
    async expandArguments() {
      await page.locator(`${SHEET} [data-part='args-toggle']`).click();
    },
    compromised: () => findCompromise(page, SHEET),
    dispose,
  };
}
