/**
 * Where the Lit and the React sheets must look alike, checked the same way on both renderers
 * (each gives the `LayoutSurface` of layout-checks.ts) at a narrow phone, a phone and a desktop
 * (and a landscape phone for where the answers sit): checkboxes at the content's edge, a form's
 * options in the text's weight, the result review's header in one order, the answers of every
 * sheet laid out as the permission sheet's and right above the key hint, "From the server" in one
 * box, and every disclosure toggle quiet with the same padding. Measured in the page on the
 * anatomy's `data-part` names; Playwright's locators find them through shadow roots.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ElicitRequest, SamplingParams } from '@mcp-consent/prompt';
import type { ScenarioHost } from './driver.js';
import { call, dryRunExtras, tools } from './fixtures.js';
import { GUARD_MS } from './host-runtime.js';
import {
  landscapePhone,
  narrowPhone,
  portraitPhone,
  type LayoutSurface,
  type Viewport,
} from './layout-checks.js';
import { reviewed } from './result-review-scenarios.js';
import { hostRoots } from './roots-scenarios.js';

const desktop: Viewport = { width: 1280, height: 800 };
const viewports: readonly Viewport[] = [narrowPhone, portraitPhone, desktop];

/** A text field, a group of checkboxes (an enum array) and a lone checkbox. */
const form: ElicitRequest = {
  message: 'Where should the note go?',
  requestedSchema: {
    type: 'object',
    properties: {
      title: { type: 'string', title: 'Title' },
      tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['urgent', 'later'] } },
      pinned: { type: 'boolean', title: 'Pin it', default: false },
    },
  },
};

const sampling: SamplingParams = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the notes from today' } }],
  maxTokens: 200,
};

/**
 * Runs in the page: each checkbox of the open `sheet` whose left edge is not the left of the
 * part named `edgePart` (a text field, the intro) or whose label does not start 12 px after it,
 * as `name: box left, label left`.
 */
function misplacedBoxes(sheet: Element, edgePart: string): string[] {
  const edge = sheet.querySelector(`[data-part="${edgePart}"]`)!.getBoundingClientRect().left;
  const wrong: string[] = [];
  for (const box of sheet.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
    const rect = box.getBoundingClientRect();
    // The label's text: the next element in the row (a root's number, an option's text).
    const next = box.nextElementSibling!.getBoundingClientRect();
    if (Math.abs(rect.left - edge) > 0.5 || Math.abs(next.left - rect.right - 12) > 0.5)
      wrong.push(
        `${box.closest('label')?.textContent?.trim().slice(0, 20)}: box ${Math.round(rect.left)} (edge ${Math.round(edge)}), label ${Math.round(next.left)}`,
      );
  }
  return wrong;
}

/**
 * Runs in the page: how the open sheet's answers sit, by pairs: two to a row in equal columns
 * that fill the answers' box, equally tall, or, only where a label's longest word would not fit
 * half the row, one to a row at its full width; no word of a label broken over two lines; their
 * text in the button's colour. The failures as text, with the boxes.
 */
