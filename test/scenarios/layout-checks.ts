/**
 * What a user notices of the web sheets' layout, checked the same way on the Lit and the React
 * renderer (each gives a `LayoutSurface`): room to read the permission sheet on a landscape
 * phone with every answer in view once focused, a grants manager that never scrolls sideways at
 * 320 px in any locale, and controls of at least 24 × 24 CSS px (WCAG 2.2 target size).
 * The measurements run in the page, through shadow roots, on the anatomy's `data-part` names.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Choice, PolicySource, ToolDefinition } from '@mcp-consent/engine';
import { supportedLocales } from '@mcp-consent/i18n';
import type { ElicitRequest, SamplingParams } from '@mcp-consent/prompt';
import type { HostOptions, ScenarioHost } from './driver.js';
import { call, tools } from './fixtures.js';
import { GUARD_MS } from './host-runtime.js';
import { hostRoots } from './roots-scenarios.js';

export interface Viewport {
  width: number;
  height: number;
}

export interface LayoutSurface {
  /**
   * A page of the renderer at `viewport` with its sheets on a fresh scenario host started with
   * `options`, and, with `manager`, its grants manager in the page below the host's own content.
   * Put away after the test by the surface.
   */
  start(
    viewport: Viewport,
    options: HostOptions & { manager?: boolean },
  ): Promise<{ page: Page; host: ScenarioHost }>;
}

/** A landscape phone (the trial's 844 × 390), a portrait phone, and the narrowest screen. */
export const landscapePhone: Viewport = { width: 844, height: 390 };
export const portraitPhone: Viewport = { width: 390, height: 844 };
export const narrowPhone: Viewport = { width: 320, height: 640 };

/**
 * The height the permission sheet's scrolling content must keep on every phone: before, the
 * landscape phone left 165 px for the title, the risk line and the body together (the footer
 * took 177 of the sheet's 342), a strip the user scrolled through.
 */
export const CONTENT_ROOM_PX = 240;
/**
 * The height the permission sheet's scrolling content keeps at 320 × 640, where both renderers put
 * the four answers in two columns (Lit: 362 px). Before, React stacked them in one column there:
 * its footer took 310 px of the sheet's 589 and left 267 px to read.
 */
export const NARROW_CONTENT_ROOM_PX = 340;
/** WCAG 2.2 SC 2.5.8 Target Size (Minimum). */
export const TARGET_PX = 24;

const CHOICES: readonly Choice[] = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];

/** A rule in each of two layers, so the manager shows its rules table. */
const policy: PolicySource[] = [
  {
    layer: 'user',
    file: 'user.json',
    policy: { version: 1, rules: [{ effect: 'allow', tool: 'notes_get' }] },
  },
  {
    layer: 'managed',
    file: '/etc/mcp/managed.json',
    policy: {
      version: 1,
      rules: [{ effect: 'ask', tool: 'notes_export', reason: 'Exports leave the workspace' }],
    },
  },
];

/** A form with a checkbox, a group of checkboxes, a choice and text fields. */
const form: ElicitRequest = {
  message: 'Where should the note go?',
  requestedSchema: {
    type: 'object',
    properties: {
      title: { type: 'string', title: 'Title' },
      folder: { type: 'string', title: 'Folder', enum: ['work', 'home'] },
      tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['urgent', 'later'] } },
      pinned: { type: 'boolean', title: 'Pin it', default: false },
    },
    required: ['title'],
  },
};

const sampling: SamplingParams = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the notes from today' } }],
  maxTokens: 200,
};

/** A box as `sheetLayout` reports it: whether all of it can be seen as the page is now. */
export interface SeenBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
  visible: boolean;
}

export interface SheetLayout {
  /** The open sheet's box. */
  sheet: { top: number; bottom: number; height: number };
  /** The height of the box that scrolls the sheet's content (its summary's nearest scroller). */
  contentHeight: number;
  /**
   * The title, the risk badge and each answer, by name, as the page is now; `reason`: the
   * shown reason of an unavailable answer, scrolled into view first (null when none is shown).
   */
  boxes: Record<string, SeenBox | null>;
}

/**
 * Runs in the page: the open permission sheet's box, the height of the box that scrolls its
 * summary, and whether its title, its risk badge and its four answers are each entirely inside
 * the viewport and every scrolling or clipping box around them, as the page is now; with
 * `reason`, whether the reason of an unavailable answer can be scrolled into view.
 */
