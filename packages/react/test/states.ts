import type { Page } from 'playwright-core';
import { DAY_MS, type ServerRef } from '@mcp-consent/engine';
import type { ElicitRequest } from '@mcp-consent/prompt';
import {
  call,
  dryRunExtras,
  dryRunPreview,
  hostileCall,
  hostileHint,
  longArgs,
  tools,
} from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import type { FixtureWindow } from './fixture/globals.js';
import { pageHost } from './react-driver.js';

type W = FixtureWindow;

const server: ServerRef = { id: 'notes', name: 'Notes server', trusted: false };

/** A form with every field kind the model renders. */
export const formRequest: ElicitRequest = {
  message: 'Where should the note go?\nPick a folder and a due date.',
  requestedSchema: {
    type: 'object',
    properties: {
      title: { type: 'string', title: 'Title', minLength: 2 },
      email: { type: 'string', format: 'email', title: 'Share with', description: 'Optional.' },
      folder: {
        type: 'string',
        title: 'Folder',
        enum: ['work', 'home'],
        enumNames: ['Work', 'Home'],
      },
      tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['urgent', 'later'] } },
      copies: { type: 'integer', title: 'Copies', minimum: 1, maximum: 5, default: 1 },
      due: { type: 'string', format: 'date', title: 'Due' },
      pinned: { type: 'boolean', title: 'Pin it', default: false },
    },
    required: ['title', 'folder'],
  },
};
export const confirmRequest: ElicitRequest = {
  message: 'Delete 3 archived notes?',
  requestedSchema: { type: 'object', properties: {} },
};
export const urlRequest: ElicitRequest = {
  mode: 'url',
  message: 'Sign in to continue.',
  url: 'http://xn--80ak6aa92e.com/login?next=/notes',
  elicitationId: 'sign-in',
};
export const badUrlRequest: ElicitRequest = {
  mode: 'url',
  message: 'Open this.',
  url: 'javascript:alert(1)',
  elicitationId: 'bad',
};

/** One state of the UI to check (axe, screenshots): `enter` puts the page in it. */
export interface UiState {
  name: string;
  enter(page: Page): Promise<void>;
}

const sheetOpen = (scope: string) => (page: Page) =>
  page.waitForFunction((selector) => {
    const root = document.querySelector(selector);
    return root !== null && root.contains(document.activeElement);
  }, `[data-scope="${scope}"][data-part="root"][data-state="open"]`);
const noSheet = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[data-part="root"][role="dialog"]'));
const elicit = async (page: Page, request: ElicitRequest) => {
  await page.evaluate(([r, s]) => (window as unknown as W).__elicit(r, s), [
    request,
    server,
  ] as const);
  await sheetOpen('elicitation')(page);
  await pageHost(page, async () => {}).advance(GUARD_MS);
};

/**
 * Every state of every surface, in an order that walks one page through all of
 * them (each state leaves the page ready for the next). The page must have been
 * started with the manager and `allowAlwaysExpiresInMs`.
 */
export function uiStates(): UiState[] {
  let page: Page;
  const h = () => pageHost(page, async () => {});
  const ask = async (...calls: Parameters<ReturnType<typeof h>['request']>[0][]) => {
    for (const c of calls) await h().request(c);
    await h().waitForPrompt();
  };
  const state = (name: string, enter: () => Promise<void>): UiState => ({
    name,
    enter: async (p) => {
      page = p;
      await enter();
    },
  });
  return [
    state('manager, empty', async () => {}),
    state('permission, medium risk, input guard active', () => ask(call(tools.notesPut))),
    state('permission, medium risk, ready', () => h().advance(GUARD_MS)),
    state('permission, high risk, destructive (Allow always disabled)', async () => {
      await h().press('1');
      await ask(call(tools.notesDelete));
      await h().advance(GUARD_MS);
    }),
    state('permission, low risk (expires detail)', async () => {
      await h().press('4');
      await ask(call(tools.notesList));
      await h().advance(GUARD_MS);
    }),
    state('permission, unannotated tool, first of a queue of two', async () => {
      await h().click('allow_always');
      await noSheet(page);
      await ask(call({ name: 'notes_put' }), call(tools.notesPut, { args: longArgs }));
      await h().advance(GUARD_MS);
    }),
    state('permission, long arguments expanded', async () => {
      await h().press('3');
      await h().waitForPrompt();
      await h().advance(GUARD_MS);
      await h().expandArguments();
    }),
    state('permission, hostile server text', async () => {
      await h().press('Escape');
      await ask(hostileCall);
      await h().advance(GUARD_MS);
    }),
    state('permission, expired grant notice', async () => {
      await h().press('Escape');
      await noSheet(page);
      await h().advance(91 * DAY_MS);
      await ask(call(tools.notesList));
      await h().advance(GUARD_MS);
    }),
    state('dry-run preview (seed 001)', async () => {
      await h().press('3');
      await noSheet(page);
      await h().request(call(tools.messagesSend, { args: dryRunPreview }), dryRunExtras());
      await h().waitForPrompt();
      await h().advance(GUARD_MS);
    }),
    state('dry-run preview, hostile server hint', async () => {
      await h().press('Escape');
      await noSheet(page);
      const hint = dryRunExtras(hostileHint);
      await h().request(call(tools.messagesSend, { args: dryRunPreview }), hint);
      await h().waitForPrompt();
      await h().advance(GUARD_MS);
    }),
    state('elicitation, form', async () => {
      await h().press('Escape');
      await noSheet(page);
      await elicit(page, formRequest);
    }),
    state('elicitation, form with errors', async () => {
      await page.click('[data-scope="elicitation"][data-action="accept"]');
    }),
    state('elicitation, confirmation', async () => {
      await page.keyboard.press('Escape');
      await elicit(page, confirmRequest);
    }),
    state('elicitation, URL with warnings', async () => {
      await page.keyboard.press('Escape');
      await elicit(page, urlRequest);
    }),
    state('elicitation, URL that cannot be opened', async () => {
      await page.keyboard.press('Escape');
      await elicit(page, badUrlRequest);
    }),
    state('manager, grants and history', async () => {
      await page.keyboard.press('Escape');
      await noSheet(page);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-part="audit-row"]').length > 0,
      );
    }),
    state('manager, confirm revoke all', async () => {
      await page.click('[data-part="revoke-all"]');
      await page.waitForSelector('[data-part="confirm"]:not([hidden])');
    }),
  ];
}

/** The "Checking permissions…" state needs a store that never loads: its own host. */
export async function enterChecking(page: Page, locale: string): Promise<void> {
  await page.evaluate(
    (l) => (window as unknown as W).__start({ locale: l, store: 'hang' }),
    locale,
  );
  const h = pageHost(page, async () => {});
  await h.request(call(tools.notesPut));
  await h.idle();
  await h.advance(100);
  await page.waitForSelector('[data-part="checking"]');
}
