/**
 * `npm test` builds the Storybook (the same `storybook build` as `npm run build-storybook`,
 * into a temporary folder) and runs every story in real Chromium: each play function (the
 * keyboard paths) must pass, and the accessibility addon (axe-core) must report no
 * violation.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/support/browser.js';
import { buildStorybook, openPreview, serveStatic, type StoryOutcome } from './harness.js';

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

let outputDir: string;
let browser: Browser;
let contexts: BrowserContext[] = [];
let server: { url: string; close(): Promise<void> };
let stories: IndexEntry[] = [];

beforeAll(async () => {
  outputDir = await mkdtemp(join(tmpdir(), 'mcp-consent-storybook-'));
  [, browser] = await Promise.all([buildStorybook(outputDir), launchChromium()]);
  const index = JSON.parse(await readFile(join(outputDir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
  server = await serveStatic(outputDir);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outputDir) await rm(outputDir, { recursive: true, force: true });
});

describe('the storybook build', () => {
  it('has the stories of both renderers', () => {
    const titles = new Set(stories.map((story) => story.title));
    expect([...titles].sort()).toEqual([
      'Lit/Dry-run preview',
      'Lit/Elicitation sheet',
      'Lit/Permission manager',
      'Lit/Permission sheet',
      'React/Dry-run preview',
      'React/Elicitation sheet',
      'React/Permission manager',
      'React/Permission sheet',
    ]);
    const lit = stories
      .filter((s) => s.title.startsWith('Lit/'))
      .map((s) => `${s.title.slice(4)}/${s.name}`);
    const react = stories
      .filter((s) => s.title.startsWith('React/'))
      .map((s) => `${s.title.slice(6)}/${s.name}`);
    expect(react).toEqual(lit);
    expect(stories.length).toBeGreaterThan(60);
  });

  it('every story renders, its play function passes and axe finds no violation', async () => {
    // Three previews at a time, each in its own context (own focus, own storage); each
    // preview switches stories without reloading.
    contexts = await Promise.all(
      [0, 1, 2].map(() =>
        browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' }),
      ),
    );
    const queue = [...stories];
    const outcomes: StoryOutcome[] = [];
    await Promise.all(
      contexts.map(async (context) => {
        const first = queue.shift();
        if (!first) return;
        const preview = await openPreview(context, server.url, first.id);
        for (let story: IndexEntry | undefined = first; story; story = queue.shift())
          outcomes.push(await preview.run(story.id));
        await preview.close();
      }),
    );
    expect(outcomes.length).toBe(stories.length);
    const failures = outcomes.flatMap((outcome) => {
      const a11y = outcome.reporters.find((report) => report.type === 'a11y');
      const problems = [
        ...outcome.errors,
        ...(outcome.status === 'success' ? [] : [`status ${outcome.status}`]),
        ...(a11y ? [] : ['no accessibility report']),
        ...(a11y && a11y.status !== 'passed' ? violations(a11y.result) : []),
        ...(a11y && checked(a11y.result) === 0 ? ['axe checked nothing'] : []),
      ];
      return problems.length > 0 ? [`${outcome.storyId}: ${problems.join('; ')}`] : [];
    });
    expect(failures).toEqual([]);
  }, 600_000);
});

/** How many rules axe evaluated with a result (so an empty page cannot pass silently). */
function checked(result: unknown): number {
  const { passes = [], violations = [] } = (result ?? {}) as {
    passes?: unknown[];
    violations?: unknown[];
  };
  return passes.length + violations.length;
}

function violations(result: unknown): string[] {
  const list =
    (result as { violations?: { id: string; nodes: { target: unknown }[] }[] })?.violations ?? [];
  return list.map((v) => `${v.id} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}
