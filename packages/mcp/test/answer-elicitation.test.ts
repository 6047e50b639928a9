import { describe, expect, test } from 'vitest';
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import {
  answerElicitation,
  type ElicitationEvent,
  type ElicitationHandlerOptions,
} from '../src/elicitation.js';
import type { ElicitAnswer, ElicitationRequest } from '../src/index.js';
import { UserTimeGate } from '../src/user-time.js';

/** Answers one request directly (no transport) and records what the renderer saw. */
async function answer(
  params: ElicitRequest['params'],
  options: Partial<ElicitationHandlerOptions> & { reply?: ElicitAnswer } = {},
) {
  const seen: ElicitationRequest[] = [];
  const opened: string[] = [];
  const warnings: string[] = [];
  const events: ElicitationEvent[] = [];
  const { reply, ...rest } = options;
  const result = await answerElicitation(params, new AbortController().signal, {
    server: { id: 'srv' },
    elicit: reply
      ? (request) => {
          seen.push(request);
          return reply;
        }
      : undefined,
    noRenderer: 'decline',
    maxAttempts: 1,
    openUrl: (url) => void opened.push(url),
    gate: new UserTimeGate(),
    warn: (message) => void warnings.push(message),
    report: (event) => void events.push(event),
    ...rest,
  });
  return { result, seen, opened, warnings, events };
}

const form = (requestedSchema: unknown, message = 'm') =>
  ({ mode: 'form', message, requestedSchema }) as ElicitRequest['params'];

describe('answerElicitation', () => {
  test('the message goes through the shared sanitizer: visible codes, kept line breaks', async () => {
    const { seen } = await answer(
      form({ type: 'object', properties: {} }, 'safe\u202Etxt.exe\r\nline\u200B \u001b[31mred'),
      { reply: { action: 'decline' } },
    );
    expect(seen[0]?.message).toBe('safe\\u{202E}txt.exe\nline\\u{200B} \\u{1B}[31mred');
    expect(seen[0]?.params.message).toContain('\u202E'); // the raw params stay raw
    expect(seen[0]).not.toHaveProperty('fields');
  });

  test('a schema the form model cannot show is never accepted', async () => {
    const nested = { type: 'object', properties: { x: { type: 'object' } } };
    const withRenderer = await answer(form(nested), { reply: { action: 'accept', content: {} } });
    expect(withRenderer.result).toEqual({ action: 'decline' });
    expect(withRenderer.events).toEqual([expect.objectContaining({ via: 'invalid' })]);
    const withoutRenderer = await answer(form(nested), { noRenderer: 'warn-and-proceed' });
    expect(withoutRenderer.result).toEqual({ action: 'decline' });
  });

  test('a translator that throws cancels instead of throwing (nothing is sent)', async () => {
    const translator = {
      t: () => {
        throw new Error('no copy');
      },
    } as unknown as NonNullable<ElicitationHandlerOptions['messages']>['translator'];
    const { result, events } = await answer(
      form({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }),
      { reply: { action: 'accept', content: {} }, messages: { translator } },
    );
    expect(result).toEqual({ action: 'cancel' });
    expect(events).toEqual([expect.objectContaining({ via: 'error' })]);
  });

  test('warn-and-proceed sends the schema defaults, and only them', async () => {
    const { result, warnings } = await answer(
      form({
        type: 'object',
        properties: { ok: { type: 'boolean', default: true }, note: { type: 'string' } },
        required: ['ok'],
      }),
      { noRenderer: 'warn-and-proceed' },
    );
    expect(result).toEqual({ action: 'accept', content: { ok: true } });
    expect(warnings.join('\n')).toMatch(/without asking/);
  });

  test.each(['javascript:alert(1)', 'file:///etc/passwd', 'not a url'])(
    'URL %s is declined without asking and never opened',
    async (url) => {
      const { result, seen, opened } = await answer(
        { mode: 'url', message: 'm', url, elicitationId: 'e1' },
        { reply: { action: 'accept' } },
      );
      expect(result).toEqual({ action: 'decline' });
      expect(seen).toEqual([]);
      expect(opened).toEqual([]);
    },
  );

  test('a punycode host is passed on with its warning and opened only after accept', async () => {
    const { result, seen, opened } = await answer(
      { mode: 'url', message: 'm', url: 'https://xn--pple-43d.com/login', elicitationId: 'e1' },
      { reply: { action: 'accept' } },
    );
    expect(seen[0]?.url).toMatchObject({
      host: 'xn--pple-43d.com',
      hostUnicode: 'аpple.com',
      warnings: expect.arrayContaining(['punycode']) as unknown,
    });
    expect(result).toEqual({ action: 'accept' });
    expect(opened).toEqual(['https://xn--pple-43d.com/login']);
  });
});
