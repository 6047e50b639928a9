import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type ServerRef,
} from '@mcp-consent/engine';
import { guardClient, type ElicitationRequest } from '@mcp-consent/mcp';
import { createElicitationPrompt, type ElicitResult } from '@mcp-consent/prompt';
import { createTranslator } from '@mcp-consent/i18n';
import { findCompromise } from '../../packages/elements/test/compromise.js';
import { openGallery } from '../../packages/elements/test/gallery.js';
import { fixtureDir as litFixtureDir } from '../../packages/elements/test/lit-driver.js';
import { harness } from '../../packages/ink/test/harness.js';
import { foreignOutput } from '../../packages/ink/test/virtual-terminal.js';
import { openFixture, sharedBrowser } from '../../packages/react/test/react-driver.js';
import { until } from '../scenarios/poll.js';
import { forbiddenOnScreen } from '../scenarios/fixtures.js';
import { launchChromium, startFixtureServer, type FixtureServer } from '../support/browser.js';
import { jsonText, pageProblems, watch } from './browser-hosts.js';
import {
  createHostileServer,
  HOMOGLYPH_SERVER,
  hostileElicitations,
  type HostileElicitation,
} from './hostile-server.js';
import { report } from './support.js';

/**
 * Hostile elicitations (issue 10): the hostile MCP server asks with `server.server.elicitInput`
 * over the real SDK; `guardClient` hands each question to a renderer (the prompt model itself,
 * Ink, Lit, React). Every message, title, description, enum label and URL is an attack. For each:
 * the text is shown neutralized (no control, bidi, zero-width or tag character, markup as text),
 * a URL's host is shown as the parser reads it, nothing is opened, nothing escapes, and Decline
 * answers the server `decline`. URLs the guard refuses (javascript:, data:) are declined before
 * any renderer; they are then shown to the renderer directly too, which must offer no way to open
 * them.
 */
const SERVER: ServerRef = { id: 'hostile', name: HOMOGLYPH_SERVER };
const en = createTranslator('en-US');
const GUARD = 1000;
const figures: string[] = [];
afterAll(() => report(`hostile elicitation: ${figures.join('; ')}`));

/** One renderer, as the test drives it. */
interface Renderer {
  elicit(request: Pick<ElicitationRequest, 'params' | 'server'>): Promise<ElicitResult>;
  waitOpen(): Promise<void>;
  /** Passes the input guard (the prompt ignores input for a moment after it appears). */
  passGuard(): Promise<void>;
  /** The visible text of the question. */
  screen(): Promise<string>;
  /** Signs of escape: script, markup, layout, raw terminal sequences. */
  problems(): Promise<string[]>;
  /** Answers Decline the way a user would (key or click). */
  decline(hasFields: boolean): Promise<void>;
  /** URLs the renderer opened or asked the host to open. */
  opened(): Promise<string[]>;
  dispose(): Promise<void>;
}

const hasFields = (e: HostileElicitation) =>
  e.params.mode !== 'url' && Object.keys(e.params.requestedSchema.properties).length > 0;

/**
 * Strings reachable from the model's API object (what any renderer is given to show), except an
 * option's `value`: the server's own enum value, sent back as is and never shown (its label is).
 */
function strings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, item]) =>
    key === 'value' ? [] : strings(item, seen),
  );
}

