/**
 * The answers of an elicitation as a user meets them: plain words for Decline and Cancel with
 * what each does, Accept primary and last, the danger style only when the kit itself knows
 * the call the question came from may destroy data, and digits that answer only from an answer.
 */
import { createManualClock } from '@mcp-consent/engine';
import {
  createElicitationPrompt,
  type ElicitationFormApi,
  type ElicitationPromptOptions,
  type ElicitRequest,
} from '@mcp-consent/prompt';
import { describe, expect, it, vi } from 'vitest';
import { server } from './support.js';

const confirm: ElicitRequest = {
  message: 'Delete **every** note? This cannot be undone.',
  requestedSchema: { type: 'object', properties: {} },
};
const named: ElicitRequest = {
  message: 'Your name',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
};

function open(request: ElicitRequest, options: Partial<ElicitationPromptOptions> = {}) {
  const clock = createManualClock();
  const onResult = vi.fn();
  const prompt = createElicitationPrompt(request, { clock, server, onResult, ...options });
  clock.advance(500);
  return { api: () => prompt.connect() as ElicitationFormApi, onResult };
}

const accept = (api: ElicitationFormApi) => api.actions.find((a) => a.action === 'accept')!;

describe('elicitation answers', () => {
  it('a confirmation during a destructive call styles Accept as danger, primary and last', () => {
    const { api } = open(confirm, { origin: { tool: 'notes_delete', destructive: true } });
    expect(api().actions.map((a) => a.action)).toEqual(['cancel', 'decline', 'accept']);
    expect(accept(api())).toMatchObject({ emphasis: 'primary', tone: 'danger', label: 'Confirm' });
    expect(api().getActionProps('accept')).toMatchObject({
      'data-emphasis': 'primary',
      'data-tone': 'danger',
    });
    // Enter still never consents: Decline keeps the default focus.
    expect(api().actions.find((a) => a.isDefault)?.action).toBe('decline');
  });

  it('a server that only says "delete" in its message gets no danger style', () => {
    const { api } = open(confirm);
    expect(accept(api()).tone).toBe('neutral');
    const safeCall = open(confirm, { origin: { tool: 'notes_get', destructive: false } });
    expect(accept(safeCall.api()).tone).toBe('neutral');
  });

  it('a URL request is never styled as a destructive confirmation', () => {
    const { api } = open(
      { mode: 'url', message: 'Sign in', url: 'https://example.com/', elicitationId: 'e1' },
      { origin: { tool: 'notes_delete', destructive: true } },
    );
    expect(api().actions.map((a) => [a.label, a.tone])).toEqual([
      ['Not now', 'neutral'],
      ['Don’t open', 'neutral'],
      ['Open link', 'neutral'],
    ]);
  });

  it('a form says "Don’t share"; each secondary answer says what it does', () => {
    const { api } = open(named);
    expect(api().actions.map((a) => [a.label, a.detail])).toEqual([
      ['Not now', 'Closes without answering; it may ask again'],
      ['Don’t share', 'Tells the server no'],
      ['Submit', null],
    ]);
  });

  it('digits answer from an answer, in the order shown, but are typed in a field', () => {
    const typed = open(named);
    expect(typed.api().handleKey('1')).toEqual({ handled: false });
    expect(typed.onResult).not.toHaveBeenCalled();

    const { api, onResult } = open(confirm);
    api().focus({ kind: 'action', action: 'decline' });
    expect(api().handleKey({ key: '1', repeat: true }).outcome).toMatchObject({ accepted: false });
    expect(onResult).not.toHaveBeenCalled();
    expect(api().handleKey('1').outcome).toEqual({ accepted: true });
    expect(onResult).toHaveBeenCalledWith({ action: 'cancel' });
  });

  it('exposes the message as markdown blocks with links showing their real host', () => {
    const { api } = open({
      message: 'Read [the docs](https://evil.example/x) first:\n- **one**\n- `two`',
      requestedSchema: { type: 'object', properties: {} },
    });
    expect(api().message.blocks).toEqual([
      {
        kind: 'paragraph',
        runs: [
          { kind: 'text', text: 'Read ' },
          { kind: 'link', text: 'the docs (evil.example)', host: 'evil.example' },
          { kind: 'text', text: ' first:' },
        ],
      },
      { kind: 'item', marker: '•', runs: [{ kind: 'strong', text: 'one' }] },
      { kind: 'item', marker: '•', runs: [{ kind: 'code', text: 'two' }] },
    ]);
    expect(api().message.text).toContain('[the docs](https://evil.example/x)');
  });
});
