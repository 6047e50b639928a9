import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AuditEvent, RequestResult, ToolCall } from '@mcp-consent/engine';
import { fixtureDir as litFixtureDir, litHost } from '../../packages/elements/test/lit-driver.js';
import { openFixture, pageHost, sharedBrowser } from '../../packages/react/test/react-driver.js';
import type { RendererDriver, ScenarioHost } from '../scenarios/driver.js';
import { launchChromium, startFixtureServer, type FixtureServer } from '../support/browser.js';

/**
 * The Lit and React scenario hosts (packages/elements/test/lit-driver.ts,
 * packages/react/test/react-driver.ts, on their own fixture pages) made fit for hostile calls:
 *
 * - A call crosses into the page as JSON text and is parsed there: `page.evaluate`'s serializer
 *   overflows its stack on a 10 000-deep argument, `JSON.parse` does not.
 * - `compromised()` also watches the whole page, not only the sheet: dialogs (alert, confirm),
 *   navigations and new pages, page errors (crashes), a changed `document.title`, new window
 *   globals, elements added outside the sheet (any `<script>`, `<img>`, `<iframe>`, `<style>`…
 *   anywhere, event-handler attributes anywhere, shadow roots included), the host page hidden or
 *   covered by injected CSS, and a sheet that leaves the viewport.
 */
export interface HostileHost extends ScenarioHost {
  readonly page: Page;
}

export interface HostileDriver extends Omit<RendererDriver, 'start'> {
  start(): Promise<HostileHost>;
}

/** Where a renderer's sheet lives in its page, for the page watchdog. */
interface SheetSelectors {
  /** The element whose subtree is the sheet (may hold a shadow root). */
  sheet: string;
}

declare global {
  interface Window {
    __watch?: {
      added: string[];
      title: string;
      globals: string[];
    };
  }
}

/** Installs the page watchdog: records what the page looked like and every element added to it. */
export async function watch(page: Page, sheet: SheetSelectors, problems: string[]): Promise<void> {
  const url = page.url();
  page.on('dialog', (dialog) => {
    problems.push(`dialog opened: ${dialog.type()} ${JSON.stringify(dialog.message())}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message.slice(0, 200)}`));
  page.on('popup', () => problems.push('a popup opened'));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url() !== url)
      problems.push(`navigated to ${frame.url().slice(0, 100)}`);
    else if (frame !== page.mainFrame()) problems.push(`a frame navigated: ${frame.url()}`);
  });
  page.context().on('page', () => problems.push('a new page opened'));
  await page.evaluate((selector) => {
    const added: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          // Only light-DOM additions are seen here; the sheet's own subtree is its renderer's.
          if (node.closest(selector)) continue;
          added.push(node.localName);
        }
      }
    });
    observer.observe(document, { childList: true, subtree: true });
    window.__watch = {
      added,
      title: document.title,
      globals: Object.getOwnPropertyNames(window),
    };
  }, sheet.sheet);
}

/** What the watchdog saw since `watch` (page-wide), plus the renderer's own sheet checks. */
export function pageProblems(page: Page, sheet: SheetSelectors): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const seen = window.__watch!;
    if (document.title !== seen.title) problems.push(`document.title changed: ${document.title}`);
    const known = new Set(seen.globals);
    const fresh = Object.getOwnPropertyNames(window).filter(
      (name) => !known.has(name) && !name.startsWith('__'),
    );
    if (fresh.length > 0) problems.push(`new window globals: ${fresh.slice(0, 5).join(', ')}`);
    for (const name of seen.added) {
      // The renderers add their sheet (React: into #app; Lit: the element itself) and React adds
      // its stylesheet as one <style> in <head>; anything else outside the sheet is injected.
      problems.push(`element added outside the sheet: <${name}>`);
    }
    seen.added.length = 0;
    const risky = 'script, iframe, object, embed, img, link[rel=import], meta[http-equiv], base';
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const el of roots[i]!.querySelectorAll('*')) {
        if (el.shadowRoot) roots.push(el.shadowRoot);
        if (
          el.matches(risky) &&
          !(el.localName === 'script' && el.getAttribute('type') === 'module')
        )
          problems.push(`<${el.localName}> in the page`);
        for (const attr of el.getAttributeNames())
          if (/^on/i.test(attr))
            problems.push(`event handler attribute ${attr} on <${el.localName}>`);
      }
    }
    const main = document.querySelector('main');
    if (
      !main ||
      getComputedStyle(main).display === 'none' ||
      main.getBoundingClientRect().height === 0
    )
      problems.push('the host page was hidden');
    const host = document.querySelector(selector);
    if (host) {
      // Nothing may sit on top of the page except the sheet: probe the viewport's corners.
      for (const [x, y] of [
        [2, 2],
        [innerWidth - 3, innerHeight - 3],
      ] as const) {
        const top = document.elementFromPoint(x, y);
        if (
          top &&
          !top.closest(selector) &&
          top !== document.documentElement &&
          top !== document.body
        ) {
          const style = getComputedStyle(top);
          if (style.position === 'fixed' && !top.closest('main'))
            problems.push(`a fixed element covers the page: <${top.localName}>`);
        }
      }
    }
    return problems;
  }, sheet.sheet);
}

