import type { Page } from 'playwright-core';
import type { ManualClock, PermissionEngine } from '@mcp-consent/engine';
import type { ConsentPresenter } from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { surveyForm } from '../../../test/scenarios/fixtures.js';
import { useGalleryBrowser } from './gallery.js';

/**
 * Both sheets on ONE consent presenter (issue 15): one sheet at a time, in the order the
 * requests came, whatever their kind; and a render error settles the request fail-closed.
 */
const gallery = useGalleryBrowser();
let page: Page;

type Win = Window & {
  __presenter: ConsentPresenter;
  __engine: PermissionEngine;
  __clock: ManualClock;
  __results: Record<string, unknown>;
  __seen: string[];
};

/** A permission sheet and an elicitation sheet sharing a presenter (with an engine). */
const mount = (p: Page) =>
  p.evaluate(async () => {
    const w = window as unknown as Win;
    const { createConsentPresenter, createManualClock, createPermissionEngine, memoryStore } =
      window.__kit;
    const clock = createManualClock();
    const engine = createPermissionEngine({ store: memoryStore(), clock });
    await engine.ready;
    const presenter = createConsentPresenter({ engine, clock, locale: 'en-US' });
    const sheet = document.createElement('mcp-permission-sheet');
    const elicitation = document.createElement('mcp-elicitation-sheet');
    sheet.presenter = presenter;
    elicitation.presenter = presenter;
    document.querySelector('main')!.append(sheet, elicitation);
    Object.assign(w, { __presenter: presenter, __engine: engine, __clock: clock });
    Object.assign(w, { __sheet: sheet, __results: {}, __seen: [] });
    for (const type of ['mcp-open', 'mcp-decision', 'mcp-close', 'mcp-elicitation-result'])
      document.addEventListener(type, (event) =>
        w.__seen.push(`${(event.target as Element).localName}:${type}`),
      );
  });

/** Which sheets have an open, modal dialog. */
const modal = (p: Page) =>
  p.evaluate(() =>
    ['mcp-permission-sheet', 'mcp-elicitation-sheet'].filter(
      (tag) => !!document.querySelector(tag)?.shadowRoot?.querySelector('dialog:modal'),
    ),
  );
const advance = (p: Page) => p.evaluate(() => (window as unknown as Win).__clock.advance(500));
const results = (p: Page) => p.evaluate(() => (window as unknown as Win).__results);
const seen = (p: Page) => p.evaluate(() => (window as unknown as Win).__seen);

describe('a permission sheet and an elicitation sheet on one presenter', () => {
  it('show one request at a time, in the order they came; the question waits while the permission sheet is open', async () => {
    page = await gallery.open();
    await page.focus('#typeahead');
    await mount(page);
    await page.evaluate((form) => {
      const w = window as unknown as Win;
      const { call, tools, server } = window.__kit;
      const elicitation = document.querySelector('mcp-elicitation-sheet')!;
      void w.__engine
        .request(call(tools.notesPut), { prompt: w.__sheet.prompt })
        .then((r) => (w.__results.first = r.choice));
      // The tool asks while its prompt is still open, and another call comes after it.
      void window.__kit
        .until(() => w.__presenter.getSnapshot().current !== null, 'the first prompt')
        .then(() => {
          void elicitation.elicit({ params: form, server }).then((r) => (w.__results.question = r));
          void window.__sheet
            .show(call(tools.notesList))
            .then((choice) => (w.__results.last = choice));
        });
    }, surveyForm);
    await expect.poll(() => modal(page)).toEqual(['mcp-permission-sheet']);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as Win).__presenter.getSnapshot().waiting))
      .toBe(3);
    await advance(page);
    expect(await modal(page)).toEqual(['mcp-permission-sheet']);
    await page.keyboard.press('1');

    // The question takes the screen; the permission sheet is closed, not underneath.
    await expect.poll(() => modal(page)).toEqual(['mcp-elicitation-sheet']);
    expect(await results(page)).toEqual({ first: 'allow_once' });
    await advance(page);
    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');

    await expect.poll(() => modal(page)).toEqual(['mcp-permission-sheet']);
    expect(await page.locator('mcp-permission-sheet [data-part="tool-name"]').innerText()).toBe(
      'notes_list',
    );
    await advance(page);
    await page.keyboard.press('3');
    await expect.poll(() => modal(page)).toEqual([]);
    expect(await results(page)).toEqual({
      first: 'allow_once',
      question: { action: 'accept', content: { name: 'Ada' } },
      last: 'deny_once',
    });
    expect(await seen(page)).toEqual([
      'mcp-permission-sheet:mcp-open',
      'mcp-permission-sheet:mcp-decision',
      'mcp-permission-sheet:mcp-close',
      'mcp-elicitation-sheet:mcp-open',
      'mcp-elicitation-sheet:mcp-elicitation-result',
      'mcp-elicitation-sheet:mcp-close',
      'mcp-permission-sheet:mcp-open',
      'mcp-permission-sheet:mcp-decision',
      'mcp-permission-sheet:mcp-close',
    ]);
    // Each sheet gave focus back before the next one opened: it ends where it began.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('typeahead');
  });

  it('a sheet that cannot render its request settles it fail-closed, and the next one shows', async () => {
    page = await gallery.open();
    await mount(page);
    await page.evaluate(() => {
      const w = window as unknown as Win;
      const { call, tools } = window.__kit;
      void window.__sheet
        .show(call(tools.notesPut))
        .then((choice) => (w.__results.broken = choice));
    });
    await expect.poll(() => modal(page)).toEqual(['mcp-permission-sheet']);
    await page.evaluate(() => {
      const w = window as unknown as Win;
      const { call, tools } = window.__kit;
      // The sheet's next render throws, once, as a renderer bug would.
      const sheet = window.__sheet as unknown as { renderSheet(api: unknown): unknown };
      const renderSheet = sheet.renderSheet;
      sheet.renderSheet = () => {
        sheet.renderSheet = renderSheet;
        throw new Error('the renderer broke');
      };
      void window.__sheet.show(call(tools.notesList)).then((choice) => (w.__results.next = choice));
      window.__sheet.requestUpdate();
    });
    await expect.poll(() => results(page)).toEqual({ broken: 'deny_once' });
    expect(
      await page.evaluate(() => (window as unknown as Win).__presenter.getSnapshot().settled[0]),
    ).toMatchObject({ end: 'failed', answer: 'deny_once' });
    await expect
      .poll(() => page.locator('mcp-permission-sheet [data-part="tool-name"]').innerText())
      .toBe('notes_list');
    expect(await modal(page)).toEqual(['mcp-permission-sheet']);
  });
});
