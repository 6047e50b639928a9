import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { argsEditAnatomy, permissionAnatomy } from '@mcp-consent/prompt';
import { call, tools } from '../../../test/scenarios/fixtures.js';
import { modelView } from '../../../test/scenarios/sheet-scenarios.js';
import { compact, expanded, show, useGalleryBrowser } from './gallery.js';

const gallery = useGalleryBrowser();
let page: Page;

const SHEET = 'mcp-permission-sheet';

/** A sheet with a manual clock and no engine, for `show()`; returns nothing, sets `window.__sheet`. */
async function bareSheet(p: Page, locale = 'en-US'): Promise<void> {
  await p.evaluate((l) => {
    const clock = window.__kit.createManualClock(Date.UTC(2026, 10, 21, 9));
    const sheet = document.createElement('mcp-permission-sheet');
    sheet.clock = clock;
    sheet.locale = l;
    document.querySelector('main')!.append(sheet);
    Object.assign(window, { __sheet: sheet, __clock: clock });
  }, locale);
}

const open = (p: Page) =>
  p.waitForFunction((tag) => {
    const root = document.querySelector(tag)?.shadowRoot;
    return !!root?.querySelector('dialog[open][data-state="open"]') && !!root.activeElement;
  }, SHEET);
const closed = (p: Page) =>
  p.waitForFunction(
    (tag) => !document.querySelector(tag)?.shadowRoot?.querySelector('dialog[open]'),
    SHEET,
  );
const advance = (p: Page, ms: number) => p.evaluate((m) => window.__clock.advance(m), ms);
const focused = (p: Page) =>
  p.evaluate((tag) => {
    const active = document.querySelector(tag)?.shadowRoot?.activeElement as HTMLElement | null;
    return active ? (active.dataset.choice ?? active.dataset.part ?? active.tagName) : null;
  }, SHEET);

describe('show(toolCall, onDecision) — spec R7', () => {
  it('asks about a bare tool call the engine way and reports the answer to the callback, the promise and events', async () => {
    page = await gallery.open();
    await bareSheet(page);
    await page.evaluate(() => {
      const { call, tools } = window.__kit;
      const sheet = window.__sheet;
      Object.assign(window, {
        __answer: sheet.show(call(tools.notesDelete), (choice) =>
          Object.assign(window, { __callback: choice }),
        ),
      });
    });
    await open(page);
    // Derived from the call: destructive → high, Allow always disabled, Deny once focused.
    expect(await focused(page)).toBe('deny_once');
    const text = await page.locator(`${SHEET} [data-part='risk-badge']`).innerText();
    expect(text).toBe('High risk · may modify data');
    expect(
      await page.locator(`${SHEET} [data-choice='allow_always']`).getAttribute('aria-disabled'),
    ).toBe('true');
    await advance(page, 500);
    await page.keyboard.press('3');
    expect(
      await page.evaluate(() => (window as unknown as { __answer: Promise<string> }).__answer),
    ).toBe('deny_once');
    expect(
      await page.evaluate(() => (window as unknown as { __callback: string }).__callback),
    ).toBe('deny_once');
    await closed(page);
    const events = await page.evaluate(() => window.__events);
    expect(events.map((e) => e.type)).toEqual(['mcp-open', 'mcp-decision', 'mcp-close']);
    expect(events[1]!.detail).toEqual({
      requestId: expect.stringMatching(/^show-/),
      choice: 'deny_once',
    });
    expect(events[2]!.detail).toMatchObject({ reason: 'answered' });
  });

  it('calls made while a prompt is open wait their turn and show "1 of 2"', async () => {
    page = await gallery.open();
    await bareSheet(page);
    await page.evaluate(() => {
      const { call, tools } = window.__kit;
      const sheet = window.__sheet;
      void sheet.show(call(tools.notesPut));
      void sheet.show(call(tools.notesList));
    });
    await open(page);
    expect(await page.locator(`${SHEET} [data-part='queue-position']`).innerText()).toBe('1 of 2');
    await advance(page, 500);
    await page.keyboard.press('1');
    await page.waitForFunction(
      (tag) =>
        document.querySelector(tag)?.shadowRoot?.querySelector('[data-part="tool-name"]')
          ?.textContent === 'notes_list',
      SHEET,
    );
    expect(await page.locator(`${SHEET} [data-part='queue-position']`).isHidden()).toBe(true);
  });

  it('as the engine prompt callback, a request settled elsewhere closes the sheet', async () => {
    page = await gallery.open();
    await page.evaluate(async () => {
      const { createManualClock, createPermissionEngine, memoryStore, call, tools } = window.__kit;
      const clock = createManualClock();
      const engine = createPermissionEngine({ store: memoryStore(), clock });
      await engine.ready;
      const sheet = document.createElement('mcp-permission-sheet');
      sheet.engine = engine;
      sheet.clock = clock;
      document.querySelector('main')!.append(sheet);
      Object.assign(window, {
        __engine: engine,
        __result: engine.request(call(tools.notesPut), { prompt: sheet.prompt }),
      });
    });
    await open(page);
    await page.evaluate(() => {
      const engine = (
        window as unknown as {
          __engine: { pending(): { id: string }[]; cancel(id: string): boolean };
        }
      ).__engine;
      engine.cancel(engine.pending()[0]!.id);
    });
    await closed(page);
    const result = await page.evaluate(
      () => (window as unknown as { __result: Promise<unknown> }).__result,
    );
    expect(result).toMatchObject({ allowed: false, settledBy: 'cancel' });
    expect((await page.evaluate(() => window.__events)).at(-1)).toMatchObject({
      type: 'mcp-close',
      detail: { reason: 'settled_elsewhere' },
    });
  });
});

