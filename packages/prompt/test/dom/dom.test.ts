import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../../../test/support/browser.js';
import type { DomModule } from './fixture/main.js';

/** The module inside the page (`page.evaluate` callbacks are serialized: cast there). */
type W = Window & { __dom: DomModule };

let browser: Browser;
let server: FixtureServer;
let page: Page;
beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchChromium(),
    startFixtureServer(fileURLToPath(new URL('./fixture/', import.meta.url))),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
const open = async (body: string) => {
  const context = await browser.newContext();
  page = await context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => '__dom' in window);
  await page.evaluate((html) => {
    document.body.insertAdjacentHTML('beforeend', html);
    // Declarative shadow roots are not parsed by insertAdjacentHTML: attach them by hand.
    for (const host of document.querySelectorAll<HTMLElement>('[data-shadow]')) {
      const root = host.attachShadow({ mode: host.dataset.shadow as ShadowRootMode });
      root.append(...(host.querySelector('template') as HTMLTemplateElement).content.childNodes);
    }
  }, body);
  return page;
};
afterEach(async () => {
  await page?.context().close();
});

/** The id of what has focus, through shadow roots. */
const focused = (p: Page) =>
  p.evaluate(() => (window as unknown as W).__dom.deepActiveElement()?.id ?? null);

const SHEET = `
  <button id="outside">outside</button>
  <div id="sheet">
    <button id="first">first</button>
    <span id="hidden-host" data-shadow="open">
      <template>
        <input id="in-shadow" />
        <button id="disabled" disabled>x</button>
        <button id="invisible" style="visibility: hidden">x</button>
        <button id="minus" tabindex="-1">x</button>
        <span id="nested" data-shadow="open"><template><a id="deep" href="#">deep</a></template></span>
      </template>
    </span>
    <span data-shadow="closed"><template><button id="closed">closed</button></template></span>
    <button id="gone" hidden>x</button>
    <button id="last">last</button>
  </div>`;

describe('focus', () => {
  it('tabbables look through open shadow roots (nested too), in order, and skip what Tab cannot reach', async () => {
    const p = await open(SHEET);
    // Nested shadow hosts are attached after their parents: attach again for the inner one.
    await p.evaluate(() => {
      const outer = document.getElementById('hidden-host')!.shadowRoot!;
      const host = outer.getElementById('nested')!;
      const root = host.attachShadow({ mode: 'open' });
      root.append(...host.querySelector('template')!.content.childNodes);
    });
    const ids = await p.evaluate(() =>
      (window as unknown as W).__dom
        .tabbables(document.getElementById('sheet')!)
        .map((el) => el.id),
    );
    expect(ids).toEqual(['first', 'in-shadow', 'deep', 'last']);
  });

  it('cycleTab moves across shadow boundaries, wraps both ways, and ignores modified Tabs', async () => {
    const p = await open(SHEET);
    await p.evaluate(() => {
      const outer = document.getElementById('hidden-host')!.shadowRoot!;
      const host = outer.getElementById('nested')!;
      host
        .attachShadow({ mode: 'open' })
        .append(...host.querySelector('template')!.content.childNodes);
      const sheet = document.getElementById('sheet')!;
      sheet.addEventListener('keydown', (event) =>
        (window as unknown as W).__dom.cycleTab(event, sheet),
      );
      document.getElementById('last')!.focus();
    });
    const seen: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      await p.keyboard.press('Tab');
      seen.push(await focused(p));
    }
    expect(seen).toEqual(['first', 'in-shadow', 'deep', 'last', 'first']);
    await p.keyboard.press('Shift+Tab');
    expect(await focused(p)).toBe('last');
    await p.keyboard.press('Shift+Tab');
    expect(await focused(p)).toBe('deep');
    const modified = await p.evaluate(() =>
      (['altKey', 'ctrlKey', 'metaKey'] as const).map((modifier) =>
        (window as unknown as W).__dom.cycleTab(
          new KeyboardEvent('keydown', { key: 'Tab', [modifier]: true }),
          document.getElementById('sheet'),
        ),
      ),
    );
    expect(modified).toEqual([false, false, false]);
    expect(await focused(p)).toBe('deep');
  });

  it('trapFocus moves focus in, pulls it back (newest trap only), and returns it to the opener', async () => {
    const p = await open(`
      <button id="opener">opener</button>
      <div id="a"><button id="a1">a1</button></div>
      <div id="b"><button id="b1">b1</button></div>`);
    await p.evaluate(() => {
      const { trapFocus } = (window as unknown as W).__dom;
      const w = window as unknown as W & Record<string, { release(): void }>;
      document.getElementById('opener')!.focus();
      w.a = trapFocus(() => document.getElementById('a'), {
        initial: () => document.getElementById('a1'),
        contain: true,
      });
    });
    expect(await focused(p)).toBe('a1');
    await p.focus('#opener');
    expect(await focused(p)).toBe('a1');
    // A second sheet opened from the first: only it holds focus; closing it returns to a1.
    await p.evaluate(() => {
      const w = window as unknown as W & Record<string, { release(): void }>;
      w.b = w.__dom.trapFocus(() => document.getElementById('b'), {
        initial: () => document.getElementById('b1'),
        contain: true,
      });
    });
    expect(await focused(p)).toBe('b1');
    await p.focus('#a1');
    expect(await focused(p)).toBe('b1');
    await p.evaluate(() => (window as unknown as Record<string, { release(): void }>).b!.release());
    expect(await focused(p)).toBe('a1');
    await p.evaluate(() => (window as unknown as Record<string, { release(): void }>).a!.release());
    expect(await focused(p)).toBe('opener');
  });

  it('a released trap leaves focus alone when it was moved elsewhere meanwhile', async () => {
    const p = await open(`
      <button id="opener">opener</button><button id="elsewhere">elsewhere</button>
      <div id="a"><button id="a1">a1</button></div>`);
    await p.evaluate(() => {
      const w = window as unknown as W;
      document.getElementById('opener')!.focus();
      const trap = w.__dom.trapFocus(() => document.getElementById('a'), {
        initial: () => document.getElementById('a1'),
      });
      document.getElementById('elsewhere')!.focus(); // not contained: the host moved it
      trap.release();
    });
    expect(await focused(p)).toBe('elsewhere');
  });
});

