import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '@mcp-consent/engine';
import { forbiddenOnScreen, hostile, hostileCall } from '../../../test/scenarios/fixtures.js';
import {
  hostileCallFor,
  hostileCorpus as corpus,
  hostileCorpusCalls,
  hostileEverything as everything,
} from '../../../test/scenarios/hostile-corpus.js';
import { findCompromise } from './compromise.js';
import { compact, expanded, useGalleryBrowser } from './gallery.js';

const gallery = useGalleryBrowser();
const en = JSON.parse(
  readFileSync(new URL('../../../locales/en-US.json', import.meta.url), 'utf8'),
) as Record<string, string>;
/** The kit's own strings that take no values: all a header may say. */
const kitStrings = new Set(Object.values(en).filter((message) => !message.includes('{')));
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const sheetPart = (page: Page, part: string) =>
  page.locator(`mcp-permission-sheet [data-scope="permission"][data-part="${part}"]`).first();
const partText = (page: Page, part: string) => sheetPart(page, part).innerText();

const sheetText = (page: Page, tag: string) =>
  page.evaluate(
    (t) => document.querySelector(t)?.shadowRoot?.querySelector('dialog')?.innerText ?? '',
    tag,
  );

async function showPermission(page: Page, call: ToolCall, expand: boolean): Promise<void> {
  await page.evaluate(
    async ([c, open]) => {
      window.__gallery.clear();
      document.querySelector('mcp-permission-sheet')?.remove();
      const sheet = document.createElement('mcp-permission-sheet');
      sheet.clock = window.__kit.createManualClock();
      document.querySelector('main')!.append(sheet);
      void sheet.show(c);
      await window.__kit.until(() => !!sheet.shadowRoot?.querySelector('dialog[open]'), 'sheet');
      await sheet.updateComplete;
      if (open) sheet.shadowRoot!.querySelector<HTMLElement>('[data-part="args-toggle"]')?.click();
      await sheet.updateComplete;
    },
    [call, expand] as const,
  );
}

