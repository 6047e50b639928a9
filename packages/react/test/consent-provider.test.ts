import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Choice, ToolCall } from '@mcp-consent/engine';
import type { ElicitResult } from '@mcp-consent/prompt';
import { call, server, surveyForm, tools } from '../../../test/scenarios/fixtures.js';
import type { ProviderLab } from './fixture/provider-page.js';
import { ELICITATION_ROOT, openFixture, ROOT, sharedBrowser } from './react-driver.js';

/**
 * `<ConsentProvider>` over one consent presenter (issue 15): the sheets show its head one at
 * a time with the model it built, `useShow()` is the presenter's `show`, a sheet that cannot
 * render settles its request fail-closed, and unmounting disposes the provider's own
 * presenter. The page renders in StrictMode.
 */
type L = {
  __lab: ProviderLab;
  __out: { decisions: Choice[]; answers: unknown[] };
};
const shared = sharedBrowser();
afterAll(() => shared.close());

async function open(mount: 'mount' | 'mountBroken' = 'mount'): Promise<Page> {
  const { page } = await openFixture(shared, 'provider.html', {}, '__lab');
  await page.evaluate((how) => {
    const w = window as unknown as L;
    w.__out = { decisions: [], answers: [] };
    w.__lab[how]();
  }, mount);
  return page;
}
const opened = (page: Page, root: string) =>
  page.waitForFunction((selector) => {
    const el = document.querySelector(`${selector}[data-state="open"]`);
    return el !== null && el.contains(document.activeElement);
  }, root);
const count = (page: Page, selector: string) => page.locator(selector).count();
const advance = (page: Page, ms = 500) =>
  page.evaluate((n) => (window as unknown as L).__lab.clock.advance(n), ms);
/** Asks through the provider's prompter (`engine.request`), `useShow()` or `useElicit()`. */
const ask = (page: Page, how: 'request' | 'show' | 'elicit', c: ToolCall) =>
  page.evaluate(
    ([how, c, params, srv]) => {
      const { __lab: lab, __out: out } = window as unknown as L;
      const done: Promise<unknown> =
        how === 'request'
          ? lab.engine.request(c, { prompt: lab.hooks.prompt! })
          : how === 'show'
            ? lab.hooks.show!(c, (choice) => out.decisions.push(choice))
            : lab.hooks.elicit!({ params, server: srv });
      void done.then((answer) => out.answers.push(answer));
    },
    [how, c, surveyForm, server] as const,
  );
/** Whether the one sheet on screen is the model at the head of the provider's presenter. */
const showsHead = (page: Page) =>
  page.evaluate(() => {
    const head = (window as unknown as L).__lab.own?.getSnapshot().current;
    const roots = [...document.querySelectorAll('[data-part="root"]')];
    return roots.length === 1 && !!head && roots[0]!.id === head.model.connect().props.root?.id;
  });
const answers = (page: Page) => page.evaluate(() => (window as unknown as L).__out.answers);

describe('one provider, one queue', () => {
  it('a permission prompt and the question its tool asks show one at a time, in order, each with the model the presenter built', async () => {
    const page = await open();
    await ask(page, 'request', call(tools.notesPut));
    await opened(page, ROOT);
    await ask(page, 'elicit', call(tools.notesPut));
    await ask(page, 'show', call(tools.notesList));
    expect(await count(page, ELICITATION_ROOT)).toBe(0);
    expect(await showsHead(page)).toBe(true);
    await advance(page);
    await page.keyboard.press('1');

    await opened(page, ELICITATION_ROOT);
    expect(await count(page, ROOT)).toBe(0);
    expect(await page.locator(ELICITATION_ROOT).innerText()).toContain(surveyForm.message);
    expect(await showsHead(page)).toBe(true);
    await advance(page);
    await page.keyboard.press('Escape');

    await opened(page, ROOT);
    expect(await count(page, ELICITATION_ROOT)).toBe(0);
    expect(await page.locator(ROOT).innerText()).toContain('notes_list');
    await advance(page);
    await page.keyboard.press('3');
    await page.waitForFunction(() => (window as unknown as L).__out.answers.length === 3);
    expect(await answers(page)).toMatchObject([
      { allowed: true, choice: 'allow_once' },
      { action: 'cancel' } satisfies ElicitResult,
      'deny_once',
    ]);
    expect(await count(page, '[data-part="root"]')).toBe(0);
  });
});

describe('useShow()', () => {
  it('asks about a tool call in the provider’s sheet, calls onDecision and resolves with the answer; nothing is stored or audited', async () => {
    const page = await open();
    await ask(page, 'show', call(tools.notesPut));
    await opened(page, ROOT);
    expect(await page.locator(ROOT).innerText()).toContain('notes_put');
    await advance(page);
    await page.keyboard.press('2'); // Allow always: still only an answer
    await page.waitForFunction(() => (window as unknown as L).__out.answers.length === 1);
    expect(await answers(page)).toEqual(['allow_always']);
    expect(await page.evaluate(() => (window as unknown as L).__out.decisions)).toEqual([
      'allow_always',
    ]);
    const kept = await page.evaluate(() => {
      const { engine, audit } = (window as unknown as L).__lab;
      return { grants: engine.grants().length, audit: audit().length };
    });
    expect(kept).toEqual({ grants: 0, audit: 0 });
  });

  it('its signal takes the sheet down and answers Deny once', async () => {
    const page = await open();
    await page.evaluate((c) => {
      const { __lab: lab, __out: out } = window as unknown as L;
      const controller = new AbortController();
      (window as unknown as { __abort: () => void }).__abort = () => controller.abort();
      void lab.hooks.show!(c, undefined, { signal: controller.signal }).then((choice) =>
        out.answers.push(choice),
      );
    }, call(tools.notesPut));
    await opened(page, ROOT);
    await page.evaluate(() => (window as unknown as { __abort: () => void }).__abort());
    await page.waitForFunction(() => (window as unknown as L).__out.answers.length === 1);
    expect(await answers(page)).toEqual(['deny_once']);
    expect(await count(page, ROOT)).toBe(0);
  });
});

describe('fail-closed', () => {
  it('a sheet that cannot render settles its request (presenter.fail): Deny once, cancel', async () => {
    const page = await open('mountBroken');
    const denied = await page.evaluate(async (c) => {
      const { engine, presenter } = (window as unknown as L).__lab;
      return engine.request(c, { prompt: presenter!.prompt });
    }, call(tools.notesPut));
    expect(denied).toMatchObject({ allowed: false, choice: 'deny_once' });
    const cancelled = await page.evaluate(
      ([params, srv]) => (window as unknown as L).__lab.presenter!.elicit({ params, server: srv }),
      [surveyForm, server] as const,
    );
    expect(cancelled).toEqual({ action: 'cancel' });
    expect(await page.evaluate(() => (window as unknown as L).__lab.ends())).toEqual([
      'failed',
      'failed',
    ]);
    expect(await count(page, '[data-part="root"]')).toBe(0);
  });

  it('unmounting the provider disposes the presenter it owns: what waits is denied or cancelled', async () => {
    const page = await open();
    await ask(page, 'request', call(tools.notesPut));
    await opened(page, ROOT);
    await ask(page, 'elicit', call(tools.notesPut));
    await page.evaluate(() => (window as unknown as L).__lab.unmount());
    await page.waitForFunction(() => (window as unknown as L).__out.answers.length === 2);
    // The engine's result comes a turn after the presenter's answer: either order.
    expect(await answers(page)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ allowed: false, choice: 'deny_once' }),
        { action: 'cancel' },
      ]),
    );
  });
});
