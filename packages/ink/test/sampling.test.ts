/**
 * Sampling in the terminal (issue 18): the request step with who asks, the risk, the messages
 * and numbered answers; Edit typed in place; the reply step with Send and Deny.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SamplingCall } from '@mcp-consent/prompt';
import { harness } from './harness.js';

const server = { id: 'notes', name: 'Notes server' };
const request: SamplingCall = {
  step: 'request',
  server,
  params: {
    messages: [
      { role: 'user', content: { type: 'text', text: 'Summarise \u001b[31mmy notes' } },
      { role: 'user', content: { type: 'image', data: 'QUJD', mimeType: 'image/png' } },
    ],
    systemPrompt: 'Be brief.',
    includeContext: 'allServers',
    maxTokens: 100,
  },
};

let active: ReturnType<typeof harness> | undefined;
const start = () => (active = harness());
afterEach(() => {
  active?.dispose();
  active = undefined;
});

describe('sampling in the terminal', () => {
  it('shows who asks, the risk and the messages; 1 approves after the guard', async () => {
    const h = start();
    const answer = h.prompter.sample(request);
    await h.sees('Let this server use your AI model?');
    const text = h.text();
    expect(text).toContain('Notes server asks your AI model to write a reply');
    expect(text).toContain('High risk');
    expect(text).toContain('It asks to include context from all your servers');
    expect(text).toContain('Summarise');
    expect(text).toContain('[Image (image/png, 3 bytes), not shown]');
    expect(text).toContain('Context: all your servers');
    expect(text).toContain('1. Approve');
    expect(h.screen()).not.toContain('\u001b[31m');
    // Inside the guard a key is dropped.
    await h.press('1');
    await h.quiet();
    await h.passGuard();
    await h.press('1');
    expect(await answer).toEqual({ action: 'approve', grain: 'once' });
  });

  it('at 80 × 24 with a long server name the messages stay readable: the intro and reasons give way', async () => {
    active = harness({ rows: 24 });
    const h = active;
    const long = { id: 'x', name: `stdio:node ${'/very/long/path'.repeat(6)}/index.js stdio` };
    const plainText = { role: 'user', content: { type: 'text', text: 'Summarise my notes' } };
    const params = { ...request.params, messages: [plainText], includeContext: 'none' };
    void h.prompter.sample({ ...request, server: long, params });
    await h.sees('Let this server use your AI model?');
    const text = h.text();
    expect(text).toContain('Summarise my notes');
    expect(text).toContain('1. Approve');
    expect(text).not.toContain('asks your AI model to write a reply');
    expect(h.screen().split('\n').length).toBeLessThanOrEqual(24);
  });

  it('Edit: typed text replaces the system prompt (the last user message is an image); Tab to the grain, Space for the session', async () => {
    const h = start();
    const answer = h.prompter.sample(request);
    await h.sees('Let this server use your AI model?');
    await h.passGuard();
    await h.press('2');
    await h.sees('Edit the request');
    // The last user message is an image: the first field is the system prompt.
    for (let i = 0; i < 'Be brief.'.length; i += 1) await h.press('\u007f');
    await h.press('R');
    await h.press('h');
    await h.press('y');
    await h.press('m');
    await h.press('e');
    await h.sees('Rhyme');
    await h.press('\t'); // reply length
    await h.press('\t'); // the grain
    await h.press(' ');
    await h.press('1');
    expect(await answer).toEqual({
      action: 'approve',
      grain: 'session',
      edits: { systemPrompt: 'Rhyme' },
    });
  });

  it('the reply step: Esc denies, the scrollback keeps a line', async () => {
    const h = start();
    const answer = h.prompter.sample({
      step: 'response',
      server,
      params: request.params,
      result: {
        role: 'assistant',
        content: { type: 'text', text: 'Here is your summary' },
        model: 'echo-1',
      },
    });
    await h.sees('Send this reply to the server?');
    expect(h.text()).toContain('Here is your summary');
    expect(h.text()).toContain('Written by echo-1');
    expect(h.text()).toContain('1. Send to the server');
    await h.passGuard();
    await h.press('\u001b');
    expect(await answer).toEqual({ action: 'deny' });
    await h.sees('Step 2 of 2 · Reply · Notes server · Deny');
  });
});
