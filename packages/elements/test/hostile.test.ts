import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '@mcp-consent/engine';
import { forbiddenOnScreen, hostile, hostileCall } from '../../../test/scenarios/fixtures.js';
import { findCompromise } from './compromise.js';
import { compact, expanded, useGalleryBrowser } from './gallery.js';

const ESC = '\u001b';
/** More server text that tries to become markup, run script or break out of the layout. */
const corpus: Record<string, string> = {
  html: '<img src=x onerror="window.__pwned=\'img2\'"><b>bold</b>',
  script: '<script>window.__pwned="script2"</script>',
  svg: '<svg/onload=window.__pwned=1>',
  iframe: '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  entities: '&lt;img src=x onerror=window.__pwned=1&gt; &amp;amp;',
  template: '${window.__pwned=1} {{constructor.constructor("window.__pwned=1")()}}',
  lit: '<!--?lit$1234$--><div>lit marker</div>',
  ansi: `${ESC}[31mred${ESC}[0m ${ESC}[2J${ESC}[H`,
  osc8: `${ESC}]8;;https://evil.example/${ESC}\\click me${ESC}]8;;${ESC}\\`,
  bidi: 'invoice_\u202Etxt.exe \u2067reversed\u2069',
  zeroWidth: 'pay\u200Bpal\u200D\u2060\uFEFF',
  tags: 'ok\u{E0049}\u{E0067}\u{E006E}',
  zalgo: 'Z' + '\u0300\u0301\u0302\u0303'.repeat(40),
  unbroken: 'W'.repeat(5000),
  wideGlyphs: '﷽'.repeat(300),
  newlines: 'line1\nline2\r\n\u2028line3\u0085',
  nul: 'a\u0000b\u0007c\u007Fd\u009Be',
};
const everything = Object.values(corpus).join(' ');

const gallery = useGalleryBrowser();

function hostileCallFor(text: string): ToolCall {
  return {
    userId: 'alice',
    workspaceId: 'ws-1',
    server: { id: `evil-${text.slice(0, 40)}`, name: text, trusted: false },
    tool: {
      name: `tool_${text}`,
      title: text,
      description: `${text}\n${text}`,
      inputSchema: { type: 'object' },
      annotations: {
        title: text,
        readOnlyHint: false,
        destructiveHint: false,
        openWorldHint: true,
      },
    },
    args: {
      [text]: text,
      nested: { list: [text, { deeper: text }] },
      url: `https://x.example/${text}`,
    },
  };
}

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
    it(`permission sheet, ${layout}: the scenario corpus and every entry of this one`, async () => {
      const page = await gallery.open({ viewport, reducedMotion: 'reduce' });
      const calls: [string, ToolCall][] = [
        ['hostileCall', hostileCall],
        ['all at once', hostileCallFor(everything)],
        ...Object.entries(corpus).map(
          ([name, text]) => [name, hostileCallFor(text)] as [string, ToolCall],
        ),
      ];
      for (const [name, call] of calls) {
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