/**
 * Wraps a scenario host: JSON-text requests, the page watchdog in `compromised()`, and
 * `result()` / `audit()` that return only plain data.
 */
function hostile(
  page: Page,
  base: ScenarioHost,
  sheet: SheetSelectors,
  problems: string[],
): HostileHost {
  return {
    ...base,
    page,
    request: (call: ToolCall) =>
      page.evaluate(
        (json) =>
          (window as unknown as { __host: { request(call: unknown): number } }).__host.request(
            JSON.parse(json),
          ),
        jsonText(call),
      ),
    result: (handle) =>
      page.evaluate(async (h) => {
        const host = (
          window as unknown as { __host: { result(h: number): Promise<RequestResult> } }
        ).__host;
        const { allowed, choice, origin, settledBy, argsHash } = await host.result(h);
        return { allowed, choice, origin, settledBy, argsHash } as RequestResult;
      }, handle),
    audit: () =>
      page.evaluate(() =>
        (window as unknown as { __host: { audit(): AuditEvent[] } }).__host.audit(),
      ),
    async compromised() {
      const found = [...problems.splice(0), ...(await base.compromised())];
      found.push(...(await pageProblems(page, sheet)));
      return found;
    },
  };
}

/**
 * `JSON.stringify` without recursion: the hostile 10 000-deep argument overflows the stack of
 * `JSON.stringify` in a test worker as it does `page.evaluate`'s serializer. Same output for
 * plain JSON data (`undefined` and functions left out of objects, `null` in arrays).
 */
export function jsonText(root: unknown): string {
  const out: string[] = [];
  const stack: { entries: [string | null, unknown][]; next: number; close: string }[] = [];
  const emit = (value: unknown) => {
    if (value === null || typeof value !== 'object') {
      out.push(JSON.stringify(value) ?? 'null');
      return;
    }
    const record = value as Record<string, unknown>;
    const entries: [string | null, unknown][] = Array.isArray(value)
      ? value.map((item): [null, unknown] => [null, item])
      : Object.keys(record)
          .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
          .map((key): [string, unknown] => [key, record[key]]);
    out.push(Array.isArray(value) ? '[' : '{');
    stack.push({ entries, next: 0, close: Array.isArray(value) ? ']' : '}' });
  };
  emit(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next === top.entries.length) {
      out.push(top.close);
      stack.pop();
      continue;
    }
    const [key, value] = top.entries[top.next++]!;
    if (top.next > 1) out.push(',');
    if (key !== null) out.push(JSON.stringify(key), ':');
    emit(value);
  }
  return out.join('');
}

/** The Lit `<mcp-permission-sheet>` on packages/elements/test/fixtures/index.html. */
export function hostileLitDriver(): HostileDriver {
  let shared: Promise<[Browser, FixtureServer]> | undefined;
  const boot = () =>
    (shared ??= Promise.all([launchChromium(), startFixtureServer(litFixtureDir)]));
  return {
    name: 'lit',
    async start() {
      const [browser, server] = await boot();
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      await page.evaluate(() => window.__start({}));
      const sheet = { sheet: 'mcp-permission-sheet' };
      const problems: string[] = [];
      await watch(page, sheet, problems);
      const base = litHost(page, () => closeContext(page, context));
      return hostile(page, base, sheet, problems);
    },
    async close() {
      if (!shared) return;
      const [browser, server] = await shared;
      await browser.close();
      await server.close();
    },
  };
}

/** The React `<PermissionSheet>` on packages/react/test/fixture/index.html. */
export function hostileReactDriver(): HostileDriver {
  const shared = sharedBrowser();
  return {
    name: 'react',
    async start() {
      const { context, page } = await openFixture(shared, 'index.html', {
        viewport: { width: 1280, height: 800 },
      });
      await page.evaluate(() =>
        (window as unknown as { __start(options: object): void }).__start({}),
      );
      // React's sheet layer is a portal on <body> ([data-mcp-layer]) and adds its <style> to <head>.
      const sheet = { sheet: '#app, [data-mcp-layer], style[data-precedence]' };
      const problems: string[] = [];
      await watch(page, sheet, problems);
      const base = pageHost(page, () => closeContext(page, context));
      return hostile(page, base, sheet, problems);
    },
    close: () => shared.close(),
  };
}

async function closeContext(page: Page, context: BrowserContext): Promise<void> {
  await page
    .evaluate(() => (window as unknown as { __host?: { dispose(): void } }).__host?.dispose())
    .catch(() => {});
  await context.close();
}
