import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Choice, ToolCall } from '@mcp-consent/engine';
import type { RendererDriver, ScenarioHost } from '../../../test/scenarios/driver.js';
import {
  launchChromium,
  reusedPages,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import { findCompromise } from './compromise.js';

export const fixtureDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const SHEET = 'mcp-permission-sheet';
const ELICITATION = 'mcp-elicitation-sheet';
const ROOTS = 'mcp-roots-sheet';
const REVIEW = 'mcp-result-review-sheet';
/** The sheets of the scenario page: one presenter shows one of them at a time. */
const SHEETS = [SHEET, ELICITATION, ROOTS, REVIEW] as const;

/** One Chromium and one fixture server for every host the driver starts. */
export function litDriver(): RendererDriver {
  let shared: Promise<[Browser, FixtureServer]> | undefined;
  const boot = () => (shared ??= Promise.all([launchChromium(), startFixtureServer(fixtureDir)]));
  const pages = reusedPages(async () => {
    const [browser, server] = await boot();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    return { context, page };
  });

  return {
    name: 'lit',
    async start(options = {}) {
      const entry = await pages.take();
      // Plain data (a policy's JSON type is too deep for Playwright's argument typing).
      await entry.page.evaluate(
        (json) => window.__start(JSON.parse(json)),
        JSON.stringify(options),
      );
      return litHost(entry.page, () => pages.release(entry));
    },
    async close() {
      await pages.close();
      if (!shared) return;
      const [browser, server] = await shared;
      await browser.close();
      await server.close();
    },
  };
}

/** A real pointer click at the centre (Playwright would refuse an aria-disabled button). */
async function clickAt(page: Page, target: Locator, what: string): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error(`The ${what} action is not on screen.`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Opens "How long, and a note" with its toggle, as a user would, unless it is open. */
async function openGrains(page: Page): Promise<void> {
  const toggle = page.locator(`${SHEET} [data-part='grains-toggle']`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/**
 * The scenario host over a page whose `window.__host` is the shared host runtime, with a
 * permission sheet and an elicitation sheet on one presenter (only one is open at a time).
 */
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
      // Open, and focused: an action of the permission sheet, a field or an action of a question.
      await page.waitForFunction((tags) => {
        return tags.some((tag) => {
          const root = document.querySelector(tag)?.shadowRoot;
          const dialog = root?.querySelector('dialog');
          const active = root?.activeElement as HTMLElement | null | undefined;
          const focused =
            active?.dataset.part === 'action' ||
            (tag === 'mcp-elicitation-sheet' && !!active?.closest('[data-part="field"]'));
          return !!dialog?.open && dialog.dataset.state === 'open' && focused;
        });
      }, SHEETS);
    },
    async waitForClosed() {
      await page.waitForFunction(
        (tags) =>
          !tags.some(
            (tag) => document.querySelector(tag)?.shadowRoot?.querySelector('dialog')?.open,
          ),
        SHEETS,
      );
    },
    isOpen: () =>
      page.evaluate(
        (tags) =>
          tags.some(
            (tag) => !!document.querySelector(tag)?.shadowRoot?.querySelector('dialog')?.open,
          ),
        SHEETS,
      ),
    screen: () =>
      page.evaluate((tags) => {
        for (const tag of tags) {
          const dialog = document.querySelector(tag)?.shadowRoot?.querySelector('dialog');
          if (dialog?.open) return dialog.innerText;
        }
        return '';
      }, SHEETS),
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
    click: (choice) => clickAt(page, action(choice), choice),
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
    async openChange() {
      await page.locator(`${SHEET} [data-part='change-toggle']`).click();
    },
    async pickGrain(decision, value) {
      await openGrains(page);
      await page
        .locator(`${SHEET} [data-part='grain-select'][data-decision='${decision}']`)
        .selectOption(value);
    },
    async typeNote(text) {
      await openGrains(page);
      await page.locator(`${SHEET} [data-part='note-input']`).click();
      await page.keyboard.type(text);
    },
    async editArgument(name, value) {
      const toggle = page.locator(`${SHEET} [data-part='edit-toggle']`);
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      // The DOM does not carry schema names: the field is found by its label (the name here).
      const label = page.locator(`[data-part='field-label']`, {
        hasText: new RegExp(`^\\s*${name}\\b`),
      });
      await page
        .locator(`${SHEET} [data-part='edit-editor'] [data-part='field']`, { has: label })
        .locator('input, select')
        .fill(value);
    },
    compromised: async () => [
      ...(await findCompromise(page, SHEET)),
      ...(await findCompromise(page, ELICITATION)),
      ...(await findCompromise(page, ROOTS)),
      ...(await findCompromise(page, REVIEW)),
    ],
    reviewResult: (ask) => page.evaluate((a) => window.__host.reviewResult(a), ask),
    reviewed: (handle) => page.evaluate((h) => window.__host.reviewed(h), handle),
    clickReview: (answer) =>
      clickAt(
        page,
        page.locator(`${REVIEW} [data-part='action'][data-answer='${answer}']`),
        answer,
      ),
    askRoots: (roots) => page.evaluate((r) => window.__host.askRoots(r), roots),
    rootsResult: (handle) => page.evaluate((h) => window.__host.rootsResult(h), handle),
    // The whole row is the target: a pointer user clicks the root's name.
    toggleRoot: (index) =>
      clickAt(page, page.locator(`${ROOTS} [data-part='item'][data-index='${index}']`), 'root'),
    clickRoots: (answer) =>
      clickAt(page, page.locator(`${ROOTS} [data-part='action'][data-answer='${answer}']`), answer),
    elicit: (params) => page.evaluate((p) => window.__host.elicit(p), params),
    elicitation: (handle) => page.evaluate((h) => window.__host.elicitation(h), handle),
    sample: (step) =>
      page.evaluate((s) => window.__host.sample(JSON.parse(s)), JSON.stringify(step)),
    sampled: (handle) => page.evaluate((h) => window.__host.sampled(h), handle),
    async fill(field, value) {
      // The page names the field's element; the value is typed over what is there, as a user would.
      const id = await page.evaluate((name) => window.__field(name), field);
      if (!id) throw new Error(`The elicitation shown has no field ${field}.`);
      await page.locator(`${ELICITATION} [id="${id}"]`).click();
      await page.keyboard.press('ControlOrMeta+a');
      if (value === '') await page.keyboard.press('Backspace');
      else await page.keyboard.type(value);
    },
    fieldFocused: (field) =>
      page.evaluate(
        ([tag, name]) =>
          document.querySelector(tag)?.shadowRoot?.activeElement?.id === window.__field(name),
        [ELICITATION, field] as const,
      ),
    // Locators pierce the sheet's open shadow root.
    invalidControls: () => page.locator(`${ELICITATION} [aria-invalid="true"]`).count(),
    clickElicitation: (name) =>
      clickAt(
        page,
        page.locator(`${ELICITATION} [data-part='action'][data-action='${name}']`),
        name,
      ),
    dispose,
  };
}
