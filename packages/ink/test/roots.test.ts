import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import type { PickRootsCallback } from '@mcp-consent/mcp';
import { server } from '../../../test/scenarios/fixtures.js';
import { hostileCorpus, hostileEverything } from '../../../test/scenarios/hostile-corpus.js';
import type { InkPrompter } from '../src/index.js';
import { harness } from './harness.js';
import { foreignOutput } from './virtual-terminal.js';

const en = createTranslator('en-US');
const ESC = '\u001B';
const DOWN = '\u001B[B';
const UP = '\u001B[A';

let active: ReturnType<typeof harness> | undefined;
const start = (options?: Parameters<typeof harness>[0]) => (active = harness(options));
afterEach(() => {
  active?.dispose();
  active = undefined;
});

const roots = [
  { uri: 'file:///home/ana/project', name: 'Project' },
  { uri: 'file:///home/ana/notes', name: 'Notes\u001B[31m' },
  { uri: 'file:///home/ana/secret' },
];

describe('roots in the terminal', () => {
  it('lists the host roots numbered and unchecked; numbers tick them; Share selected sends them', async () => {
    const h = start();
    const result = h.prompter.roots({ server, roots });
    await h.sees(en.t('mcp.roots.title'));
    await h.sees(`1 [ ] Project file:///home/ana/project`);
    // The escape sequence in a name is shown, never obeyed.
    expect(h.screen()).not.toContain('\u001B[31m');
    await h.sees('3 [ ] secret');
    await h.sees(en.t('mcp.roots.count', { count: 0, total: 3 }));
    await h.passGuard();
    await h.press('1');
    await h.press('3');
    await h.sees('1 [x] Project');
    await h.sees(en.t('mcp.roots.count', { count: 2, total: 3 }));
    // From the last root, down through the two grains to Share selected.
    for (let step = 0; step < 3; step += 1) await h.press(DOWN);
    await h.press('\r');
    expect(await result).toEqual({
      answer: 'share',
      uris: ['file:///home/ana/project', 'file:///home/ana/secret'],
      grain: 'server',
    });
    await h.sees(en.t('mcp.roots.history.shared', { server: server.name, count: 2, total: 3 }));
  });

  it('Esc shares none, only this time, whatever was ticked', async () => {
    const h = start();
    const first = h.prompter.roots({ server, roots });
    await h.sees(en.t('mcp.roots.action.share_none'));
    await h.passGuard();
    await h.press('2');
    await h.press(ESC);
    expect(await first).toEqual({ answer: 'share_none', uris: [], grain: 'once' });
    await h.sees(en.t('mcp.roots.history.none', { server: server.name }));
  });

  it('keys inside the input guard tick nothing', async () => {
    const h = start();
    const result = h.prompter.roots({ server, roots });
    await h.sees('1 [ ] Project');
    await h.press('1');
    await h.passGuard();
    // Share selected: had the early "1" ticked Project, it would be sent.
    await h.press(UP);
    await h.press('\r');
    expect(await result).toEqual({ answer: 'share_none', uris: [], grain: 'server' });
  });

  it('plugs into the mcp binding as its pickRoots callback', () => {
    expectTypeOf<InkPrompter['roots']>().toMatchTypeOf<PickRootsCallback>();
  });

  it('the hostile corpus in root names, URIs and the server name writes nothing foreign', async () => {
    const h = start();
    const list = Object.values(hostileCorpus).map((text, i) => ({
      uri: `file:///r/${i}/${text}`,
      name: text,
    }));
    const result = h.prompter.roots({
      server: { id: 'evil', name: hostileEverything },
      roots: list,
    });
    await h.sees(en.t('mcp.roots.title'));
    expect(foreignOutput(h.terminal.raw)).toEqual([]);
    await h.passGuard();
    await h.press(ESC);
    expect(await result).toEqual({ answer: 'share_none', uris: [], grain: 'once' });
    expect(foreignOutput(h.terminal.raw)).toEqual([]);
  });

  it('at 80 × 24 many roots scroll with the focus; the title and the answers stay on screen', async () => {
    const h = start({ columns: 80, rows: 24 });
    const many = Array.from({ length: 30 }, (_, i) => ({
      uri: `file:///work/repo-${i + 1}`,
      name: `Repo ${i + 1}`,
    }));
    const result = h.prompter.roots({ server, roots: many });
    await h.sees(en.t('mcp.roots.title'));
    await h.sees(en.t('mcp.roots.action.share_none'));
    expect(h.text()).not.toContain('Repo 30');
    await h.passGuard();
    // Up from Share none: Share selected, the two grains, then the last root.
    for (const key of [UP, UP, UP, UP]) await h.press(key);
    await h.sees('Repo 30');
    await h.press(' ');
    await h.sees('[x] Repo 30');
    expect(h.text()).toContain(en.t('mcp.roots.title'));
    expect(h.text()).toContain(en.t('mcp.roots.action.share_none'));
    await h.press(ESC);
    expect(await result).toMatchObject({ answer: 'share_none' });
  });
});
