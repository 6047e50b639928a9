/**
 * Writes the two pictures at the top of the README:
 *
 * - docs/permission-sheet{,-phone,-dark,-ar}.png: the playground in Chromium asking about
 *   `notes_delete` (the real page, demo server, guarded SDK client and Lit sheet, as `npm start`
 *   serves them) at 1280×800, on a 390×844 phone, in the dark theme and in Arabic;
 * - docs/terminal-prompt.png: the Ink prompt for the same call, rendered by `inkPrompter` into
 *   an 80-column terminal with colours, and drawn in Chromium like a terminal window.
 *
 *   npx tsx --conditions=mcp-consent-source scripts/readme-screenshots.ts
 *
 * Needs Chromium (npm run ensure-browser). ImageMagick's `convert`, when present, shrinks them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { createPermissionEngine, memoryStore, type ToolCall } from '@mcp-consent/engine';
import { buildPages } from '../apps/playground/test/harness.js';
import { startPlaygroundServer } from '../apps/playground/src/server/playground-server.js';
import { launchChromium } from '../test/support/browser.js';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));

/** The demo server's `notes_delete`, as `tools/list` describes it. */
const notesDelete: ToolCall = {
  userId: 'alice',
  workspaceId: 'acme',
  server: { id: 'demo-server', name: 'demo-server', trusted: false },
  tool: {
    name: 'notes_delete',
    title: 'Delete a note',
    description: 'Deletes a note after the user confirms through elicitation. Cannot be undone.',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  },
  args: { id: 'groceries' },
};

function shrink(path: string): void {
  try {
    execFileSync('convert', [path, '-strip', '-colors', '256', `PNG8:${path}`], {
      stdio: 'ignore',
    });
  } catch {
    // No ImageMagick: keep Chromium's PNG.
  }
}

/** One picture of the web sheet: its file, viewport, theme and locale. */
interface SheetShot {
  file: string;
  viewport: { width: number; height: number };
  theme: 'light' | 'dark';
  locale: string;
  /** `sheet`: the dialog and a margin; `viewport`: the whole screen (the phone's bottom sheet). */
  clip: 'sheet' | 'viewport';
}

const SHEET_SHOTS: readonly SheetShot[] = [
  {
    file: 'permission-sheet.png',
    viewport: { width: 1280, height: 800 },
    theme: 'light',
    locale: 'en-US',
    clip: 'sheet',
  },
  {
    file: 'permission-sheet-phone.png',
    viewport: { width: 390, height: 844 },
    theme: 'light',
    locale: 'en-US',
    clip: 'viewport',
  },
  {
    file: 'permission-sheet-dark.png',
    viewport: { width: 1280, height: 800 },
    theme: 'dark',
    locale: 'en-US',
    clip: 'sheet',
  },
  {
    file: 'permission-sheet-ar.png',
    viewport: { width: 1280, height: 800 },
    theme: 'light',
    locale: 'ar',
    clip: 'sheet',
  },
];

async function webSheet(browser: Browser): Promise<void> {
  const pages = await buildPages();
  const server = await startPlaygroundServer({ webRoot: pages.dir, port: 0 });
  try {
    for (const shot of SHEET_SHOTS) await sheetShot(browser, server.url, shot);
  } finally {
    await server.close();
    await pages.remove();
  }
}