async function runRenderer(name: string, renderer: Renderer): Promise<void> {
  const started = performance.now();
  const hostile = createHostileServer();
  const hostOpened: string[] = [];
  let asked = 0;
  const engine = createPermissionEngine({ store: memoryStore() });
  const client = guardClient(new Client({ name: 'hardening', version: '0' }), {
    engine,
    server: SERVER,
    userId: 'alice',
    workspaceId: 'ws',
    prompt: () => 'deny_once',
    elicit: (request) => ((asked += 1), renderer.elicit(request)),
    openUrl: (url) => void hostOpened.push(url),
    onWarning: () => {},
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await hostile.server.connect(serverSide);
  await client.connect(clientSide);

  const problems: string[] = [];
  let declined = 0;
  let refused = 0;
  let hostsShown = 0;
  const show = async (e: HostileElicitation, answer: Promise<ElicitResult>) => {
    await renderer.waitOpen();
    const screen = await renderer.screen();
    problems.push(...(await renderer.problems()).map((p) => `${e.name}: ${p}`));
    expect(screen.length, `${name} ${e.name}`).toBeLessThan(200_000);
    for (const char of forbiddenOnScreen) expect(screen, `${name} ${e.name}`).not.toContain(char);
    if (e.name === 'form' && name !== 'ink') expect(screen).toContain('<img src=x onerror=');
    if (e.host) {
      expect(screen, `${name} shows the host of ${e.name}`).toContain(e.host);
      hostsShown += 1;
    }
    await renderer.passGuard();
    await renderer.decline(hasFields(e));
    expect(await answer, `${name} ${e.name}`).toEqual({ action: 'decline' });
    declined += 1;
    problems.push(...(await renderer.problems()).map((p) => `${e.name} after: ${p}`));
  };
  try {
    for (const e of hostileElicitations) {
      const before = asked;
      const answer = hostile.server.server.elicitInput(e.params) as Promise<ElicitResult>;
      answer.catch(() => {}); // awaited below; a failed check must not leave it unhandled
      if (e.refused) {
        // Declined by the guard before any renderer saw it; then shown to the renderer directly.
        expect(await answer, e.name).toEqual({ action: 'decline' });
        expect(asked, e.name).toBe(before);
        refused += 1;
        await show(e, renderer.elicit({ params: e.params, server: SERVER }));
      } else {
        await show(e, answer);
        expect(asked, e.name).toBe(before + 1);
      }
    }
  } finally {
    await client.close();
    await renderer.dispose();
  }
  const opened = [...hostOpened, ...(await renderer.opened().catch(() => []))];
  const total = hostileElicitations.length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  figures.push(
    `${name} ${total} requests (${refused} refused by the guard, then shown directly), ` +
      `${problems.length} escapes, ${hostsShown}/${hostileElicitations.filter((e) => e.host).length} hosts shown, ` +
      `${declined} declined, ${opened.length} URLs opened` +
      ` (${seconds} s)`,
  );
  expect(problems).toEqual([]);
  expect(opened).toEqual([]);
  expect(declined).toBe(total);
}

describe('hostile elicitation over the real SDK', () => {
  it('through the prompt model', async () => {
    const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
    let current: { api: ReturnType<ReturnType<typeof createElicitationPrompt>['connect']> } | null =
      null;
    await runRenderer('model', {
      elicit: (request) =>
        new Promise((resolve) => {
          const prompt = createElicitationPrompt(request.params as never, {
            server: request.server,
            clock,
            onResult: (result) => {
              current = null;
              prompt.destroy();
              resolve(result);
            },
          });
          current = { api: prompt.connect() };
        }),
      waitOpen: () => until(() => current !== null, 'model'),
      passGuard: async () => clock.advance(GUARD),
      screen: async () => strings(current!.api).join('\n'),
      problems: async () => [],
      decline: async () => {
        expect(current!.api.decline()).toEqual({ accepted: true });
      },
      opened: async () => [],
      dispose: async () => {},
    });
  });

  /**
   * Found by this suite: a URL question with a long message and a long URL drew a frame taller
   * than the terminal, and Ink then cleared the screen and the scrollback (ESC[2J ESC[3J) when it
   * closed. The address is now shortened to the rows left (host whole), so the frame fits.
   */
  it('Ink: a question taller than the terminal leaves the screen and scrollback alone', async () => {
    const h = harness({ rows: 60, columns: 100 });
    const e = hostileElicitations.find((item) => item.name === '10 MB message with a URL')!;
    const answer = h.prompter.elicit({ params: e.params, server: SERVER });
    await until(() => h.prompter.getSnapshot().current?.kind === 'elicitation', 'ink elicitation');
    await h.passGuard();
    await h.press('\r');
    expect(await answer).toEqual({ action: 'decline' });
    await h.quiet();
    h.dispose();
    expect(foreignOutput(h.terminal.writes.join(''))).toEqual([]);
  });

  it('through the Ink renderer', async () => {
    const h = harness({ rows: 60, columns: 100 });
    // The form's Decline, second of the numbered answers (Not now, Don't share, Submit).
    const decline = `› 2. ${en.t('mcp.elicitation.action.decline')}`;
    let written = 0;
    await runRenderer('ink', {
      elicit: (request) => h.prompter.elicit({ params: request.params, server: request.server }),
      waitOpen: () =>
        until(() => h.prompter.getSnapshot().current?.kind === 'elicitation', 'ink elicitation'),
      passGuard: () => h.passGuard(),
      screen: async () => {
        await h.quiet();
        return h.screen();
      },
      problems: async () => {
        const raw = h.terminal.writes.slice(written).join('');
        written = h.terminal.writes.length;
        return foreignOutput(raw);
      },
      async decline(fields) {
        // URL mode and bare confirmations focus Decline; a form reaches it with Tab.
        for (let i = 0; fields && i < 12 && !h.text().includes(decline); i++) await h.press('\t');
        if (fields) await h.sees(decline);
        await h.press('\r');
      },
      opened: async () => [],
      dispose: async () => h.dispose(),
    });
  });

  describe('in Chromium', () => {
    let lit: Promise<[Browser, FixtureServer]> | undefined;
    const react = sharedBrowser();
    afterAll(async () => {
      if (lit) {
        const [browser, server] = await lit;
        await browser.close();
        await server.close();
      }
      await react.close();
    });

    /** Shared by both pages: the page watchdog, the request crossing as JSON text, a real click. */
    const browserRenderer = async (
      page: Page,
      sheet: string,
      root: string,
      parts: {
        elicit(json: string): Promise<ElicitResult>;
        passGuard(): Promise<void>;
        own(): Promise<string[]>;
        opened(): Promise<string[]>;
      },
    ): Promise<Renderer> => {
      const watched: string[] = [];
      await watch(page, { sheet }, watched);
      return {
        elicit: (request) =>
          parts.elicit(jsonText({ params: request.params, server: request.server })),
        waitOpen: () => page.locator(`${root} [data-action='decline']`).waitFor(),
        passGuard: parts.passGuard,
        screen: () => page.locator(root).innerText(),
        problems: async () => [
          ...watched.splice(0),
          ...(await parts.own()),
          ...(await pageProblems(page, { sheet })),
        ],
        async decline() {
          await page.locator(`${root} [data-action='decline']`).click();
        },
        opened: parts.opened,
        dispose: () => page.context().close(),
      };
    };

    it('through the Lit <mcp-elicitation-sheet>', async () => {
      const [browser, server] = await (lit ??= Promise.all([
        launchChromium(),
        startFixtureServer(litFixtureDir),
      ]));
      const page = await openGallery(browser, server);
      await page.evaluate(() => {
        const sheet = document.createElement('mcp-elicitation-sheet');
        const clock = window.__kit.createManualClock();
        sheet.clock = clock;
        const opened: string[] = [];
        sheet.addEventListener('mcp-elicitation-result', (event) => {
          const { openUrl } = (event as CustomEvent<{ openUrl: string | null }>).detail;
          if (openUrl) opened.push(openUrl);
        });
        document.querySelector('main')!.append(sheet);
        Object.assign(window, { __sheet: sheet, __clock: clock, __openUrls: opened });
      });
      type W = {
        __sheet: HTMLElementTagNameMap['mcp-elicitation-sheet'];
        __clock: { advance(ms: number): void };
        __openUrls: string[];
      };
      await runRenderer(
        'lit',
        await browserRenderer(page, 'mcp-elicitation-sheet', 'mcp-elicitation-sheet dialog[open]', {
          elicit: (json) =>
            page.evaluate((text) => {
              const { params, server } = JSON.parse(text) as { params: never; server: ServerRef };
              return (window as unknown as W).__sheet.show(params, { server });
            }, json),
          passGuard: () =>
            page.evaluate((ms) => (window as unknown as W).__clock.advance(ms), GUARD),
          own: () => findCompromise(page, 'mcp-elicitation-sheet'),
          opened: () => page.evaluate(() => [...(window as unknown as W).__openUrls]),
        }),
      );
    });

    it('through the React <ElicitationSheet>', async () => {
      const { page } = await openFixture(react, 'index.html', {
        viewport: { width: 1280, height: 800 },
      });
      type W = {
        __start(options: object): void;
        __elicit(request: unknown, server: ServerRef): void;
        __elicited: ElicitResult[];
        __opened: string[];
        __host: { advance(ms: number): void };
      };
      await page.evaluate(() => (window as unknown as W).__start({}));
      const root = '[data-scope="elicitation"][data-state="open"]';
      await runRenderer(
        'react',
        await browserRenderer(page, '#app, [data-mcp-layer], style[data-precedence]', root, {
          elicit: (json) =>
            page.evaluate(async (text) => {
              const w = window as unknown as W;
              const { params, server } = JSON.parse(text) as { params: unknown; server: ServerRef };
              const count = w.__elicited.length;
              w.__elicit(params, server);
              while (w.__elicited.length === count) await new Promise((r) => setTimeout(r, 10));
              return w.__elicited[count]!;
            }, json),
          passGuard: async () => {
            await page.evaluate((ms) => (window as unknown as W).__host.advance(ms), GUARD);
            await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
          },
          own: async () => [],
          opened: () => page.evaluate(() => [...(window as unknown as W).__opened]),
        }),
      );
    });
  });
});
