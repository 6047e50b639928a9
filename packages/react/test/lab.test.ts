import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolCall } from '@mcp-consent/engine';
import { call, tools } from '../../../test/scenarios/fixtures.js';
import type { Lab } from './fixture/lab-page.js';
import { openLab, sharedBrowser } from './react-driver.js';
import { confirmRequest, urlRequest } from './states.js';

type L = { __lab: Lab; __ask: Parameters<Lab['engine']['request']>[1]['prompt'] };
const shared = sharedBrowser();
afterAll(() => shared.close());

const probe = async (page: Page) =>
  JSON.parse((await page.textContent('#hooks')) ?? 'null') as {
    grants: string[];
    pending: string[];
    checking: boolean;
  };
/** `engine.request` in the page; `ask`: through the controlled sheet, else a prompt that never answers. */
const request = (page: Page, c: ToolCall, ask = true) =>
  page.evaluate(
    ([c, ask]) => {
      const w = window as unknown as L & { __results: unknown[] };
      w.__results ??= [];
      void w.__lab.engine
        .request(c, { prompt: ask ? (r) => w.__ask(r) : () => new Promise(() => {}) })
        .then((result) => w.__results.push(result));
    },
    [c, ask] as const,
  );
const advance = (page: Page, ms: number) =>
  page.evaluate((n) => (window as unknown as L).__lab.clock.advance(n), ms);

describe('hooks (DOM-free, in react-dom)', () => {
  it('useChecking turns true after 100 ms on the manual clock, usePendingPrompts and useGrants follow the engine', async () => {
    const { context, page } = await openLab(shared);
    await page.evaluate(() => (window as unknown as L).__lab.mountHooks());
    expect(await probe(page)).toEqual({ grants: [], pending: [], checking: false });

    // The store has not loaded: the engine is checking, and says so only after 100 ms.
    await request(page, call(tools.notesPut), false);
    await advance(page, 99);
    expect((await probe(page)).checking).toBe(false);
    await advance(page, 1);
    await page.waitForFunction(() =>
      document.querySelector('#hooks')?.textContent?.includes('"checking":true'),
    );

    await page.evaluate(() => (window as unknown as L).__lab.releaseStore());
    await page.waitForFunction(() =>
      document.querySelector('#hooks')?.textContent?.includes('"checking":false'),
    );
    await page.waitForFunction(
      () => !document.querySelector('#hooks')?.textContent?.includes('"pending":[]'),
    );
    const [id] = (await probe(page)).pending;
    expect(id).toBeTypeOf('string');

    await page.evaluate(
      (promptId) => (window as unknown as L).__lab.engine.resolve(promptId, 'allow_always'),
      id!,
    );
    await page.waitForFunction(() =>
      document.querySelector('#hooks')?.textContent?.includes('notes_put'),
    );
    expect(await probe(page)).toMatchObject({ grants: ['notes_put'], pending: [] });

    await page.evaluate(async () => {
      const { engine } = (window as unknown as L).__lab;
      await engine.revoke(engine.grants()[0]!);
    });
    await page.waitForFunction(() =>
      document.querySelector('#hooks')?.textContent?.includes('"grants":[]'),
    );
    await context.close();
  });
});

describe('server render, then hydration', () => {
  it('hydrates a server-rendered page with the provider without mismatches, then shows prompts', async () => {
    const { context, page } = await openLab(shared);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const html = await page.evaluate(() => {
      const { __lab } = window as unknown as L;
      __lab.releaseStore();
      return __lab.serverRenderAndHydrate();
    });
    expect(html).toContain('data-scope="manager"');
    expect(html).not.toContain('role="dialog"');
    await page.waitForFunction(() => (window as unknown as L).__lab.ssrPrompt !== undefined);
    await page.evaluate((c) => {
      const { __lab } = window as unknown as L;
      void __lab.engine.request(c, { prompt: __lab.ssrPrompt! });
    }, call(tools.notesPut));
    await page.waitForFunction(() =>
      document.activeElement?.closest('[data-part="root"][data-state="open"]'),
    );
    expect(await page.evaluate(() => (window as unknown as L).__lab.hydrationErrors)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('controlled use (no provider)', () => {
  it('<PermissionSheet request onDecision> shows the host-held request and reports the answer', async () => {
    const { context, page } = await openLab(shared);
    await page.evaluate(() => {
      const { __lab } = window as unknown as L;
      __lab.releaseStore();
      __lab.mountControlled();
    });
    await page.focus('#opener');
    await request(page, call(tools.notesDelete));
    await page.waitForFunction(() =>
      document.activeElement?.closest('[data-part="root"][data-state="open"]'),
    );
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.choice)).toBe(
      'deny_once',
    );
    await advance(page, 500);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-part="root"]'));
    expect(await page.evaluate(() => (window as unknown as L).__lab.decisions)).toEqual([
      'deny_once',
    ]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('opener');
    const results = await page.evaluate(
      () => (window as unknown as { __results: unknown[] }).__results,
    );
    expect(results).toMatchObject([{ allowed: false, choice: 'deny_once' }]);
    await context.close();
  });

  it('<ElicitationSheet request server onResult>: a bare confirmation focuses Decline; URL mode leaves opening to the host', async () => {
    const { context, page } = await openLab(shared);
    const server = { id: 'notes', name: 'Notes server' };
    await page.evaluate(([r, s]) => (window as unknown as L).__lab.mountElicitation(r, s), [
      confirmRequest,
      server,
    ] as const);
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.dataset.action === 'decline',
    );
    await advance(page, 500);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('[data-part="root"]'));

    await page.evaluate(([r, s]) => (window as unknown as L).__lab.mountElicitation(r, s), [
      urlRequest,
      server,
    ] as const);
    await page.waitForSelector('[data-part="url-host"]');
    await advance(page, 500);
    await page.click('[data-action="accept"]');
    expect(await page.evaluate(() => (window as unknown as L).__lab.results)).toEqual([
      { action: 'decline' },
      { action: 'accept' },
    ]);
    await context.close();
  });
});
