import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import { server } from '../../../test/scenarios/fixtures.js';
import { hostileEverything } from '../../../test/scenarios/hostile-corpus.js';
import { harness } from './harness.js';
import { foreignOutput } from './virtual-terminal.js';

const en = createTranslator('en-US');
const ESC = '\u001B';

let active: ReturnType<typeof harness> | undefined;
const start = (options?: Parameters<typeof harness>[0]) => (active = harness(options));
afterEach(() => {
  active?.dispose();
  active = undefined;
});

const call = (content: unknown[], isError = false) => ({
  server,
  tool: 'notes_export',
  tier: 'high' as const,
  result: { content, isError },
});

describe('result review in the terminal', () => {
  it('shows the tool, its tier and the content; 1 sends, and the scrollback says so', async () => {
    const h = start();
    const answer = h.prompter.result(call([{ type: 'text', text: 'Quarterly: 4,2 M€' }], true));
    await h.sees(en.t('mcp.result.title'));
    await h.sees(en.t('mcp.result.tool', { tool: 'notes_export' }));
    await h.sees(en.t('mcp.permission.risk.high_plain'));
    await h.sees(en.t('mcp.result.is_error'));
    await h.sees('Quarterly: 4,2 M€');
    await h.sees(`1 ${en.t('mcp.result.action.send')}`);
    await h.sees(`2 ${en.t('mcp.result.action.withhold')}`);
    // Inside the input guard a key answers nothing.
    await h.press('2');
    await h.passGuard();
    await h.press('1');
    expect(await answer).toEqual({ answer: 'send' });
    await h.sees(en.t('mcp.result.history.sent', { tool: 'notes_export' }));
  });

  it('Esc withholds; hostile text is shown, never obeyed', async () => {
    const h = start();
    const answer = h.prompter.result(call([{ type: 'text', text: hostileEverything }]));
    await h.sees(en.t('mcp.result.title'));
    expect(foreignOutput(h.terminal.raw)).toEqual([]);
    await h.passGuard();
    await h.press(ESC);
    expect(await answer).toEqual({ answer: 'withhold' });
    await h.sees(en.t('mcp.result.history.withheld', { tool: 'notes_export' }));
  });

  it('on a short terminal the answers stay on screen and what is left out is counted', async () => {
    const h = start({ rows: 24 });
    const blocks = [
      { type: 'text', text: 'x '.repeat(2000) },
      { type: 'image', mimeType: 'image/png', data: 'AAAA' },
      { type: 'text', text: 'the end' },
    ];
    const answer = h.prompter.result(call(blocks));
    await h.sees(en.t('mcp.result.block.more', { count: 2 }));
    await h.sees(`2 ${en.t('mcp.result.action.withhold')}`);
    expect(h.screen()).toContain(en.t('mcp.result.title'));
    await h.passGuard();
    await h.press('2');
    expect(await answer).toEqual({ answer: 'withhold' });
  });
});
