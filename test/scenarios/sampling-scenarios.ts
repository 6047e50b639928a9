import { createTranslator } from '@mcp-consent/i18n';
import type { SamplingParams } from '@mcp-consent/prompt';
import { expect, it } from 'vitest';
import type { ScenarioHost } from './driver.js';
import type { SuiteContext } from './dry-run-scenarios.js';
import { server } from './fixtures.js';
import { hostileEverything } from './hostile-corpus.js';

const en = createTranslator('en-US');
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

const params: SamplingParams = {
  messages: [
    { role: 'user', content: { type: 'text', text: 'Summarise the notes from today' } },
    { role: 'user', content: { type: 'image', data: 'QUJD'.repeat(512), mimeType: 'image/png' } },
  ],
  systemPrompt: 'You are terse.',
  includeContext: 'thisServer',
  maxTokens: 200,
};
const reply = {
  role: 'assistant' as const,
  content: { type: 'text', text: 'Three notes: milk, eggs, coffee.' },
  model: 'echo-1',
  stopReason: 'endTurn',
};

/**
 * A server's `sampling/createMessage` (issue 18) on every renderer, both steps: who asks, the
 * risk and why, the messages (an image as a label), Deny as the default and Escape; Approve
 * with the number key; the model's reply reviewed before Send; server text that stays text.
 */
export function samplingScenarios({ start, openPrompt }: SuiteContext): void {
  const sees = async (h: ScenarioHost, text: string) =>
    expect(norm(await h.screen())).toContain(norm(text));

  it('sampling: who asks, the risk and why, the messages and parameters; 1 approves once', async () => {
    const h = await start();
    const handle = await h.sample({ step: 'request', params });
    await openPrompt(h);
    await sees(h, en.t('mcp.sampling.title.request'));
    await sees(h, en.t('mcp.sampling.intro.request', { server: server.name }));
    await sees(h, en.t('mcp.permission.risk.medium'));
    await sees(h, en.t('mcp.permission.risk.why.trusted_server'));
    await sees(h, en.t('mcp.sampling.reason.context_this_server'));
    await sees(h, 'Summarise the notes from today');
    await sees(h, en.t('mcp.sampling.block.image', { mime: 'image/png', size: '2 KB' }));
    await sees(h, 'You are terse.');
    await sees(h, en.t('mcp.sampling.max_tokens', { count: 200 }));
    await sees(h, en.t('mcp.sampling.action.edit'));
    await h.press('1');
    expect(await h.sampled(handle)).toEqual({ action: 'approve', grain: 'once' });
    await h.waitForClosed();
  });

  it('sampling: Escape denies, for this request only', async () => {
    const h = await start();
    const handle = await h.sample({ step: 'request', params });
    await openPrompt(h);
    await h.press('Escape');
    expect(await h.sampled(handle)).toEqual({ action: 'deny', grain: 'once' });
  });

  it('sampling: Enter on the default answer denies', async () => {
    const h = await start();
    const handle = await h.sample({ step: 'request', params });
    await openPrompt(h);
    await h.press('Enter');
    expect(await h.sampled(handle)).toEqual({ action: 'deny', grain: 'once' });
  });

  it('sampling: the reply is reviewed before it goes back; 1 sends it, Escape does not', async () => {
    const h = await start();
    const sent = await h.sample({ step: 'response', params, result: reply });
    await openPrompt(h);
    await sees(h, en.t('mcp.sampling.title.response'));
    await sees(h, 'Three notes: milk, eggs, coffee.');
    await sees(h, en.t('mcp.sampling.response.model', { model: 'echo-1' }));
    await sees(h, en.t('mcp.sampling.action.send'));
    await h.press('1');
    expect(await h.sampled(sent)).toEqual({ action: 'send' });
    await h.waitForClosed();

    const kept = await h.sample({ step: 'response', params, result: reply });
    await openPrompt(h);
    await h.press('Escape');
    expect(await h.sampled(kept)).toEqual({ action: 'deny' });
  });

  it('sampling: markup, escapes and bidi controls in messages stay visible text', async () => {
    const h = await start();
    const hostile: SamplingParams = {
      ...params,
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: '<img src=x onerror="window.__pwned=1"> \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007 \u202Etxt.exe',
          },
        },
      ],
    };
    const handle = await h.sample({ step: 'request', params: hostile });
    await openPrompt(h);
    await sees(h, '<img src=x onerror="window.__pwned=1">');
    await sees(h, en.t('mcp.permission.notice.hidden_characters'));
    const screen = await h.screen();
    expect(screen).not.toContain('\u202E');
    expect(screen).not.toContain('\u001b');
    expect(await h.compromised()).toEqual([]);
    await h.press('Escape');
    expect(await h.sampled(handle)).toEqual({ action: 'deny', grain: 'once' });
  });

  it('sampling: the whole hostile corpus in every server string of both steps stays text', async () => {
    const h = await start();
    const text = { type: 'text', text: hostileEverything };
    const hostile: SamplingParams = {
      messages: [
        { role: 'user', content: text },
        {
          role: 'assistant',
          content: [text, { type: 'image', data: 'QUJD', mimeType: hostileEverything }],
        },
      ],
      systemPrompt: hostileEverything,
      modelPreferences: { hints: [{ name: hostileEverything }] },
      maxTokens: 10,
      tools: [{ name: hostileEverything, inputSchema: { type: 'object' } }],
    };
    const asked = await h.sample({ step: 'request', params: hostile });
    await openPrompt(h);
    await sees(h, en.t('mcp.sampling.tools.heading'));
    for (const screen of [await h.screen()]) {
      expect(screen).not.toContain('\u202E');
      expect(screen).not.toContain('\u001b');
    }
    expect(await h.compromised()).toEqual([]);
    await h.press('Escape');
    expect(await h.sampled(asked)).toEqual({ action: 'deny', grain: 'once' });

    const reviewed = await h.sample({
      step: 'response',
      params: hostile,
      result: {
        role: 'assistant',
        content: text,
        model: hostileEverything,
        stopReason: hostileEverything,
      },
    });
    await openPrompt(h);
    expect(await h.screen()).not.toContain('\u001b');
    expect(await h.compromised()).toEqual([]);
    await h.press('Escape');
    expect(await h.sampled(reviewed)).toEqual({ action: 'deny' });
  });
}