describe('hostile server text: no script runs, no markup is interpreted, layout stays in the sheet', () => {
  for (const [layout, viewport] of Object.entries({ compact, expanded })) {
    it(`permission sheet, ${layout}: hostileCall and every entry of the shared corpus, arguments collapsed and expanded`, async () => {
      const page = await gallery.open({ viewport, reducedMotion: 'reduce' });
      for (const [name, call] of hostileCorpusCalls()) {
        for (const expand of [false, true]) {
          await showPermission(page, call, expand);
          expect(
            await findCompromise(page, 'mcp-permission-sheet'),
            `${name} (expanded: ${expand})`,
          ).toEqual([]);
          const text = await sheetText(page, 'mcp-permission-sheet');
          for (const char of forbiddenOnScreen) expect(text, name).not.toContain(char);
        }
      }
      // Markup shows as text.
      await showPermission(page, hostileCallFor(corpus.html!), false);
      expect(await sheetText(page, 'mcp-permission-sheet')).toContain('<img src=x onerror=');
      await page.context().close();
    });
  }

  it('a title posing as the kit’s labels stays out of the header, which shows only kit strings', async () => {
    const page = await gallery.open({ viewport: compact, reducedMotion: 'reduce' });
    for (const text of [corpus.kitRiskLabel!, corpus.kitAnswerLabel!]) {
      await showPermission(page, hostileCallFor(text), false);
      const header = await partText(page, 'header');
      expect(header, text).not.toContain(text);
      for (const line of lines(header)) expect(kitStrings.has(line), `${text}: ${line}`).toBe(true);
      expect(lines(header)).toContain(en['mcp.permission.title']);
      // The kit's badge is the tool's real tier; the server's words sit in "From the server".
      expect(await partText(page, 'risk-badge')).toMatch(/^High risk/);
      expect(await partText(page, 'from-server')).toContain(text);
    }
    await page.context().close();
  });

  it('200 zero-width characters are one "200 hidden characters" chip, its codes not dumped inline', async () => {
    const page = await gallery.open({ viewport: compact, reducedMotion: 'reduce' });
    await showPermission(page, hostileCallFor(corpus.zeroWidth200!), false);
    const chips = sheetPart(page, 'from-server').locator('[data-part="hidden-chip"]');
    // The title and the two lines of the description: one chip per run.
    expect(await chips.count()).toBeGreaterThanOrEqual(2);
    for (const label of await chips.allInnerTexts()) expect(label).toBe('200 hidden characters');
    const fromServer = await partText(page, 'from-server');
    expect(fromServer).not.toContain('\\u{200B}');
    expect(await partText(page, 'header')).not.toContain('hidden characters');
    // Opened on request, the chip shows the codes of its run.
    await chips.first().click();
    expect(await chips.first().getAttribute('aria-expanded')).toBe('true');
    const codes = sheetPart(page, 'from-server').locator('[data-part="hidden-codes"]').first();
    expect(await codes.innerText()).toBe('\\u{200B}'.repeat(200));
    await page.context().close();
  });

  it('elicitation sheet: message, field labels, options and URLs', async () => {
    const page = await gallery.open({ viewport: compact, reducedMotion: 'reduce' });
    const requests = [
      {
        message: everything,
        requestedSchema: {
          type: 'object',
          properties: {
            [everything]: { type: 'string', title: everything, description: everything },
            pick: {
              type: 'string',
              enum: [corpus.html, corpus.unbroken],
              enumNames: [corpus.svg, corpus.bidi],
            },
            many: { type: 'array', items: { type: 'string', enum: [corpus.script, corpus.zalgo] } },
          },
          required: [everything],
        },
      },
      {
        mode: 'url',
        message: corpus.html,
        url: `https://evil.example/${corpus.unbroken}`,
        elicitationId: 'u1',
      },
      {
        mode: 'url',
        message: corpus.script,
        url: 'javascript:window.__pwned=1',
        elicitationId: 'u2',
      },
      {
        mode: 'url',
        message: 'x',
        url: `https://user:${corpus.html}@xn--80ak6aa92e.com/${corpus.bidi}`,
        elicitationId: 'u3',
      },
    ];
    for (const request of requests) {
      await page.evaluate(async (r) => {
        window.__gallery.clear();
        document.querySelector('mcp-elicitation-sheet')?.remove();
        const sheet = document.createElement('mcp-elicitation-sheet');
        sheet.clock = window.__kit.createManualClock();
        document.querySelector('main')!.append(sheet);
        void sheet.show(r as never, {
          server: { id: 'evil', name: (r as { message: string }).message },
        });
        await window.__kit.until(() => !!sheet.shadowRoot?.querySelector('dialog[open]'), 'sheet');
        await sheet.updateComplete;
        // Submitting shows every error message (they quote the hostile labels).
        sheet
          .shadowRoot!.querySelector('[data-action="accept"]')
          ?.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, detail: 1 }));
        await sheet.updateComplete;
      }, request);
      expect(
        await findCompromise(page, 'mcp-elicitation-sheet'),
        String(request.message).slice(0, 20),
      ).toEqual([]);
      const text = await sheetText(page, 'mcp-elicitation-sheet');
      for (const char of forbiddenOnScreen) expect(text).not.toContain(char);
    }
    await page.context().close();
  });

  it.each([
    ['compact', compact],
    ['expanded', expanded],
  ])(
    'permission manager, %s: hostile tool names and server ids in grants and history',
    async (_, viewport) => {
      const page = await gallery.open({ viewport, reducedMotion: 'reduce' });
      await page.evaluate(
        async ([calls]) => {
          const { createManualClock, createPermissionEngine, memoryStore, memoryAuditSink } =
            window.__kit;
          const clock = createManualClock();
          const audit = memoryAuditSink();
          const engine = createPermissionEngine({ store: memoryStore(), clock, audit });
          await engine.ready;
          for (const c of calls) await engine.request(c, { prompt: () => 'deny_always' });
          const panel = document.createElement('mcp-permission-manager');
          Object.assign(panel, { engine, clock, audit: () => audit.events() });
          document.querySelector('main')!.append(panel);
          await window.__kit.until(() => panel.api?.audit.loading === false, 'history');
          await panel.updateComplete;
        },
        [[hostileCall, hostileCallFor(everything), hostileCallFor(corpus.unbroken!)]] as const,
      );
      const problems = await findCompromise(page, 'mcp-permission-manager');
      expect(problems).toEqual([]);
      const text = await page.locator("mcp-permission-manager [data-part='root']").innerText();
      expect(text).toContain('rm_rf');
      for (const char of forbiddenOnScreen) expect(text).not.toContain(char);
      expect(hostile.name.length).toBeGreaterThan(10);
      await page.context().close();
    },
  );

  it('the detector itself notices a script that ran, live markup and overflow', async () => {
    const page = await gallery.open({ viewport: compact, reducedMotion: 'reduce' });
    await showPermission(page, hostileCallFor('plain'), false);
    expect(await findCompromise(page, 'mcp-permission-sheet')).toEqual([]);
    await page.evaluate(() => {
      const root = document.querySelector('mcp-permission-sheet')!.shadowRoot!;
      const wide = document.createElement('div');
      wide.style.width = '3000px';
      wide.append(document.createElement('img'));
      root.querySelector('.body')!.append(wide);
      Object.assign(window, { __pwned: 'planted' });
    });
    const problems = await findCompromise(page, 'mcp-permission-sheet');
    expect(problems).toContain('script ran: planted');
    expect(problems).toContain('markup interpreted: <img>');
    expect(problems.some((p) => p.startsWith('wider than the sheet'))).toBe(true);
    expect(problems.some((p) => p.startsWith('scrolls sideways'))).toBe(true);
    await page.context().close();
  });
});
