import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../../test/support/browser.js';
import { startPlaygroundServer, type PlaygroundServer } from '../src/server/playground-server.js';

export const appDir = fileURLToPath(new URL('..', import.meta.url));

/** Builds the playground page (the same Vite config as `npm run build`) into a temp folder. */
export async function buildPages(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-consent-playground-'));
  // Vitest runs with NODE_ENV=test, which would give development builds of Lit and React.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(appDir, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: dir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface RunningPlayground {
  url: string;
  /** Everything the process printed on stdout. */
  output: string;
  close(): Promise<void>;
}

/**
 * Runs the `npm start` entry (src/server/start.ts, from source) as its own
 * process and waits for the URL it prints.
 */
export async function startPlayground(
  webRoot: string,
  port: number | string = 0,
): Promise<RunningPlayground> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--conditions=mcp-consent-source',
      '--import',
      'tsx',
      join(appDir, 'src/server/start.ts'),
      '--port',
      String(port),
      '--web-root',
      webRoot,
    ],
    { cwd: appDir, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let errors = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /playground: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`The playground exited (${code}) before printing its URL:\n${errors}`));
    });
  });
  return {
    url,
    get output() {
      return output;
    },
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * For a test file: the built pages, one Chromium and the playground process (`npm start`'s
 * entry), started before the first test and closed after the last.
 */
export function usePlayground(): { readonly browser: Browser; readonly url: string } {
  let browser: Browser | undefined;
  let playground: RunningPlayground | undefined;
  let removePages: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const [pages, chromium] = await Promise.all([buildPages(), launchChromium()]);
    removePages = pages.remove;
    browser = chromium;
    playground = await startPlayground(pages.dir);
  });
  afterAll(async () => {
    await browser?.close();
    await playground?.close();
    await removePages();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('usePlayground: used before beforeAll ran.');
    return value;
  };
  return {
    get browser() {
      return ready(browser);
    },
    get url() {
      return ready(playground).url;
    },
  };
}

/**
 * For a test file: the built pages, one Chromium and the playground server in this process on
 * an in-memory PGlite (so the test can read its rows), started before the first test; every
 * browser context made through `context()` is closed after the last.
 */
export function usePlaygroundOnPglite(): {
  readonly browser: Browser;
  readonly server: PlaygroundServer;
  readonly db: PGlite;
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
} {
  let browser: Browser | undefined;
  let db: PGlite | undefined;
  let server: PlaygroundServer | undefined;
  let removePages: () => Promise<void> = async () => {};
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const [pages, chromium, database] = await Promise.all([
      buildPages(),
      launchChromium(),
      PGlite.create(),
    ]);
    removePages = pages.remove;
    browser = chromium;
    db = database;
    server = await startPlaygroundServer({ webRoot: pages.dir, port: 0, database });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
    await db?.close();
    await removePages();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('usePlaygroundOnPglite: used before beforeAll ran.');
    return value;
  };
  return {
    get browser() {
      return ready(browser);
    },
    get server() {
      return ready(server);
    },
    get db() {
      return ready(db);
    },
    async context(options = {}) {
      const made = await ready(browser).newContext(options);
      contexts.push(made);
      return made;
    },
  };
}
