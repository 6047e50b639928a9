import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';

export const appDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs `storybook build` (the same as `npm run build-storybook`) into `outputDir`. */
export async function buildStorybook(outputDir: string): Promise<string> {
  // The `storybook` command of the package (its `bin`), run with this Node.
  const manifest = createRequire(join(appDir, 'package.json')).resolve('storybook/package.json');
  const cli = join(dirname(manifest), 'dist/bin/dispatcher.js');
  const child = spawn(process.execPath, [cli, 'build', '--quiet', '--output-dir', outputDir], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: 'production', STORYBOOK_DISABLE_TELEMETRY: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`storybook build exited with ${code}:\n${output}`);
  return output;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves a static folder on 127.0.0.1 and a free port. */
export async function serveStatic(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root + sep)) return void res.writeHead(404).end();
    stat(file)
      .then(async (info) => {
        if (!info.isFile()) throw new Error('not a file');
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(await readFile(file));
      })
      .catch(() => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface StoryOutcome {
  storyId: string;
  status: 'success' | 'error';
  /** Reports of the story's run: the accessibility addon's axe result among them. */
  reporters: { type: string; status: string; result: unknown }[];
  errors: string[];
}

interface Channel {
  on(event: string, listener: (payload: never) => void): void;
  emit(event: string, payload: unknown): void;
}

declare global {
  interface Window {
    __storyOutcomes: StoryOutcome[];
    __storyErrors: string[];
  }
}

/**
 * A page on the preview iframe that runs stories one after another without reloading
 * (Storybook's `setCurrentStory`), and reports each story's `storyFinished` event: the
 * outcome of its play function and the reports of the accessibility addon.
 */
export async function openPreview(context: BrowserContext, baseUrl: string, firstId: string) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__storyOutcomes = [];
    window.__storyErrors = [];
    let channel: Channel | undefined;
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set(value: Channel) {
        channel = value;
        value.on(
          'storyFinished',
          (payload: { storyId: string; status: 'success' | 'error'; reporters: [] }) => {
            window.__storyOutcomes.push({ ...payload, errors: window.__storyErrors });
            window.__storyErrors = [];
          },
        );
        for (const event of [
          'playFunctionThrewException',
          'storyThrewException',
          'storyErrored',
          'unhandledErrorsWhilePlaying',
        ])
          value.on(event, (error: unknown) => {
            const message = (error as { message?: string })?.message ?? JSON.stringify(error);
            window.__storyErrors.push(`${event}: ${message.split('\n')[0]}`);
          });
      },
    });
    window.addEventListener('error', (event) => window.__storyErrors.push(String(event.message)));
  });

  const outcomeOf = async (id: string, from: number): Promise<StoryOutcome> => {
    const handle = await page.waitForFunction(
      ([storyId, start]) =>
        window.__storyOutcomes.slice(start).find((outcome) => outcome.storyId === storyId),
      [id, from] as const,
      { timeout: 90_000, polling: 20 },
    );
    return (await handle.jsonValue()) as StoryOutcome;
  };

  await page.goto(`${baseUrl}iframe.html?id=${encodeURIComponent(firstId)}&viewMode=story`);
  let first: Promise<StoryOutcome> | null = outcomeOf(firstId, 0);
  return {
    async run(id: string): Promise<StoryOutcome> {
      if (first && id === firstId) {
        const outcome = await first;
        first = null;
        return outcome;
      }
      const from = await page.evaluate(() => window.__storyOutcomes.length);
      await page.evaluate(
        (storyId) =>
          (
            window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel }
          ).__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' }),
        id,
      );
      return outcomeOf(id, from);
    },
    close: () => page.close(),
  };
}
