/**
 * The playground's rough edges (issue 19), in real Chromium against the demo server and a tiny
 * server of the test's own: a "Running…" state once a call is allowed, prefilled arguments
 * without optional fields, a tool list cleaned like the sheets, long names that wrap on a phone.
 * Every wait is on visible UI state.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { answer, call, open, permissionSheet, result, WAIT } from './driver.js';
import { usePlayground } from './harness.js';
import { startTinyServer, type TinyServer, type TinyTool } from './tiny-server.js';

const en = createAppTranslator('en-US');

const playground = usePlayground();

const PHONE = { width: 390, height: 844 };

/** The playground connected to `server` instead of the demo server. */
async function openOn(
  server: TinyServer,
  viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await playground.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${playground.url}?renderer=lit&server=${encodeURIComponent(server.url)}`);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached', ...WAIT });
  await page.locator('#status[data-status="connected"]').waitFor(WAIT);
  return { context, page, errors };
}

async function withServer(
  tools: readonly TinyTool[],
  run: (server: TinyServer) => Promise<void>,
): Promise<void> {
  const server = await startTinyServer(new URL(playground.url).origin, tools);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

describe('the result area while a call is under way', () => {
  it('says it waits for an answer while the sheet is open, then that the call runs', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, 'lit');
    const n = await call(page, 'demo_sleep', { ms: 5000, steps: 1 });
    await permissionSheet(page).waitFor(WAIT);
    const waiting = page.locator(`#result[data-call="${n}"][data-kind="pending"]`);
    expect(await waiting.locator('.result-headline').innerText()).toBe(
      en.t('mcp.playground.result.pending'),
    );
    await answer(page, 'allow_once');
    const running = await result(page, n, 'running');
    expect(await running.locator('.result-headline').innerText()).toBe(
      en.t('mcp.playground.result.running', { tool: 'demo_sleep' }),
    );
    const done = await result(page, n, 'ok');
    expect(await done.innerText()).toContain('Slept 5000 ms.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a denied call never says it runs', async () => {
    const { context, page } = await open(playground.browser, playground.url, 'lit');
    const seen: string[] = [];
    await page.exposeFunction('seenKind', (kind: string) => seen.push(kind));
    await page.evaluate(() => {
      new MutationObserver(() => {
        const kind = document.getElementById('result')?.dataset.kind;
        if (kind) (window as unknown as { seenKind(kind: string): void }).seenKind(kind);
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    const n = await call(page, 'demo_sleep', { ms: 0, steps: 1 });
    await answer(page, 'deny_once');
    await result(page, n, 'denied');
    expect(seen).toContain('pending');
    expect(seen).not.toContain('running');
    await context.close();
  });
});

describe('prefilled arguments', () => {
  it('hold the required fields and the defaults, never an optional field left empty', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, 'lit');
    await page.locator('button[data-tool="messages_send"]').click();
    const args = page.locator('#args');
    await args.waitFor(WAIT);
    // `webhookToken` is optional: an empty one would reach the server as a token.
    expect(JSON.parse(await args.inputValue())).toEqual({ channel: '', text: '' });
    await page.locator('button[data-tool="demo_sleep"]').click();
    await page.locator('#call', { hasText: 'demo_sleep' }).waitFor(WAIT);
    expect(JSON.parse(await args.inputValue())).toEqual({ ms: 0, steps: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the arguments a tool takes', () => {
  it('are listed above the box: type, required or optional, default, description', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, 'lit');
    await page.locator('button[data-tool="demo_sleep"]').click();
    await page.locator('#call', { hasText: 'demo_sleep' }).waitFor(WAIT);
    const list = page.locator('#tool-args');
    const rows = () => list.locator('.arg').allInnerTexts();
    const words = (name: string, ...details: string[]) => [name, details.join(' · ')].join(' ');
    const required = en.t('mcp.tool_args.required');
    const optional = en.t('mcp.tool_args.optional');
    expect((await rows()).map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      words('ms', 'integer', required),
      words('steps', 'integer', optional, en.t('mcp.tool_args.default', { value: '1' })),
    ]);
    // The box says what describes it.
    expect(await page.locator('#args').getAttribute('aria-describedby')).toBe('tool-args');
    await page.locator('button[data-tool="messages_send"]').click();
    await page.locator('#call', { hasText: 'messages_send' }).waitFor(WAIT);
    expect(await list.locator('.arg[data-required="false"] .arg-name').allInnerTexts()).toEqual([
      'webhookToken',
    ]);
    await page.locator('button[data-tool="demo_state"]').click();
    await page.locator('#call', { hasText: 'demo_state' }).waitFor(WAIT);
    expect(await list.innerText()).toBe(en.t('mcp.tool_args.none'));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the tool list', () => {
  const SPOOF = 'read_file\u202Etxt.exe';
  const LONG = 'very_long_tool_name_'.repeat(10);
  const ok = { content: [{ type: 'text' as const, text: 'done' }] };
  const tools: TinyTool[] = [
    { name: SPOOF, description: 'Reads\u200B\u200B a file.', result: ok },
    { name: LONG, description: 'A tool with a 200-character name.', result: ok },
  ];

  it('shows a right-to-left override the way the sheets do, never reordered', async () => {
    await withServer(tools, async (server) => {
      const { context, page, errors } = await openOn(server);
      const row = page.locator(`button[data-tool="${SPOOF}"]`);
      await row.waitFor(WAIT);
      const shown = `read_file${en.t('mcp.text.hidden_run_inline', { count: 1 })}txt.exe`;
      const name = await row.locator('.tool-name').innerText();
      expect(name).toBe(shown);
      expect(name).not.toContain('\u202E');
      // The description's run of two zero-width spaces is one chip, as in the sheets.
      const chip = row.locator('.tool-description [data-part="hidden-chip"]');
      expect(await chip.innerText()).toBe(en.t('mcp.text.hidden_run', { count: 2 }));
      expect(await row.locator('.tool-description').innerText()).not.toContain('\u200B');
      // The call button and the permission sheet say the same name.
      await row.click();
      expect(await page.locator('#call').innerText()).toBe(
        en.t('mcp.playground.call.run', { tool: shown }),
      );
      await page.locator('#call').click();
      const sheet = permissionSheet(page);
      await sheet.waitFor(WAIT);
      expect(await sheet.innerText()).toContain(shown);
      await answer(page, 'deny_once');
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  it('gives each tool the badge its sheet gives, never "may modify data" of a reader', async () => {
    const badged: TinyTool[] = [
      {
        name: 'fetcher',
        description: 'Fetches a page.',
        annotations: { readOnlyHint: true, openWorldHint: true },
        result: ok,
      },
      { name: 'bare', description: 'No annotations.', result: ok },
    ];
    await withServer(badged, async (server) => {
      const { context, page, errors } = await openOn(server);
      const badge = (name: string) => page.locator(`button[data-tool="${name}"] .risk`);
      await badge('fetcher').waitFor(WAIT);
      expect(await badge('fetcher').innerText()).toBe(en.t('mcp.permission.risk.high_open_world'));
      expect(await badge('bare').innerText()).toBe(en.t('mcp.permission.risk.high_undescribed'));
      await page.locator('button[data-tool="fetcher"]').click();
      await page.locator('#call').click();
      const sheet = permissionSheet(page);
      await sheet.waitFor(WAIT);
      expect(await sheet.innerText()).toContain(en.t('mcp.permission.risk.high_open_world'));
      await answer(page, 'deny_once');
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  it('a 200-character name wraps, and "Call…" stays on a phone screen', async () => {
    await withServer(tools, async (server) => {
      const { context, page, errors } = await openOn(server);
      const row = page.locator(`button[data-tool="${LONG}"]`);
      await row.waitFor(WAIT);
      await row.click();
      const button = page.locator('#call');
      await button.scrollIntoViewIfNeeded();
      const inside = async (box: { x: number; width: number } | null) => {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      };
      await inside(await button.boundingBox());
      await inside(await row.boundingBox());
      // Scrolled into view, it fits the screen's height too (to the pixel: layout is fractional).
      const callBox = (await button.boundingBox())!;
      expect(Math.round(callBox.y)).toBeGreaterThanOrEqual(0);
      expect(Math.round(callBox.y + callBox.height)).toBeLessThanOrEqual(PHONE.height);
      // Nothing scrolls sideways: the name wrapped instead.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});

describe('the narrowest phone', () => {
  const NARROW = { width: 320, height: 640 };

  it.each(['lit', 'react'] as const)(
    'at 320 px nothing scrolls sideways in pt-BR, de-DE or ar, with saved grants and the rules (%s)',
    async (renderer) => {
      for (const locale of ['pt-BR', 'de-DE', 'ar']) {
        const { context, page, errors } = await open(
          playground.browser,
          playground.url,
          renderer,
          `&locale=${locale}`,
          NARROW,
        );
        // An allow always, so the manager lists a grant beside its expiry, rules and history.
        await call(page, 'notes_list', {});
        await answer(page, 'allow_always');
        await page.locator('#manager [data-part="grant-row"]').first().waitFor(WAIT);
        // Before, pt-BR's long risk badges ('Risco alto · pode acessar algo fora deste
        // computador') widened the tool list and the expiry select ('Desativado: sem Permitir
        // sempre') the manager: 363 px.
        expect(
          await page.evaluate(() => document.scrollingElement!.scrollWidth),
          locale,
        ).toBeLessThanOrEqual(NARROW.width);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );
});

describe('media and links in a result', () => {
  // A 1×1 PNG and a tenth of a second of 8 kHz silence as WAV.
  const PNG =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const wav = (() => {
    const samples = 800;
    const buffer = Buffer.alloc(44 + samples, 128);
    buffer.write('RIFF', 0);
    buffer.writeUInt32LE(36 + samples, 4);
    buffer.write('WAVEfmt ', 8);
    buffer.writeUInt32LE(16, 16);
    buffer.writeUInt16LE(1, 20); // PCM
    buffer.writeUInt16LE(1, 22); // mono
    buffer.writeUInt32LE(8000, 24);
    buffer.writeUInt32LE(8000, 28);
    buffer.writeUInt16LE(1, 32);
    buffer.writeUInt16LE(8, 34);
    buffer.write('data', 36);
    buffer.writeUInt32LE(samples, 40);
    return buffer.toString('base64');
  })();
  const tools: TinyTool[] = [
    {
      name: 'media',
      description: 'Returns a picture, a sound and links.',
      result: {
        content: [
          { type: 'text', text: '<b>Here</b> they are.' },
          { type: 'text', text: 'Invoice_\u202Efdp.exe is safe\u0007' },
          { type: 'image', mimeType: 'image/png', data: PNG },
          { type: 'audio', mimeType: 'audio/wav', data: wav },
          { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz48L3N2Zz4=' },
          { type: 'resource_link', uri: 'https://example.com/report', name: 'report' },
          { type: 'resource_link', uri: 'javascript:alert(1)', name: 'trap' },
        ],
      },
    },
  ];

  it('shows images and audio as media, links as links, and server text as text', async () => {
    await withServer(tools, async (server) => {
      const { context, page, errors } = await openOn(server, { width: 1280, height: 900 });
      await page.locator('button[data-tool="media"]').waitFor(WAIT);
      const n = await call(page, 'media', {});
      await answer(page, 'allow_once');
      const done = await result(page, n, 'ok');
      // Text stays text: no <b> element, the tags are shown.
      // Bidi and control characters show as codes, as in the sheets: never reordered text.
      expect(await done.locator('.result-text').innerText()).toBe(
        '<b>Here</b> they are.\n\nInvoice_\\u{202E}fdp.exe is safe\\u{7}',
      );
      expect(await done.locator('b').count()).toBe(0);
      // The picture: the server's base64 as a data: URL, decoded by the browser.
      const img = done.locator('img.result-image');
      expect(await img.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
      expect(await img.getAttribute('alt')).toBe(
        en.t('mcp.playground.result.image', { mime: 'image/png', tool: 'media' }),
      );
      await page.waitForFunction(() => {
        const shown = document.querySelector<HTMLImageElement>('#result img.result-image');
        return shown?.complete && shown.naturalWidth === 1;
      });
      // The sound: a player whose data the page's policy lets load.
      const audio = done.locator('audio.result-audio');
      expect(await audio.getAttribute('controls')).not.toBeNull();
      expect(await audio.getAttribute('src')).toBe(`data:audio/wav;base64,${wav}`);
      await page.waitForFunction(
        () => (document.querySelector<HTMLAudioElement>('#result audio')?.readyState ?? 0) >= 1,
      );
      // SVG is not on the list: said, not shown. Base64 JSON is never shown.
      expect(await done.locator('img').count()).toBe(1);
      expect(await done.locator('.result-media-hidden').innerText()).toBe(
        en.t('mcp.playground.result.media_hidden', { mime: 'image/svg+xml' }),
      );
      expect(await done.innerText()).not.toContain(PNG);
      // Links: https is a link with its URI as text; javascript: is only text.
      const links = done.locator('.result-link');
      const link = links.nth(0).locator('a');
      expect(await link.innerText()).toBe('https://example.com/report');
      expect(await link.getAttribute('href')).toBe('https://example.com/report');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await links.nth(1).locator('a').count()).toBe(0);
      expect(await links.nth(1).locator('code').innerText()).toBe('javascript:alert(1)');
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});

describe('the page’s own controls', () => {
  it('are 48 × 48 px targets at least on a phone', async () => {
    const { context, page, errors } = await open(
      playground.browser,
      playground.url,
      'lit',
      '',
      PHONE,
    );
    // A denied call: its result has the "What the model is told" disclosure; a selected tool
    // shows the arguments and the call button.
    const n = await call(page, 'notes_read', { id: 'welcome' });
    await answer(page, 'deny_once');
    await result(page, n, 'denied');
    const small = await page.evaluate(() => {
      const controls = document.querySelectorAll<HTMLElement>(
        'button, select, input, textarea, summary, a[href]',
      );
      return [...controls]
        .filter((control) => !control.closest('#manager') && control.getClientRects().length > 0)
        .map((control) => {
          // A checkbox's target is its label.
          const target =
            control instanceof HTMLInputElement && control.type === 'checkbox'
              ? (control.closest('label') ?? control)
              : control;
          const { width, height } = target.getBoundingClientRect();
          const name = `${control.tagName.toLowerCase()}#${control.id}.${control.className}`;
          return { name, width: Math.round(width), height: Math.round(height) };
        })
        .filter(({ width, height }) => width < 48 || height < 48);
    });
    expect(small).toEqual([]);
    // The check counted the controls it should have.
    expect(await page.locator('#call').count()).toBe(1);
    expect(await page.locator('.result-model-text summary').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