/** `inert` of each id'd element of the page, in the order given. */
const inert = (p: Page, ids: string[]) =>
  p.evaluate(
    (list) =>
      Object.fromEntries(
        list.map((id) => [id, document.getElementById(id)!.hasAttribute('inert')]),
      ) as Record<string, boolean>,
    ids,
  );

describe('inertOutside', () => {
  const PAGE = `
    <main id="main"><h1 id="title">Host</h1><div id="app"><div id="inline"></div></div></main>
    <aside id="own" inert>the page's own inert</aside>
    <script id="script"></script>
    <div id="layer-a"><button id="in-a">a</button></div>
    <div id="layer-b"><button id="in-b">b</button></div>`;
  const ALL = ['main', 'own', 'script', 'layer-a', 'layer-b'];
  type Holds = W & Record<string, () => void>;
  const hold = (p: Page, name: string, id: string) =>
    p.evaluate(
      ([n, i]) => {
        const w = window as unknown as Holds;
        w[n!] = w.__dom.inertOutside(document.getElementById(i!)!);
      },
      [name, id],
    );
  const release = (p: Page, name: string) =>
    p.evaluate((n) => (window as unknown as Holds)[n]!(), name);

  it('two sheets: only the newest stays live, either may close first, and the page is restored exactly', async () => {
    const p = await open(PAGE);
    await hold(p, 'a', 'layer-a');
    expect(await inert(p, ALL)).toEqual({
      main: true,
      own: true,
      script: false,
      'layer-a': false,
      'layer-b': true,
    });
    await hold(p, 'b', 'layer-b');
    expect(await inert(p, ALL)).toMatchObject({ main: true, 'layer-a': true, 'layer-b': false });
    // The older sheet closes first: the newer one stays live and the page stays inert.
    await release(p, 'a');
    expect(await inert(p, ALL)).toMatchObject({ main: true, 'layer-a': true, 'layer-b': false });
    await release(p, 'b');
    await release(p, 'b'); // twice is harmless
    expect(await inert(p, ALL)).toEqual({
      main: false,
      own: true, // the page's own attribute is never taken away
      script: false,
      'layer-a': false,
      'layer-b': false,
    });
  });

  it('the newer sheet closing makes the older one live again; a sheet inside the page inerts its way up', async () => {
    const p = await open(PAGE);
    await hold(p, 'a', 'layer-a');
    await hold(p, 'inline', 'inline');
    // Inside <main>: its siblings at every level are inert, its ancestors are not.
    expect(await inert(p, [...ALL, 'title', 'app'])).toEqual({
      main: false,
      own: true,
      script: false,
      'layer-a': true,
      'layer-b': true,
      title: true,
      app: false,
    });
    await release(p, 'inline');
    expect(await inert(p, [...ALL, 'title'])).toMatchObject({
      main: true,
      'layer-a': false,
      'layer-b': true,
      title: false,
    });
    await release(p, 'a');
    expect(await inert(p, ['main', 'layer-b'])).toEqual({ main: false, 'layer-b': false });
  });

  it('elements added beside the sheet later become inert; a sheet removed from the page lets go', async () => {
    const p = await open(PAGE);
    await hold(p, 'a', 'layer-a');
    await p.evaluate(() => {
      const toast = document.createElement('div');
      toast.id = 'toast';
      document.body.append(toast);
    });
    await p.waitForFunction(() => document.getElementById('toast')!.hasAttribute('inert'));
    // Inert content can be neither focused nor clicked.
    await p.evaluate(() => {
      const w = window as unknown as W & { __clicks: number };
      w.__clicks = 0;
      const button = document.createElement('button');
      button.id = 'late';
      button.textContent = 'late';
      button.addEventListener('click', () => w.__clicks++);
      document.getElementById('main')!.append(button);
      button.focus();
    });
    expect(await focused(p)).not.toBe('late');
    const box = (await p.locator('#late').boundingBox())!;
    await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(await p.evaluate(() => (window as unknown as { __clicks: number }).__clicks)).toBe(0);
    // The sheet leaves the page without releasing: nothing holds the page any more.
    await p.evaluate(() => document.getElementById('layer-a')!.remove());
    await p.waitForFunction(() => !document.getElementById('main')!.hasAttribute('inert'));
    expect(await inert(p, ['main', 'toast', 'late', 'layer-b'])).toEqual({
      main: false,
      toast: false,
      late: false,
      'layer-b': false,
    });
    await p.locator('#late').click();
    expect(await p.evaluate(() => (window as unknown as { __clicks: number }).__clicks)).toBe(1);
    await release(p, 'a'); // a late release is harmless
  });
});