async function sheetShot(browser: Browser, url: URL, shot: SheetShot): Promise<void> {
  const context = await browser.newContext({
    viewport: shot.viewport,
    colorScheme: shot.theme,
    reducedMotion: 'reduce',
    ...(shot.clip === 'viewport' ? { deviceScaleFactor: 1, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await page.goto(`${url.href}?renderer=lit&locale=${shot.locale}&theme=${shot.theme}`);
  await page.locator('#status[data-status="connected"]').waitFor();
  await page.locator('button[data-tool="notes_delete"]').click();
  await page.locator('#args').fill(JSON.stringify(notesDelete.args, null, 2));
  await page.locator('#call').click();
  const sheet = page.locator(
    '[data-scope="permission"][data-part="root"][data-state="open"][data-guard="idle"]',
  );
  await sheet.waitFor();
  // Focus sits on Deny once (the default for destructive tools); the ring stays in the picture.
  const path = `${docs}${shot.file}`;
  if (shot.clip === 'viewport') await page.screenshot({ path });
  else {
    const box = (await sheet.boundingBox())!;
    const margin = 24;
    await page.screenshot({
      path,
      clip: {
        x: Math.max(0, box.x - margin),
        y: Math.max(0, box.y - margin),
        width: box.width + 2 * margin,
        height: box.height + 2 * margin,
      },
    });
  }
  shrink(path);
  await context.close();
}

/** The last frame Ink drew for the prompt, with its colours (SGR sequences). */
async function terminalFrame(columns: number): Promise<string> {
  process.env.FORCE_COLOR = '3'; // before Ink's colour library loads
  const { inkPrompter } = await import('@mcp-consent/ink');
  const writes: string[] = [];
  const stdout = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        writes.push(String(chunk));
        done();
      },
    }),
    { isTTY: true, columns, rows: 60 },
  ) as unknown as NodeJS.WriteStream;
  const stdin = Object.assign(new Readable({ read() {} }), {
    isTTY: true,
    isRaw: false,
    setRawMode() {
      return stdin;
    },
    ref: () => stdin,
    unref: () => stdin,
  }) as unknown as NodeJS.ReadStream;

  const engine = createPermissionEngine({ store: memoryStore() });
  await engine.ready;
  const prompter = inkPrompter({
    engine,
    stdin,
    stdout,
    stderr: stdout,
    locale: 'en-US',
    color: true,
    inkOptions: { debug: true }, // every frame written whole
  });
  const controller = new AbortController();
  const decision = engine.request(notesDelete, {
    prompt: prompter.prompt,
    signal: controller.signal,
  });
  for (let i = 0; i < 200 && !writes.join('').includes('Deny always'); i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  await new Promise((resolve) => setTimeout(resolve, 700)); // past the input guard's hint
  const frame = [...writes].reverse().find((write) => write.includes('Deny always'));
  controller.abort();
  await decision.catch(() => {});
  prompter.unmount();
  engine.dispose();
  if (!frame) throw new Error('The Ink prompt drew nothing.');
  // Keep colours and text; drop cursor and erase sequences.
  // eslint-disable-next-line no-control-regex
  return frame.replace(/\u001B\[[\d;?]*[A-Za-ln-z]/g, '').replace(/\n+$/, '');
}

const PALETTE = [
  '#1e1e1e',
  '#f14c4c',
  '#23d18b',
  '#f5f543',
  '#3b8eea',
  '#d670d6',
  '#29b8db',
  '#e5e5e5',
  '#666666',
  '#f14c4c',
  '#23d18b',
  '#f5f543',
  '#3b8eea',
  '#d670d6',
  '#29b8db',
  '#ffffff',
];

function xterm256(n: number): string {
  if (n < 16) return PALETTE[n]!;
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const i = n - 16;
  const level = (x: number) => (x === 0 ? 0 : 55 + x * 40);
  return `rgb(${level(Math.floor(i / 36))},${level(Math.floor(i / 6) % 6)},${level(i % 6)})`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** SGR-coloured text as HTML spans (text escaped). */
function ansiToHtml(text: string): string {
  let fg: string | null = null;
  let bg: string | null = null;
  let bold = false;
  let dim = false;
  let italic = false;
  let underline = false;
  let inverse = false;
  let out = '';
  // eslint-disable-next-line no-control-regex
  for (const part of text.split(/(\u001B\[[\d;]*m)/)) {
    // eslint-disable-next-line no-control-regex
    const sgr = /^\u001B\[([\d;]*)m$/.exec(part);
    if (!sgr) {
      if (part === '') continue;
      const [color, background] = inverse ? [bg ?? '#1e1e1e', fg ?? '#e5e5e5'] : [fg, bg];
      const style = [
        color ? `color:${color}` : '',
        background ? `background:${background}` : '',
        bold ? 'font-weight:700' : '',
        dim ? 'opacity:0.7' : '',
        italic ? 'font-style:italic' : '',
        underline ? 'text-decoration:underline' : '',
      ]
        .filter(Boolean)
        .join(';');
      out += style ? `<span style="${style}">${escapeHtml(part)}</span>` : escapeHtml(part);
      continue;
    }
    const codes = (sgr[1] || '0').split(';').map(Number);
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      if (code === 0) {
        fg = bg = null;
        bold = dim = italic = underline = inverse = false;
      } else if (code === 1) bold = true;
      else if (code === 2) dim = true;
      else if (code === 3) italic = true;
      else if (code === 4) underline = true;
      else if (code === 7) inverse = true;
      else if (code === 22) bold = dim = false;
      else if (code === 23) italic = false;
      else if (code === 24) underline = false;
      else if (code === 27) inverse = false;
      else if (code >= 30 && code <= 37) fg = PALETTE[code - 30]!;
      else if (code >= 90 && code <= 97) fg = PALETTE[code - 90 + 8]!;
      else if (code === 39) fg = null;
      else if (code >= 40 && code <= 47) bg = PALETTE[code - 40]!;
      else if (code >= 100 && code <= 107) bg = PALETTE[code - 100 + 8]!;
      else if (code === 49) bg = null;
      else if ((code === 38 || code === 48) && codes[i + 1] === 5) {
        const color = xterm256(codes[i + 2] ?? 0);
        if (code === 38) fg = color;
        else bg = color;
        i += 2;
      } else if ((code === 38 || code === 48) && codes[i + 1] === 2) {
        const color = `rgb(${codes[i + 2]},${codes[i + 3]},${codes[i + 4]})`;
        if (code === 38) fg = color;
        else bg = color;
        i += 4;
      }
    }
  }
  return out;
}

async function terminalPrompt(browser: Browser): Promise<void> {
  const frame = await terminalFrame(80);
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  await page.setContent(`<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; background: #f6f7fb; padding: 20px; display: inline-block; }
  .window { background: #1e1e1e; border-radius: 10px; box-shadow: 0 6px 24px rgb(0 0 0 / 0.25); overflow: hidden; display: inline-block; }
  .bar { height: 28px; background: #323233; display: flex; align-items: center; gap: 8px; padding: 0 12px; }
  .bar i { width: 12px; height: 12px; border-radius: 50%; display: inline-block; }
  pre { margin: 0; padding: 12px 16px 16px; color: #e5e5e5; font: 14px/1.2 'DejaVu Sans Mono', ui-monospace, monospace; }
</style></head><body><div class="window"><div class="bar"><i style="background:#ff5f57"></i><i style="background:#febc2e"></i><i style="background:#28c840"></i></div><pre>${ansiToHtml(frame)}</pre></div></body></html>`);
  await page.locator('.window').screenshot({ path: `${docs}terminal-prompt.png` });
  shrink(`${docs}terminal-prompt.png`);
  await context.close();
}

mkdirSync(docs, { recursive: true });
const browser = await launchChromium();
try {
  await webSheet(browser);
  await terminalPrompt(browser);
} finally {
  await browser.close();
}
console.log(
  `wrote ${SHEET_SHOTS.map((shot) => shot.file).join(', ')} and terminal-prompt.png in ${docs}`,
);
process.exit(0);