export function sheetLayout(reason: boolean): SheetLayout {
  const roots: (Document | ShadowRoot)[] = [document];
  let sheet: Element | null = null;
  while (roots.length && !sheet) {
    const root = roots.shift()!;
    sheet = root.querySelector('[data-scope="permission"][data-part="root"][data-state="open"]');
    root.querySelectorAll('*').forEach((el) => el.shadowRoot && roots.push(el.shadowRoot));
  }
  if (!sheet) throw new Error('sheetLayout: no open permission sheet');
  const parentOf = (el: Element): Element | null =>
    el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host || null);
  const clips = (el: Element) => {
    const style = getComputedStyle(el);
    return (
      style.display !== 'contents' &&
      (style.overflowX !== 'visible' || style.overflowY !== 'visible')
    );
  };
  const seen = (el: Element | null): SeenBox | null => {
    if (!el) return null;
    const rect = el.getBoundingClientRect();
    const within = (outer: { top: number; bottom: number; left: number; right: number }) =>
      rect.top >= outer.top - 0.5 &&
      rect.bottom <= outer.bottom + 0.5 &&
      rect.left >= outer.left - 0.5 &&
      rect.right <= outer.right + 0.5;
    let visible =
      rect.height > 0 && within({ top: 0, left: 0, bottom: innerHeight, right: innerWidth });
    for (let up = parentOf(el); up && visible; up = parentOf(up)) {
      if (clips(up)) visible = within(up.getBoundingClientRect());
    }
    return {
      top: Math.round(rect.top),
      bottom: Math.round(rect.bottom),
      left: Math.round(rect.left),
      right: Math.round(rect.right),
      visible,
    };
  };
  const part = (name: string, extra = '') => sheet.querySelector(`[data-part="${name}"]${extra}`);
  let scroller: Element | null = part('summary');
  while (scroller && scroller !== sheet && !clips(scroller)) scroller = parentOf(scroller);
  const boxes: SheetLayout['boxes'] = {
    title: seen(part('title')),
    risk: seen(part('risk-badge')),
  };
  for (const choice of ['allow_once', 'allow_always', 'deny_once', 'deny_always'])
    boxes[choice] = seen(part('action', `[data-choice="${choice}"]`));
  if (reason) {
    const shown = [...sheet.querySelectorAll('[data-part="action-reason"]')].find(
      (el) => el.getClientRects().length > 0 && el.textContent!.trim() !== '',
    );
    shown?.scrollIntoView({ block: 'nearest' });
    boxes.reason = shown ? seen(shown) : null;
  }
  const box = sheet.getBoundingClientRect();
  return {
    sheet: {
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      height: Math.round(box.height),
    },
    contentHeight: scroller ? Math.round(scroller.clientHeight) : 0,
    boxes,
  };
}

/** Runs in the page: focuses an answer of the open permission sheet, as Tab would. */
export function focusAnswer(choice: string): void {
  const roots: (Document | ShadowRoot)[] = [document];
  while (roots.length) {
    const root = roots.shift()!;
    const hit = root.querySelector<HTMLElement>(
      `[data-scope="permission"][data-part="root"][data-state="open"] [data-part="action"][data-choice="${choice}"]`,
    );
    if (hit) return hit.focus();
    root.querySelectorAll('*').forEach((el) => el.shadowRoot && roots.push(el.shadowRoot));
  }
  throw new Error(`focusAnswer: no ${choice} answer on screen`);
}

/** Runs in the page: scrolls every scroller of the open sheets to its end (the user read on). */
export function scrollSheetsToEnd(): void {
  const roots: (Document | ShadowRoot)[] = [document];
  while (roots.length) {
    const root = roots.shift()!;
    root
      .querySelectorAll(
        '[data-part="root"][data-state="open"], [data-part="root"][data-state="open"] *',
      )
      .forEach((el) => {
        if (el.scrollHeight > el.clientHeight) el.scrollTop = el.scrollHeight;
      });
    root.querySelectorAll('*').forEach((el) => el.shadowRoot && roots.push(el.shadowRoot));
  }
}

/**
 * Runs in the page: what scrolls sideways. The page itself (`document.scrollingElement`), and
 * each box inside the grants manager that scrolls or clips and is wider inside than out (a
 * table in a sideways scroller); visually hidden boxes (1 px) are left out.
 */
export function sidewaysOverflow(): { page: number; viewport: number; boxes: string[] } {
  const roots: (Document | ShadowRoot)[] = [document];
  let manager: Element | null = null;
  while (roots.length && !manager) {
    const root = roots.shift()!;
    manager = root.querySelector('[data-scope="manager"][data-part="root"]');
    root.querySelectorAll('*').forEach((el) => el.shadowRoot && roots.push(el.shadowRoot));
  }
  if (!manager) throw new Error('sidewaysOverflow: no manager');
  const boxes: string[] = [];
  for (const el of [manager, ...manager.querySelectorAll('*')]) {
    const style = getComputedStyle(el);
    if (style.overflowX === 'visible' || el.clientWidth <= 1) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      boxes.push(
        `${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth} > ${el.clientWidth}`,
      );
  }
  return { page: document.scrollingElement!.scrollWidth, viewport: innerWidth, boxes };
}