describe('lifecycle', () => {
  it('moving the sheet in the DOM keeps the prompt; removing it denies what it shows', async () => {
    page = await gallery.open();
    await bareSheet(page);
    await page.evaluate(() => {
      const { call, tools } = window.__kit;
      const sheet = window.__sheet;
      Object.assign(window, { __answer: sheet.show(call(tools.notesPut)) });
    });
    await open(page);
    await page.evaluate(() => {
      const sheet = document.querySelector('mcp-permission-sheet')!;
      const box = document.createElement('div');
      document.body.append(box);
      box.append(sheet);
    });
    await open(page);
    expect(await page.evaluate(() => window.__events.map((e) => e.type))).toEqual(['mcp-open']);
    await page.evaluate(() => document.querySelector('mcp-permission-sheet')!.remove());
    expect(
      await page.evaluate(() => (window as unknown as { __answer: Promise<string> }).__answer),
    ).toBe('deny_once');
  });
});

describe('accessibility (spec R8)', () => {
  it('is a labelled modal dialog whose label and description resolve in its shadow root, and announces itself', async () => {
    page = await gallery.open();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    const view = await modelView(call(tools.notesDelete));
    await show(page, 'permission-destructive');
    // Named by the kit's title and the summary line, described by the badge and the effects.
    const dialog = page.getByRole('dialog', { name: `${view.header.title} ${view.summary}` });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const refs = await page.evaluate((tag) => {
      const root = document.querySelector(tag)!.shadowRoot!;
      const d = root.querySelector('dialog')!;
      const ids =
        `${d.getAttribute('aria-labelledby')} ${d.getAttribute('aria-describedby')}`.split(' ');
      return ids.map((id) => root.getElementById(id)?.textContent?.trim() ?? null);
    }, SHEET);
    expect(refs).toEqual([
      view.header.title,
      view.summary,
      view.header.risk.label,
      expect.stringContaining(view.effects.lines[1]!.text),
    ]);
    const announcer = page.locator(`${SHEET} [data-part='announcer']`);
    await expect.poll(() => announcer.textContent()).toBe(view.announcement);
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    expect(warnings.filter((w) => !/Lit is in dev mode/.test(w))).toEqual([]);
  });
});