function answersNotInTwoColumns(sheet: Element): string[] {
  const box = sheet.querySelector('[data-part="actions"]')!.getBoundingClientRect();
  const buttons = [...sheet.querySelectorAll('[data-part="actions"] [data-part="action"]')].filter(
    (el) => el.getClientRects().length > 0,
  );
  const answers = buttons.map((el) => el.getBoundingClientRect());
  const near = (a: number, b: number) => Math.abs(a - b) <= 1;
  const text = (r: DOMRect) =>
    `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  const wrong: string[] = [];
  // Each answer's widest word with the button's padding and border: the width it needs.
  const needs = buttons.map((button) => {
    const style = getComputedStyle(button);
    const frame = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
    let widest = 0;
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) wrong.push(`"${word[0]}" broken over two lines`);
        widest = Math.max(widest, range.getBoundingClientRect().width);
      }
    }
    return widest + frame.reduce((sum, side) => sum + parseFloat(style[side]), 0);
  });
  if (answers.length < 2) wrong.push(`${answers.length} answers`);
  for (let i = 0; i + 1 < answers.length; i += 2) {
    const [a, b] = [answers[i]!, answers[i + 1]!];
    const columns =
      near(a.top, b.top) &&
      near(a.height, b.height) &&
      near(a.width, b.width) &&
      near(a.left, box.left) &&
      near(b.right, box.right);
    const stacked =
      [a, b].every((r) => near(r.left, box.left) && near(r.right, box.right)) &&
      Math.max(needs[i]!, needs[i + 1]!) > (box.width - 8) / 2;
    if (!columns && !stacked)
      wrong.push(
        `answers ${i + 1} and ${i + 2}: ${text(a)} | ${text(b)} in ${text(box as DOMRect)}, need ${Math.round(needs[i]!)} and ${Math.round(needs[i + 1]!)}`,
      );
  }
  for (const button of buttons) {
    const color = getComputedStyle(button).color;
    for (const inner of button.querySelectorAll('*'))
      if (getComputedStyle(inner).color !== color)
        wrong.push(
          `${button.textContent!.trim()}: text in ${getComputedStyle(inner).color}, not ${color}`,
        );
  }
  return wrong;
}

/**
 * Runs in the page: the font weight of each field label of the open form and of each option of
 * a group of checkboxes (the label and every element inside it that is shown), as
 * `text: weight`, by kind.
 */
function formWeights(sheet: Element): { labels: string[]; options: string[] } {
  const weigh = (el: Element) =>
    `${el.textContent!.trim().replace(/\s+/g, ' ')}: ${getComputedStyle(el).fontWeight}`;
  const shown = (el: Element) => el.getClientRects().length > 0 && el.tagName !== 'INPUT';
  return {
    labels: [...sheet.querySelectorAll('[data-part="field-label"]')].filter(shown).map(weigh),
    options: [...sheet.querySelectorAll('label[data-part="field-option"]')]
      .flatMap((option) => [option, ...option.querySelectorAll('*')])
      .filter(shown)
      .map(weigh),
  };
}

/**
 * Runs in the page: the parts of the open sheet's header in document order, the parts that share
 * the tool's row (their tops within 1 px of the tool's), and the title's and the content
 * heading's weights.
 */
function reviewHead(sheet: Element): {
  order: string[];
  toolRow: string[];
  title: string;
  heading: string;
} {
  const header = sheet.querySelector('[data-part="header"]')!;
  const parts = [...header.querySelectorAll<HTMLElement>('[data-part]')];
  const top = (name: string) =>
    header.querySelector(`[data-part="${name}"]`)!.getBoundingClientRect().top;
  return {
    order: parts.map((el) => el.dataset.part!),
    toolRow: parts
      .filter((el) => Math.abs(el.getBoundingClientRect().top - top('tool')) <= 1)
      .map((el) => el.dataset.part!),
    title: getComputedStyle(header.querySelector('[data-part="title"]')!).fontWeight,
    heading: getComputedStyle(sheet.querySelector('[data-part="content-heading"]')!).fontWeight,
  };
}

/** Runs in the page: the look of a part of the open sheet. */
function partLook(el: Element): { background: string; border: string; color: string } {
  const style = getComputedStyle(el);
  return {
    background: style.backgroundColor,
    border: style.borderTopColor,
    color: style.color,
  };
}

/**
 * Runs in the page: each shown disclosure toggle of the open sheet (a part named `*-toggle`:
 * Show more, Edit arguments, How long, and a note) as `part: background, border colour, colour,
 * padding at its start and end`.
 */
function toggleLooks(sheet: Element): string[] {
  return [...sheet.querySelectorAll<HTMLElement>('button[data-part$="-toggle"]')]
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => {
      const style = getComputedStyle(el);
      return `${el.dataset.part}: ${style.backgroundColor}, ${style.borderTopColor}, ${style.color}, ${style.paddingInlineStart} ${style.paddingInlineEnd}`;
    });
}

/**
 * Runs in the page: how the open sheet's "From the server" box is drawn: its top and start
 * borders (width, style), its background and its heading's weight.
 */
function fromServerLook(sheet: Element): string {
  const box = getComputedStyle(sheet.querySelector('[data-part="from-server"]')!);
  const heading = getComputedStyle(sheet.querySelector('[data-part="from-server-heading"]')!);
  return `top ${box.borderTopWidth} ${box.borderTopStyle}, start ${box.borderInlineStartWidth} ${box.borderInlineStartStyle}, background ${box.backgroundColor}, heading ${heading.fontWeight}`;
}

/**
 * Runs in the page: where the open sheet's answers sit above its status line. The key hint and
 * the "input paused" line (kept in place while hidden, so nothing moves under a pointer) must share
 * one place, the answers ending 8 px (the foot's gap) above it; the failures as text.
 */
function answersAboveStatusLine(sheet: Element): string[] {
  const box = (name: string) =>
    sheet.querySelector(`[data-part="${name}"]`)!.getBoundingClientRect();
  const [actions, hint, guard] = [box('actions'), box('key-hint'), box('guard')];
  const wrong: string[] = [];
  if (Math.abs(hint.top - guard.top) > 0.5)
    wrong.push(`key hint at ${Math.round(hint.top)}, guard line at ${Math.round(guard.top)}`);
  if (Math.abs(hint.top - actions.bottom - 8) > 0.5)
    wrong.push(
      `answers ${Math.round(actions.top)}–${Math.round(actions.bottom)}, key hint at ${Math.round(hint.top)}`,
    );
  return wrong;
}

/** The open sheet (Playwright's CSS locators pierce open shadow roots); exactly one. */
const openSheet = (page: Page) => page.locator('[data-part="root"][data-state="open"]');

/** Two frames: layout settles after a render. */
const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

export function runParityChecks(name: string, surface: LayoutSurface): void {
  describe(`parity with the other web renderer: ${name}`, () => {
    const open = async (
      viewport: Viewport,
      ask: (host: ScenarioHost) => Promise<unknown>,
      locale = 'en-US',
    ) => {
      const { page, host } = await surface.start(viewport, { locale });
      await ask(host);
      await host.waitForPrompt();
      await host.advance(GUARD_MS);
      await frames(page);
      return { page, host };
    };

    for (const viewport of [landscapePhone, portraitPhone, desktop]) {
      const at = `${viewport.width}×${viewport.height}`;

      it(`${at}: every sheet's answers sit right above its key hint, which shares its place with the "input paused" line`, async () => {
        const asks: Array<[string, (h: ScenarioHost) => Promise<unknown>]> = [
          ['permission', (h) => h.request(call(tools.notesPut))],
          ['dry run', (h) => h.request(call(tools.messagesSend), dryRunExtras())],
          ['elicitation', (h) => h.elicit(form)],
          ['roots', (h) => h.askRoots(hostRoots)],
          ['result review', (h) => h.reviewResult(reviewed)],
          ['sampling', (h) => h.sample({ step: 'request', params: sampling })],
        ];
        const found: string[] = [];
        for (const [sheet, ask] of asks) {
          const { page } = await open(viewport, ask);
          const wrong = await openSheet(page).evaluate(answersAboveStatusLine);
          found.push(...wrong.map((w) => `${sheet}: ${w}`));
        }
        // Before: Lit's roots and result review sheets put the hidden guard line under the key
        // hint instead of in its place; on a landscape phone their answers sat 37 px higher in
        // the side column than React's and than every other sheet's, over an empty band.
        expect(found).toEqual([]);
      });
    }

    for (const viewport of viewports) {
      const at = `${viewport.width}×${viewport.height}`;

      it(`${at}: the form's checkboxes (a group's and a lone one) and the roots' start at the content's edge, 12 px before their labels`, async () => {
        const { page, host } = await open(viewport, (h) => h.elicit(form));
        // Before: React's boxes had a 12 px margin, 12 px in from the text field above them.
        expect(await openSheet(page).evaluate(misplacedBoxes, 'field-input')).toEqual([]);
        await host.press('Escape');
        await host.waitForClosed();
        await host.askRoots(hostRoots);
        await host.waitForPrompt();
        await frames(page);
        expect(await openSheet(page).evaluate(misplacedBoxes, 'intro')).toEqual([]);
      });

      it(`${at}: a form's labels are bold, the options of a group of checkboxes in the text's weight`, async () => {
        const { page } = await open(viewport, (h) => h.elicit(form));
        // Before: Lit's options took the labels' weight (600), React's the text's (400).
        expect(await openSheet(page).evaluate(formWeights)).toEqual({
          labels: ['Title optional: 600', 'Tags optional: 600', 'Pin it optional: 600'],
          options: ['urgent: 400', 'urgent: 400', 'later: 400', 'later: 400'],
        });
      });

      it(`${at}: the result review's header reads title, server, then the tool with its tier on one row; its content heading is bold`, async () => {
        const { page } = await open(viewport, (h) => h.reviewResult(reviewed));
        // Before: React put the tool's line between the title and the server chip and the tier
        // beside the chip, and drew "Result from the server" at 600 where Lit drew it at 400.
        expect(await openSheet(page).evaluate(reviewHead)).toEqual({
          order: ['title', 'close', 'server-chip', 'trust', 'tool', 'risk'],
          toolRow: ['tool', 'risk'],
          title: '700',
          heading: '600',
        });
      });

      it(`${at}: the roots, result review and sampling answers sit two to a row in equal columns, as the permission sheet's, unless a word would not fit`, async () => {
        // Before: Lit's roots and review answers were as wide as their labels (the review's in
        // the grey of its content labels), React's stacked at 320 px (the permission sheet's and
        // Lit's sampling answers kept two columns there); pt-BR broke "Compartilha-r" in two.
        const asks: Array<[string, (h: ScenarioHost) => Promise<unknown>]> = [
          ['permission', (h) => h.request(call(tools.notesPut))],
          ['roots', (h) => h.askRoots(hostRoots)],
          ['result review', (h) => h.reviewResult(reviewed)],
          ['sampling', (h) => h.sample({ step: 'request', params: sampling })],
        ];
        const found: string[] = [];
        for (const locale of ['en-US', 'pt-BR', 'es-ES']) {
          for (const [sheet, ask] of asks) {
            const { page } = await open(viewport, ask, locale);
            const wrong = await openSheet(page).evaluate(answersNotInTwoColumns);
            found.push(...wrong.map((w) => `${locale} ${sheet}: ${w}`));
          }
        }
        expect(found).toEqual([]);
      });

      it(`${at}: "Edit arguments" is a quiet text button in the primary colour, as "How long, and a note"`, async () => {
        const { page } = await open(viewport, (h) => h.request(call(tools.notesPut)));
        const edit = await openSheet(page).locator('[data-part="edit-toggle"]').evaluate(partLook);
        const grains = await openSheet(page)
          .locator('[data-part="grains-toggle"]')
          .evaluate(partLook);
        // Before: React drew it outlined, as an answer.
        expect(edit).toEqual({
          background: 'rgba(0, 0, 0, 0)',
          border: 'rgba(0, 0, 0, 0)',
          color: grains.color,
        });
      });

      it(`${at}: the permission and dry-run sheets draw "From the server" as one solid box with a 4 px bar at its start`, async () => {
        const found: string[] = [];
        for (const [sheet, ask] of [
          ['permission', (h: ScenarioHost) => h.request(call(tools.notesPut))],
          ['dry run', (h: ScenarioHost) => h.request(call(tools.messagesSend), dryRunExtras())],
        ] as const) {
          const { page } = await open(viewport, ask);
          found.push(`${sheet}: ${await openSheet(page).evaluate(fromServerLook)}`);
        }
        // Before: Lit drew both dashed all round on the grey of a container, the heading at 600
        // (the dry run's rule, also in the permission sheet's styles, won over the sheet's own).
        const box = 'top 1px solid, start 4px solid, background rgba(0, 0, 0, 0), heading 700';
        expect(found).toEqual([`permission: ${box}`, `dry run: ${box}`]);
      });

      it(`${at}: every disclosure toggle (Show more, Edit arguments, How long) is a quiet text button with 12 px at its sides`, async () => {
        // Long arguments, a long description and a long message: each shows its Show more.
        const long = call(
          { ...tools.notesPut, description: 'Creates or replaces a note. '.repeat(40) },
          { args: { id: 'groceries', text: 'milk, eggs, '.repeat(200) } },
        );
        const { page } = await open(viewport, (h) => h.request(long));
        const found = await openSheet(page).evaluate(toggleLooks);
        const primary = (
          await openSheet(page).locator('[data-part="grains-toggle"]').evaluate(partLook)
        ).color;
        const text = {
          role: 'user' as const,
          content: { type: 'text' as const, text: 'Summarise the notes from today. '.repeat(40) },
        };
        const { page: samplingPage } = await open(viewport, (h) =>
          h.sample({ step: 'request', params: { ...sampling, messages: [text] } }),
        );
        found.push(...(await openSheet(samplingPage).evaluate(toggleLooks)));
        // Before: Lit's had 8 px at their sides, React's 12 px; React drew the sampling message's
        // Show more outlined, as an answer, with an answer's 16 px.
        const quiet = `rgba(0, 0, 0, 0), rgba(0, 0, 0, 0), ${primary}, 12px 12px`;
        expect(found).toEqual(
          ['args-toggle', 'edit-toggle', 'description-toggle', 'grains-toggle', 'block-toggle'].map(
            (part) => `${part}: ${quiet}`,
          ),
        );
      });
    }
  });
}
