import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { defineElements, elements } from '@mcp-consent/elements/define';
import * as main from '@mcp-consent/elements';
import {
  launchChromium,
  startFixtureServer,
  type FixtureServer,
} from '../../../test/support/browser.js';
import { fixtureDir } from './lit-driver.js';

describe('the define entry', () => {
  it('loads without a DOM (Node, server rendering: Lit brings a stand-in registry)', () => {
    expect(typeof document).toBe('undefined');
    expect(customElements.get('mcp-permission-sheet')).toBe(elements['mcp-permission-sheet']);
    expect(Object.keys(elements)).toEqual([
      'mcp-permission-sheet',
      'mcp-elicitation-sheet',
      'mcp-permission-manager',
      'mcp-roots-sheet',
      'mcp-call-progress',
      'mcp-result-review-sheet',
    ]);
    expect(main.McpPermissionSheet).toBe(elements['mcp-permission-sheet']);
  });

  it('registers each tag once, leaving tags that are already defined alone', () => {
    const defined = new Map<string, CustomElementConstructor>();
    const registry = {
      get: (tag: string) => defined.get(tag),
      define: (tag: string, ctor: CustomElementConstructor) => {
        if (defined.has(tag)) throw new Error(`${tag} defined twice`);
        defined.set(tag, ctor);
      },
    } as unknown as CustomElementRegistry;
    const other = class extends HTMLElementLike {} as unknown as CustomElementConstructor;
    defined.set('mcp-permission-manager', other);
    defineElements(registry);
    defineElements(registry);
    expect([...defined.keys()].sort()).toEqual([
      'mcp-call-progress',
      'mcp-elicitation-sheet',
      'mcp-permission-manager',
      'mcp-permission-sheet',
      'mcp-result-review-sheet',
      'mcp-roots-sheet',
    ]);
    expect(defined.get('mcp-permission-manager')).toBe(other);
  });

  describe('in Chromium', () => {
    let browser: Browser;
    let server: FixtureServer;
    beforeAll(async () => {
      [browser, server] = await Promise.all([launchChromium(), startFixtureServer(fixtureDir)]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('the main entry registers no tag; importing define registers all three', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}bare.html`);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      expect(
        await page.evaluate(
          () => (window as unknown as { __definedAtStart: string[] }).__definedAtStart,
        ),
      ).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { __exports: string[] }).__exports),
      ).toContain('McpPermissionSheet');
      expect(
        await page.evaluate(() =>
          (window as unknown as { __define(): Promise<boolean[]> }).__define(),
        ),
      ).toEqual([true, true, true]);
      await context.close();
    });
  });
});

/** A stand-in base class: Node has no HTMLElement. */
class HTMLElementLike {}