describe('anatomy', () => {
  it('names every anatomy part as a shadow part, and no other', async () => {
    page = await gallery.open();
    const seen = new Set<string>();
    // Destructive: Allow always disabled with its reason. Hostile: the hidden-characters notice.
    // Changed: the diff's parts, opened.
    for (const state of [
      'permission-destructive',
      'permission-hostile',
      'permission-changed',
    ] as const) {
      await show(page, state);
      const parts = await page.evaluate((tag) => {
        const root = document.querySelector(tag)!.shadowRoot!;
        return [...root.querySelectorAll('[part]')].flatMap((el) =>
          el.getAttribute('part')!.split(' '),
        );
      }, SHEET);
      for (const part of parts) seen.add(part);
    }
    // The backdrop is the dialog's own ::backdrop; each action also has a part of its own.
    // Every tool here has an input schema: "Edit arguments" (closed) is there too (issue 17).
    const choices = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];
    const expected = [
      ...permissionAnatomy.filter((part) => part !== 'backdrop'),
      ...argsEditAnatomy,
      ...choices.map((choice) => `action-${choice}`),
    ];
    expect([...seen].sort()).toEqual(expected.sort());
  });
});

describe('focus (spec R8)', () => {
  it('moves in to the default action, Tab and Shift+Tab stay inside, and it returns afterwards', async () => {
    page = await gallery.open();
    await page.focus('#typeahead');
    await bareSheet(page);
    await page.evaluate(() => {
      const { call, tools } = window.__kit;
      const sheet = window.__sheet;
      void sheet.show(call(tools.notesPut));
    });
    await open(page);
    expect(await focused(page)).toBe('allow_once');
    const forward: (string | null)[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      forward.push(await focused(page));
    }
    // Close, the four actions and the arguments preview — never the page behind.
    expect(new Set(forward)).toEqual(
      new Set(['allow_always', 'close', 'args-body', 'deny_always', 'deny_once', 'allow_once']),
    );
    expect(forward.slice(0, 6)).toEqual([
      'allow_always',
      'close',
      'args-body',
      'deny_always',
      'deny_once',
      'allow_once',
    ]);
    const backward: (string | null)[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      backward.push(await focused(page));
    }
    expect(backward).toEqual([
      'allow_always',
      'allow_once',
      'deny_once',
      'deny_always',
      'args-body',
      'close',
    ]);
    await advance(page, 500);
    await page.keyboard.press('Escape');
    await closed(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('typeahead');
  });

  it('Escape answers Deny once exactly once, and clicking a disabled action keeps focus where it is', async () => {
    page = await gallery.open();
    await show(page, 'permission-destructive');
    await page.locator(`${SHEET} [data-choice='allow_always']`).click({ force: true });
    expect(await focused(page)).toBe('deny_once');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    const decisions = (await page.evaluate(() => window.__events)).filter(
      (e) => e.type === 'mcp-decision',
    );
    expect(decisions).toEqual([
      { type: 'mcp-decision', detail: expect.objectContaining({ choice: 'deny_once' }) },
    ]);
  });
});

describe('input guard', () => {
  it('a key held down before the sheet opened does not answer it when released', async () => {
    page = await gallery.open();
    await page.focus('#before');
    await bareSheet(page);
    await page.keyboard.down(' ');
    await page.keyboard.down('Enter');
    await page.evaluate(() => {
      const { call, tools } = window.__kit;
      const sheet = window.__sheet;
      Object.assign(window, { __answer: sheet.show(call(tools.notesPut)) });
    });
    await open(page);
    await advance(page, 500);
    await page.keyboard.up('Enter');
    await page.keyboard.up(' ');
    await page.waitForTimeout(50);
    expect(await page.evaluate(() => window.__events.map((e) => e.type))).toEqual(['mcp-open']);
  });

  it('the guard restarts when the page becomes visible again', async () => {
    page = await gallery.open();
    await show(page, 'permission-medium');
    const guard = () => page.locator(`${SHEET} dialog`).getAttribute('data-guard');
    expect(await guard()).toBe('idle');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(await guard()).toBe('active');
    await page.keyboard.press('1');
    expect(await page.evaluate(() => window.__events.map((e) => e.type))).toEqual(['mcp-open']);
  });
});

describe('"Checking permissions…" (spec R4.1)', () => {
  it('appears after 100 ms on the manual clock, not before, and leaves when the prompt comes', async () => {
    page = await gallery.open();
    await page.evaluate(async () => {
      const { createManualClock, createPermissionEngine, hangingStore, call, tools, until } =
        window.__kit;
      const clock = createManualClock();
      const engine = createPermissionEngine({ store: hangingStore(), clock });
      const sheet = document.createElement('mcp-permission-sheet');
      sheet.engine = engine;
      sheet.clock = clock;
      document.querySelector('main')!.append(sheet);
      void engine.request(call(tools.notesPut), { prompt: sheet.prompt });
      // Two timers: the presenter's "checking" delay, then the engine's wait for its store.
      await until(() => clock.pendingTimers() > 1, 'the ready wait');
      Object.assign(window, { __clock: clock });
    });
    const checking = page.locator(`${SHEET} [data-part='checking']`);
    await advance(page, 99);
    await page.waitForTimeout(100);
    expect(await checking.count()).toBe(0);
    await advance(page, 1);
    await checking.waitFor();
    expect(await checking.innerText()).toContain('Checking permissions…');
    expect(await checking.getAttribute('role')).toBe('status');
    await advance(page, 150); // the engine stops waiting for its store and asks
    await open(page);
    expect(await checking.count()).toBe(0);
  });
});

describe('layout', () => {
  const dialogBox = (p: Page) => p.locator(`${SHEET} dialog`).boundingBox();

  it('is a bottom sheet on compact widths and a centred modal on expanded ones', async () => {
    page = await gallery.open({ viewport: compact, reducedMotion: 'reduce' });
    await show(page, 'permission-medium');
    let box = (await dialogBox(page))!;
    expect(await page.locator(SHEET).getAttribute('data-layout')).toBe('compact');
    expect(box.x).toBe(0);
    expect(box.width).toBe(compact.width);
    expect(Math.round(box.y + box.height)).toBe(compact.height);
    await page.setViewportSize(expanded);
    await page.waitForFunction(
      (tag) => document.querySelector(tag)?.getAttribute('data-layout') === 'expanded',
      SHEET,
    );
    box = (await dialogBox(page))!;
    expect(Math.abs(box.x + box.width / 2 - expanded.width / 2)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - expanded.height / 2)).toBeLessThan(2);
  });

  it('takes its breakpoint from --mcp-sheet-breakpoint, and a layout attribute overrides it', async () => {
    page = await gallery.open({ viewport: expanded });
    await page.addStyleTag({ content: 'mcp-permission-sheet { --mcp-sheet-breakpoint: 90rem; }' });
    await show(page, 'permission-medium');
    expect(await page.locator(SHEET).getAttribute('data-layout')).toBe('compact');
    await page.evaluate(
      (tag) => document.querySelector(tag)!.setAttribute('layout', 'expanded'),
      SHEET,
    );
    await page.waitForFunction(
      (tag) => document.querySelector(tag)?.getAttribute('data-layout') === 'expanded',
      SHEET,
    );
  });

  it('slides up, but not with prefers-reduced-motion', async () => {
    page = await gallery.open({
      viewport: compact,
      reducedMotion: 'no-preference',
    });
    await show(page, 'permission-medium');
    const animation = () =>
      page.locator(`${SHEET} dialog`).evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe('mcp-slide-up');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animation()).toBe('none');
  });

  it('every target is at least 48 × 48 px, in both layouts', async () => {
    for (const viewport of [compact, expanded]) {
      // Measured at rest: mid slide-up, a box can read a fraction of a pixel short.
      page = await gallery.open({ viewport, reducedMotion: 'reduce' });
      for (const state of [
        'permission-destructive',
        'permission-args-expanded',
        'permission-queue',
        'permission-grains-open',
        'permission-edit-open',
      ] as const) {
        await show(page, state);
        // The opened sections are there to be measured.
        if (state === 'permission-grains-open')
          await page.locator(`${SHEET} [data-part="grains"] select`).first().waitFor();
        if (state === 'permission-edit-open')
          await page.locator(`${SHEET} [data-part="edit-form"] input`).first().waitFor();
        const small = await page.evaluate((tag) => {
          const root = document.querySelector(tag)!.shadowRoot!;
          // A checkbox's target is its whole label row.
          return [...root.querySelectorAll<HTMLElement>('button, [tabindex="0"], input, select')]
            .map((el) => (el.matches('[type="checkbox"]') ? el.closest('label')! : el))
            .filter((el) => el.checkVisibility())
            .map((el) => ({ part: el.dataset.part, box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width < 48 || box.height < 48)
            .map(({ part, box }) => `${part}: ${box.width}×${box.height}`);
        }, SHEET);
        expect(small, state).toEqual([]);
      }
      await page.context().close();
    }
  });

  it('the elicitation sheet and the manager keep 48 × 48 px targets too', async () => {
    page = await gallery.open({ viewport: compact, reducedMotion: 'reduce' });
    for (const [state, tag] of [
      ['elicitation-form-errors', 'mcp-elicitation-sheet'],
      ['elicitation-url', 'mcp-elicitation-sheet'],
      ['manager-confirm', 'mcp-permission-manager'],
    ] as const) {
      await show(page, state);
      const small = await page.evaluate((t) => {
        const root = document.querySelector(t)!.shadowRoot!;
        // A checkbox's target is its whole label row.
        const targets = [...root.querySelectorAll<HTMLElement>('button, input, select')].map(
          (el) => (el.matches('[type="checkbox"]') ? el.closest('label')! : el),
        );
        return targets
          .filter((el) => el.checkVisibility())
          .map((el) => ({ name: el.dataset.part ?? el.tagName, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 48 || box.height < 48)
          .map(({ name, box }) => `${name}: ${box.width}×${box.height}`);
      }, tag);
      expect(small, state).toEqual([]);
    }
  });

  it('mirrors in right-to-left locales', async () => {
    page = await gallery.open();
    const x = (selector: string) =>
      page
        .locator(`${SHEET} ${selector}`)
        .boundingBox()
        .then((box) => box!.x);
    await show(page, 'permission-medium', { locale: 'en-US' });
    expect(await page.locator(`${SHEET} dialog`).getAttribute('dir')).toBe('ltr');
    expect(await x('[data-choice="deny_always"]')).toBeLessThan(
      await x('[data-choice="deny_once"]'),
    );
    expect(await x('[data-part="close"]')).toBeGreaterThan(await x('[data-part="title"]'));
    await show(page, 'permission-medium', { locale: 'ar' });
    expect(await page.locator(`${SHEET} dialog`).getAttribute('dir')).toBe('rtl');
    expect(await x('[data-choice="deny_always"]')).toBeGreaterThan(
      await x('[data-choice="deny_once"]'),
    );
    expect(await x('[data-part="close"]')).toBeLessThan(await x('[data-part="title"]'));
    // Arrows follow the mirrored rows: ArrowLeft moves forward in Arabic.
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe('allow_always');
  });

  it('the theme attribute forces dark or light over prefers-color-scheme', async () => {
    page = await gallery.open({ colorScheme: 'light' });
    const surface = () =>
      page.locator(`${SHEET} dialog`).evaluate((el) => getComputedStyle(el).backgroundColor);
    await show(page, 'permission-medium');
    expect(await surface()).toBe('rgb(255, 255, 255)');
    await show(page, 'permission-medium', { theme: 'dark' });
    expect(await surface()).toBe('rgb(29, 30, 34)');
  });
});
