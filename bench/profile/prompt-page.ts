/**
 * A JavaScript CPU profile of the time-to-prompt pages (CDP Profiler): 40
 * prompts shown, answered and closed after 10 warm-up ones, per renderer.
 *
 *   BENCH_MINIFY=0 npx tsx --conditions=mcp-consent-source bench/profile/prompt-page.ts [lit.html,react.html]
 *
 * Writes `.tmp/prof/<page>.cpuprofile` (BENCH_MINIFY=0 keeps function names);
 * open it in Chrome DevTools (Performance) or VS Code.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBuiltPage } from '../lib/browser.js';
import type { BenchContext } from '../lib/types.js';

const cleanups: (() => unknown)[] = [];
const ctx: BenchContext = {
  quick: false,
  tmpDir: mkdtempSync(join(tmpdir(), 'mcp-consent-profile-')),
  log: (message) => console.error(message),
  onCleanup: (cleanup) => void cleanups.push(cleanup),
};
const root = fileURLToPath(new URL('../prompt-page/', import.meta.url));
const outDir = fileURLToPath(new URL('../../.tmp/prof/', import.meta.url));
mkdirSync(outDir, { recursive: true });

try {
  for (const page of (process.argv[2] ?? 'lit.html,react.html').split(',')) {
    const tab = await openBuiltPage(ctx, root, page, 'promptBench', {
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    const once = async () => {
      const timing = await tab.evaluate(() => window.promptBench!.measure());
      await tab.keyboard.press('1');
      await tab.evaluate(() => window.promptBench!.settle());
      return timing.readyMs;
    };
    for (let i = 0; i < 10; i += 1) await once();
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
    const ready: number[] = [];
    for (let i = 0; i < 40; i += 1) ready.push(await once());
    const { profile } = await cdp.send('Profiler.stop');
    const file = join(outDir, `${page}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    ready.sort((a, b) => a - b);
    console.log(`${page}: median ${ready[20]!.toFixed(1)} ms to the prompt; wrote ${file}`);
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(ctx.tmpDir, { recursive: true, force: true });
}
