/**
 * What a user notices of the web sheets' layout, checked the same way on the Lit and the React
 * renderer (each gives a `LayoutSurface`): a grants manager that never scrolls sideways at
 * 320 px in any locale, and controls of at least 24 × 24 CSS px (WCAG 2.2 target size).
 * The measurements run in the page, through shadow roots, on the anatomy's `data-part` names.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PolicySource } from '@mcp-consent/engine';
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

/** The narrowest screen. */
export const narrowPhone: Viewport = { width: 320, height: 640 };

/** WCAG 2.2 SC 2.5.8 Target Size (Minimum). */
export const TARGET_PX = 24;

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
