import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type ToolCall,
} from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import {
  argsEditAnatomy,
  createPermissionPrompt,
  permissionAnatomy,
  serverTextAnatomy,
  type ElicitRequest,
} from '@mcp-consent/prompt';
import {
  call,
  hostileCall,
  longArgs,
  secretArgs,
  server,
  tools,
} from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import { modelView } from '../../../test/scenarios/sheet-scenarios.js';
import type { FixtureExtras, FixtureWindow } from './fixture/globals.js';
import { useFixturePages } from './fixture-pages.js';
import { pageHost, ROOT } from './react-driver.js';
import { formRequest, urlRequest } from './states.js';

/**
 * `<PermissionSheet>` (and the other surfaces' targets) beyond the shared scenarios, as
 * elements/test/permission-sheet.test.ts checks the Lit sheet: dialog semantics, anatomy,
 * the announcement, 48 px targets and "Checking permissions…".
 */
type W = FixtureWindow;
const compact = { width: 390, height: 844 };
const expanded = { width: 1280, height: 800 };
const en = createTranslator('en-US');
const pages = useFixturePages();

const start = (
  options: Parameters<W['__start']>[0] = {},
  extras: FixtureExtras = {},
  viewport = expanded,
) => pages.start({ options, extras, viewport, reducedMotion: 'reduce' });

/** Shows one call, guard lifted. */
async function ask(page: Page, c: ToolCall) {
  const host = pageHost(page, async () => {});
  await host.request(c);
  await host.waitForPrompt();
  await host.advance(GUARD_MS);
  return host;
}

/** The `data-part` names in the sheet (the backdrop is its sibling). */
const partsOf = (page: Page) =>
  page.$$eval(
    `${ROOT}, ${ROOT} [data-part], [data-scope="permission"][data-part="backdrop"]`,
    (els) =>
      els.map((el) => `${(el as HTMLElement).dataset.scope}:${(el as HTMLElement).dataset.part}`),
  );

/** The prompt model's own announcement for `c`, computed here in Node with a real engine. */
async function modelAnnouncement(c: ToolCall, locale: string): Promise<string> {
  const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
  const engine = createPermissionEngine({ store: memoryStore(), clock });
  await engine.ready;
  let text = '';
  await engine.request(c, {
    prompt: (request) => {
      const model = createPermissionPrompt(request, { clock, locale });
      text = model.connect().announcement;
      model.destroy();
      return 'deny_once';
    },
  });
  engine.dispose();
  return text;
}

describe('accessibility (spec R8)', () => {
  it('is a labelled modal dialog whose label and description resolve, and announces itself', async () => {
    const { page } = await start();
    const errors: string[] = [];
    page.on('console', (m) => {
      // (The fixture page has no favicon.)
      if (m.location().url.endsWith('/favicon.ico')) return;
      if (m.type() === 'warning' || m.type() === 'error') errors.push(m.text());
    });
    const view = await modelView(call(tools.notesDelete));
    await ask(page, call(tools.notesDelete));
    // Named by the kit's title and the summary line, described by the badge and the effects.
    const dialog = page.getByRole('dialog', { name: `${view.header.title} ${view.summary}` });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const refs = await page.evaluate((selector) => {
      const d = document.querySelector(selector)!;
      const ids =
        `${d.getAttribute('aria-labelledby')} ${d.getAttribute('aria-describedby')}`.split(' ');
      // Each id resolves to exactly one element, inside the dialog.
      return ids.map((id) => {
        const el = document.getElementById(id);
        return el && d.contains(el) ? (el.textContent?.trim() ?? '') : null;
      });
    }, ROOT);
    expect(refs).toEqual([
      view.header.title,
      view.summary,
      view.header.risk.label,
      expect.stringContaining(view.effects.lines[1]!.text),
    ]);
    const announcer = page.locator(`${ROOT} [data-part="announcer"]`);
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => announcer.textContent()).toBe(view.announcement);
    expect(errors).toEqual([]);
  });

  it.each([
    ['en-US', call(tools.notesDelete)],
    ['pt-BR', call(tools.notesPut)],
    ['ar', call(tools.notesList)],
    ['en-US', hostileCall],
  ] as const)(
    '%s: the live region speaks the model’s whole announcement (tool, server, risk, annotations)',
    async (locale, c) => {
      const expected = await modelAnnouncement(c, locale);
      expect(expected.length).toBeGreaterThan(40);
      const { page } = await start({ locale });
      await ask(page, c);
      const announcer = page.locator(`${ROOT} [data-part="announcer"]`);
      await expect.poll(() => announcer.textContent()).toBe(expected);
    },
  );
});