/**
 * Runs in the page: every control the user can point at inside the open sheets and the grants
 * manager (buttons, fields, checkboxes, radios, links, anything tabbable) that is shown and
 * smaller than `min` × `min` CSS px, as `part or tag: width×height`.
 */
export function smallTargets(min: number): string[] {
  const roots: (Document | ShadowRoot)[] = [document];
  const scopes: Element[] = [];
  while (roots.length) {
    const root = roots.shift()!;
    root
      .querySelectorAll(
        '[data-part="root"][data-state="open"], [data-scope="manager"][data-part="root"]',
      )
      .forEach((el) => scopes.push(el));
    root.querySelectorAll('*').forEach((el) => el.shadowRoot && roots.push(el.shadowRoot));
  }
  if (scopes.length === 0) throw new Error('smallTargets: no open sheet and no manager');
  const selector =
    'button, input:not([type="hidden"]), select, textarea, a[href], summary, [role="button"], [role="checkbox"], [role="radio"], [role="switch"], [tabindex]:not([tabindex="-1"])';
  const small: string[] = [];
  for (const scope of scopes) {
    for (const el of scope.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(el);
      if (el.getClientRects().length === 0 || style.visibility === 'hidden') continue;
      const { width, height } = el.getBoundingClientRect();
      if (width >= min - 0.01 && height >= min - 0.01) continue;
      const name =
        el.dataset.part ??
        `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''}`;
      small.push(`${name}: ${Math.round(width * 10) / 10}×${Math.round(height * 10) / 10}`);
    }
  }
  return small;
}

/** Two frames: layout settles after a focus, a scroll or a render. */
const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

