import { describe, expect, it } from 'vitest';
import { ECHO_MODEL, echoModel } from '../src/web/echo-model.js';

const context = { server: { id: 's' }, signal: new AbortController().signal };

describe('the playground echo model (sampling demo generator)', () => {
  it('answers with the last user text, labelled as the echo model', async () => {
    const reply = await echoModel(
      {
        messages: [
          { role: 'user', content: { type: 'text', text: 'first' } },
          { role: 'assistant', content: { type: 'text', text: 'ignored' } },
          {
            role: 'user',
            content: [
              { type: 'image', data: '', mimeType: 'image/png' },
              { type: 'text', text: 'last' },
            ],
          },
        ],
        maxTokens: 10,
      },
      context,
    );
    expect(reply).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'last' },
      model: ECHO_MODEL,
      stopReason: 'endTurn',
    });
  });

  it('keeps to the approved maxTokens', async () => {
    const reply = await echoModel(
      {
        messages: [{ role: 'user', content: { type: 'text', text: 'x'.repeat(100) } }],
        maxTokens: 2,
      },
      context,
    );
    expect(reply.content).toEqual({ type: 'text', text: 'xxxxxxxx' });
    expect(reply.stopReason).toBe('maxTokens');
  });
});