describe('anatomy', () => {
  it('every data-part of the sheet is in permissionAnatomy, and together the states show all of it', async () => {
    const { page } = await start({}, { allowAlwaysExpiresInMs: 7 * 86_400_000 });
    const seen = new Set<string>();
    const seenEdit = new Set<string>();
    for (const [name, c] of [
      // Destructive with a secret: Allow always disabled with its reason, redacted arguments.
      ['destructive, secret arguments', call(tools.notesDelete, { args: secretArgs })],
      // Allow always with "expires in 7 days", long arguments with Show more.
      ['low risk, long arguments', call(tools.notesList, { args: longArgs })],
      // Hidden characters in server text: a notice.
      ['hostile', hostileCall],
    ] as const) {
      const host = await ask(page, c);
      const parts = await partsOf(page);
      for (const part of parts) {
        // Server text inside the sheet is drawn by the shared server-text parts.
        if (part.startsWith('server-text:')) {
          expect(serverTextAnatomy, name).toContain(part.slice('server-text:'.length));
          continue;
        }
        // "Edit arguments" (issue 17): every tool here has an input schema.
        if (part.startsWith('args-edit:')) {
          seenEdit.add(part.slice('args-edit:'.length));
          continue;
        }
        expect(part, name).toMatch(/^permission:/);
        expect(permissionAnatomy, name).toContain(part.slice('permission:'.length));
        seen.add(part.slice('permission:'.length));
      }
      await host.press('Escape');
      await host.waitForClosed();
    }
    // A redefined tool, its change opened: the diff's parts.
    const host = await ask(page, call(tools.notesList));
    await host.click('allow_always');
    await host.waitForClosed();
    const pulled = { ...tools.notesList, description: `${tools.notesList.description} Also more.` };
    await host.request(call(pulled), { previous: tools.notesList });
    await host.waitForPrompt();
    await host.advance(GUARD_MS);
    await host.openChange();
    for (const part of await partsOf(page)) {
      if (part.startsWith('permission:')) seen.add(part.slice('permission:'.length));
    }
    expect([...seen].sort()).toEqual([...permissionAnatomy].sort());
    expect([...seenEdit].sort()).toEqual([...argsEditAnatomy].sort());
  });
});

/** Interactive targets smaller than 48 × 48 px under `selector` (a checkbox's target is its label row). */
const smallTargets = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const root = document.querySelector(s);
    if (!root) return [`nothing matches ${s}`];
    const targets = [
      ...root.querySelectorAll<HTMLElement>(
        'button, [tabindex="0"], input, select, textarea, a[href]',
      ),
      // A checkbox's target is the label row around it, else only its own box.
    ].map((el) => (el.matches('[type="checkbox"]') ? (el.closest('label') ?? el) : el));
    const visible = targets.filter((el) => el.checkVisibility());
    if (visible.length === 0) return [`no targets in ${s}`];
    return visible
      .map((el) => ({ name: el.dataset.part ?? el.localName, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 48 || box.height < 48)
      .map(({ name, box }) => `${name}: ${box.width}×${box.height}`);
  }, selector);

describe('48 × 48 px targets', () => {
  for (const [layout, viewport] of Object.entries({ compact, expanded })) {
    it(`permission sheet, ${layout}: destructive, arguments expanded, first of a queue`, async () => {
      const { page, host } = await start({}, {}, viewport);
      await ask(page, call(tools.notesDelete));
      expect(await smallTargets(page, ROOT), 'destructive').toEqual([]);
      await host.press('Escape');
      await host.request(call(tools.notesPut, { args: { ...longArgs, ...secretArgs } }));
      await host.request(call(tools.notesList));
      await host.waitForPrompt();
      await host.advance(GUARD_MS);
      await host.expandArguments();
      expect(await page.textContent(`${ROOT} [data-part="queue-position"]`)).toBe('1 of 2');
      expect(await smallTargets(page, ROOT), 'arguments expanded, queue').toEqual([]);
    });
  }

  it('elicitation sheet (form with errors, URL) and manager (grants, confirm), compact', async () => {
    const { page, host } = await start({}, { manager: true }, compact);
    const elicitation = '[data-scope="elicitation"][data-part="root"]';
    const elicit = async (request: ElicitRequest) => {
      await page.evaluate(([r, s]) => (window as unknown as W).__elicit(r, s), [
        request,
        server,
      ] as const);
      await page.waitForFunction(
        (selector) => document.activeElement?.closest(`${selector}[data-state="open"]`),
        elicitation,
      );
      await host.advance(GUARD_MS);
    };
    const dismiss = async () => {
      await page.keyboard.press('Escape');
      await page.waitForFunction((selector) => !document.querySelector(selector), elicitation);
    };
    await elicit(formRequest);
    await page.click(`${elicitation} [data-action="accept"]`);
    await page.waitForSelector(`${elicitation} [data-part="field-error"]:not([hidden])`);
    expect(await smallTargets(page, elicitation), 'form with errors').toEqual([]);
    await dismiss();
    await elicit(urlRequest);
    expect(await smallTargets(page, elicitation), 'URL').toEqual([]);
    await dismiss();

    await ask(page, call(tools.notesList));
    await host.press('2');
    await host.waitForClosed();
    await page.waitForSelector('[data-part="grant-row"]');
    await page.click('[data-part="revoke-all"]');
    await page.waitForSelector('[data-part="confirm"]:not([hidden])');
    const manager = '[data-scope="manager"][data-part="root"]';
    expect(await smallTargets(page, manager), 'manager').toEqual([]);
  });
});

describe('"Checking permissions…" (spec R4.1)', () => {
  it('appears after 100 ms on the manual clock, not before, and leaves when the prompt comes', async () => {
    const { page, host } = await start({ store: 'hang' });
    await host.request(call(tools.notesPut));
    await host.idle();
    // The engine's wait for its store and the sheet's 100 ms timer, both on the manual clock.
    await page.waitForFunction(() => (window as unknown as W).__host.clock.pendingTimers() >= 2);
    const checking = page.locator('[data-scope="permission"][data-part="checking"]');
    await host.advance(99); // (advance waits a frame for React to commit)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await checking.count()).toBe(0);
    await host.advance(1);
    await checking.waitFor();
    expect(await checking.innerText()).toBe(en.t('mcp.permission.checking'));
    expect(await checking.getAttribute('role')).toBe('status');
    await host.advance(150); // the engine stops waiting for its store and asks
    await host.waitForPrompt();
    expect(await checking.count()).toBe(0);
  });
});
