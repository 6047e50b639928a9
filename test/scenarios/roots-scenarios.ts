import { createTranslator } from '@mcp-consent/i18n';
import type { HostRoot } from '@mcp-consent/prompt';
import { expect, it } from 'vitest';
import type { ScenarioHost } from './driver.js';
import type { SuiteContext } from './dry-run-scenarios.js';
import { server } from './fixtures.js';

const en = createTranslator('en-US');
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The host's roots; the last one's name is hostile (an escape sequence, a bidi override, markup). */
export const hostRoots: HostRoot[] = [
  { uri: 'file:///home/ana/project', name: 'Project' },
  { uri: 'file:///home/ana/notes', name: 'Notes' },
  { uri: 'file:///home/ana/x', name: '\u001b[2J<img src=x onerror="window.__pwned=1">\u202Eevil' },
];

/**
 * A server's `roots/list` (issue 18) on every renderer: who asks and the host's roots, none
 * ticked; only the ticked roots are shared; Escape shares none and remembers nothing; a hostile
 * root name is text.
 */
export function rootsScenarios({ start, openPrompt }: SuiteContext): void {
  const sees = async (h: ScenarioHost, text: string) =>
    expect(norm(await h.screen())).toContain(norm(text));

  it('roots: who asks and the host roots, none ticked; Escape shares none, only this time', async () => {
    const h = await start();
    const handle = await h.askRoots(hostRoots);
    await openPrompt(h);
    await sees(h, en.t('mcp.roots.title'));
    await sees(h, en.t('mcp.roots.intro', { server: server.name }));
    await sees(h, 'Project');
    await sees(h, 'file:///home/ana/notes');
    await sees(h, en.t('mcp.roots.count', { count: 0, total: 3 }));
    await h.toggleRoot(0);
    await sees(h, en.t('mcp.roots.count', { count: 1, total: 3 }));
    await h.press('Escape');
    expect(await h.rootsResult(handle)).toEqual({ answer: 'share_none', uris: [], grain: 'once' });
    await h.waitForClosed();
  });

  it('roots: only the ticked roots are shared, remembered for this server by default', async () => {
    const h = await start();
    const handle = await h.askRoots(hostRoots);
    await openPrompt(h);
    await h.toggleRoot(1);
    await h.toggleRoot(2);
    await h.toggleRoot(2);
    await h.clickRoots('share');
    expect(await h.rootsResult(handle)).toEqual({
      answer: 'share',
      uris: ['file:///home/ana/notes'],
      grain: 'server',
    });
    await h.waitForClosed();
  });

  it('roots: Share none shares nothing even with roots ticked', async () => {
    const h = await start();
    const handle = await h.askRoots(hostRoots);
    await openPrompt(h);
    await h.toggleRoot(0);
    await h.clickRoots('share_none');
    expect(await h.rootsResult(handle)).toEqual({
      answer: 'share_none',
      uris: [],
      grain: 'server',
    });
  });

  it('roots: a hostile root name is shown as text, and nothing escapes', async () => {
    const h = await start();
    const handle = await h.askRoots(hostRoots);
    await openPrompt(h);
    await sees(h, '<img src=x onerror="window.__pwned=1">');
    expect(await h.screen()).not.toContain('\u202E');
    expect(await h.compromised()).toEqual([]);
    await h.press('Escape');
    expect((await h.rootsResult(handle)).uris).toEqual([]);
  });
}