export function runLayoutChecks(name: string, surface: LayoutSurface): void {
  describe(`layout: ${name}`, () => {
    const openPermission = async (
      viewport: Viewport,
      locale: string,
      tool: ToolDefinition = tools.notesPut,
    ) => {
      const { page, host } = await surface.start(viewport, { locale });
      await host.request(call(tool));
      await host.waitForPrompt();
      await host.advance(GUARD_MS);
      await frames(page);
      return { page, host };
    };

    /** Each answer, focused in turn, entirely in view; the failures as text. */
    const hiddenWhenFocused = async (page: Page): Promise<string[]> => {
      const hidden: string[] = [];
      for (const choice of CHOICES) {
        await page.evaluate(focusAnswer, choice);
        await frames(page);
        const box = (await page.evaluate(sheetLayout, false)).boxes[choice];
        if (!box?.visible) hidden.push(`${choice} ${JSON.stringify(box)}`);
      }
      return hidden;
    };

    for (const locale of ['en-US', 'pt-BR']) {
      it(`${locale}, landscape phone ${landscapePhone.width}×${landscapePhone.height}: room to read, the title and risk in view, each answer in view when focused`, async () => {
        const { page, host } = await openPermission(landscapePhone, locale);
        const layout = await page.evaluate(sheetLayout, false);
        expect(layout.contentHeight, JSON.stringify(layout)).toBeGreaterThanOrEqual(
          CONTENT_ROOM_PX,
        );
        expect(layout.sheet.top).toBeGreaterThanOrEqual(0);
        expect(layout.sheet.bottom).toBeLessThanOrEqual(landscapePhone.height);
        expect(layout.boxes.title?.visible, JSON.stringify(layout.boxes.title)).toBe(true);
        expect(layout.boxes.risk?.visible, JSON.stringify(layout.boxes.risk)).toBe(true);
        expect(await hiddenWhenFocused(page)).toEqual([]);
        // "How long, and a note" opened and read to its end: the answers are still there.
        await host.pickGrain('allow', 'always');
        await page.evaluate(scrollSheetsToEnd);
        await frames(page);
        expect(await hiddenWhenFocused(page)).toEqual([]);
      });
    }

    it(`pt-BR, landscape phone: a destructive tool's answers and the reason Allow always is off all reachable`, async () => {
      // Four answers, the reason and the key hint are taller than the sheet here: the answers'
      // column scrolls, from its top.
      const { page } = await openPermission(landscapePhone, 'pt-BR', tools.notesDelete);
      expect(await hiddenWhenFocused(page)).toEqual([]);
      const layout = await page.evaluate(sheetLayout, true);
      expect(layout.boxes.reason?.visible, JSON.stringify(layout.boxes.reason)).toBe(true);
      expect(layout.contentHeight).toBeGreaterThanOrEqual(CONTENT_ROOM_PX);
    });

    for (const viewport of [portraitPhone, narrowPhone]) {
      it(`pt-BR, ${viewport.width}×${viewport.height}: room to read and each answer in view when focused`, async () => {
        const { page } = await openPermission(viewport, 'pt-BR');
        const layout = await page.evaluate(sheetLayout, false);
        expect(layout.contentHeight, JSON.stringify(layout)).toBeGreaterThanOrEqual(
          CONTENT_ROOM_PX,
        );
        expect(layout.boxes.title?.visible).toBe(true);
        expect(await hiddenWhenFocused(page)).toEqual([]);
      });
    }

    for (const locale of ['en-US', 'pt-BR']) {
      it(`${locale}, ${narrowPhone.width}×${narrowPhone.height}: the answers in two columns leave at least ${NARROW_CONTENT_ROOM_PX} px to read`, async () => {
        const { page } = await openPermission(narrowPhone, locale);
        const layout = await page.evaluate(sheetLayout, false);
        expect(layout.contentHeight, JSON.stringify(layout)).toBeGreaterThanOrEqual(
          NARROW_CONTENT_ROOM_PX,
        );
        const rows = new Set(
          CHOICES.map((choice) => layout.boxes[choice]?.top).filter((top) => top !== undefined),
        );
        expect(rows.size, JSON.stringify(layout.boxes)).toBe(2);
      });
    }

    it(`at ${narrowPhone.width} px the grants manager never scrolls sideways, in any locale`, async () => {
      const failures: string[] = [];
      for (const locale of supportedLocales) {
        const { page, host } = await surface.start(narrowPhone, { locale, policy, manager: true });
        await fillManager(page, host);
        const seen = await page.evaluate(sidewaysOverflow);
        if (seen.page > narrowPhone.width || seen.boxes.length > 0)
          failures.push(`${locale}: page ${seen.page} px wide; ${seen.boxes.join('; ')}`);
      }
      expect(failures).toEqual([]);
    });

    for (const [locale, viewport] of [
      ['pt-BR', narrowPhone],
      ['en-US', { width: 1280, height: 800 }],
    ] as const) {
      it(`${locale}, ${viewport.width}×${viewport.height}: every control of the sheets and the manager is at least ${TARGET_PX}×${TARGET_PX} px`, async () => {
        const { page, host } = await surface.start(viewport, { locale, policy, manager: true });
        const found: string[] = [];
        const check = async (state: string) => {
          await frames(page);
          found.push(
            ...(await page.evaluate(smallTargets, TARGET_PX)).map((s) => `${state}: ${s}`),
          );
        };
        const close = async () => {
          await host.press('Escape');
          await host.waitForClosed();
        };
        await fillManager(page, host);
        await check('manager');

        await host.request(call(tools.notesPut));
        await host.waitForPrompt();
        await host.advance(GUARD_MS);
        await check('permission');
        await host.pickGrain('allow', 'always');
        await check('permission, how long open');
        await host.editArgument('id', 'groceries');
        await check('permission, edit arguments open');
        await close();

        await host.elicit(form);
        await host.waitForPrompt();
        await host.advance(GUARD_MS);
        await check('elicitation form');
        await close();

        await host.askRoots(hostRoots);
        await host.waitForPrompt();
        await host.advance(GUARD_MS);
        await check('roots');
        await close();

        await host.sample({ step: 'request', params: sampling });
        await host.waitForPrompt();
        await host.advance(GUARD_MS);
        await check('sampling');
        await close();

        expect(found).toEqual([]);
      });
    }
  });
}

/**
 * Saved answers through the sheet, as a user gives them (an allow always, a deny always), so the
 * manager lists grants beside the host's rules and the history.
 */
async function fillManager(page: Page, host: ScenarioHost): Promise<void> {
  for (const [c, choice] of [
    [call(tools.notesList), 'allow_always'],
    [call(tools.notesDelete), 'deny_always'],
  ] as const) {
    await host.request(c);
    await host.waitForPrompt();
    await host.advance(GUARD_MS);
    await host.click(choice);
    await host.waitForClosed();
  }
  await page.waitForFunction(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    while (roots.length) {
      const root = roots.shift()!;
      if (root.querySelectorAll('[data-part="grant-row"]').length >= 2) return true;
      root.querySelectorAll('*').forEach((el) => el.shadowRoot && roots.push(el.shadowRoot));
    }
    return false;
  });
  await frames(page);
}
