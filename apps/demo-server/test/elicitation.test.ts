import { afterEach, describe, expect, test } from 'vitest';
import {
  ElicitationCompleteNotificationSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { connect, textOf, type Connected } from './helpers.js';

let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

describe('notes_delete confirms through elicitation (seed 002)', () => {
  test.each([
    ['accept', /✅ Deleted note "groceries"/, false],
    ['decline', /❌ Deletion of "groceries" declined by user/, true],
    ['cancel', /❌ Deletion of "groceries" cancelled by user/, true],
  ] as const)('%s', async (action, message, kept) => {
    connected = await connect({}, () => ({ action }) as ElicitResult);
    const result = await connected.client.callTool({
      name: 'notes_delete',
      arguments: { id: 'groceries' },
    });
    expect(textOf(result)).toMatch(message);
    expect(connected.demo.state.notes.has('groceries')).toBe(kept);
    expect(connected.demo.state.elicitations).toEqual([
      { tool: 'notes_delete', mode: 'form', action },
    ]);
  });

  test('the preview message shows the note and says it cannot be undone', async () => {
    connected = await connect({}, () => ({ action: 'decline' }));
    await connected.client.callTool({ name: 'notes_delete', arguments: { id: 'groceries' } });
    const [params] = connected.elicitations;
    expect(params?.mode).toBe('form');
    expect(params?.message).toContain('milk, eggs, coffee');
    expect(params?.message).toContain('cannot be undone');
  });

  test('an unknown note skips the confirmation', async () => {
    connected = await connect({}, () => ({ action: 'accept', content: {} }));
    const result = await connected.client.callTool({
      name: 'notes_delete',
      arguments: { id: 'nope' },
    });
    expect(result.isError).toBe(true);
    expect(connected.elicitations).toHaveLength(0);
  });

  test('a client without elicitation gets a refusal and nothing is deleted (fail closed)', async () => {
    connected = await connect();
    const result = await connected.client.callTool({
      name: 'notes_delete',
      arguments: { id: 'groceries' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not confirmed/);
    expect(connected.demo.state.notes.has('groceries')).toBe(true);
  });
});

describe('survey (form elicitation)', () => {
  const answer = {
    name: 'Ada',
    email: 'ada@example.com',
    age: 36,
    rating: 5,
    subscribe: true,
    plan: 'team',
  };

  test('asks for every primitive field kind and stores an accepted answer', async () => {
    connected = await connect({}, () => ({ action: 'accept', content: answer }));
    const result = await connected.client.callTool({ name: 'survey', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(connected.demo.state.surveys).toEqual([answer]);
    const schema =
      connected.elicitations[0]?.mode !== 'url'
        ? connected.elicitations[0]?.requestedSchema
        : undefined;
    const kinds = Object.values(schema?.properties ?? {}).map((field) =>
      'oneOf' in field
        ? 'titled-enum'
        : 'enum' in field
          ? 'enum'
          : `${field.type}${'format' in field ? `:${field.format}` : ''}`,
    );
    expect(kinds.sort()).toEqual(
      [
        'boolean',
        'enum',
        'integer',
        'number',
        'string',
        'string:date',
        'string:email',
        'titled-enum',
      ].sort(),
    );
    expect(schema?.required).toEqual(['name', 'email', 'plan']);
  });

  test.each(['decline', 'cancel'] as const)('%s stores nothing', async (action) => {
    connected = await connect({}, () => ({ action }));
    const result = await connected.client.callTool({ name: 'survey', arguments: {} });
    expect(textOf(result)).toMatch(action === 'decline' ? /declined/ : /cancelled/);
    expect(connected.demo.state.surveys).toEqual([]);
  });

  test('the server rejects content that does not match its schema', async () => {
    connected = await connect({}, () => ({ action: 'accept', content: { ...answer, age: 7 } }));
    const result = await connected.client.callTool({ name: 'survey', arguments: {} });
    expect(result.isError).toBe(true);
    expect(connected.demo.state.surveys).toEqual([]);
  });
});

describe('oauth_link (URL elicitation)', () => {
  test('accept links the account and sends elicitation/complete', async () => {
    connected = await connect({}, () => ({ action: 'accept' }));
    const completed: string[] = [];
    connected.client.setNotificationHandler(
      ElicitationCompleteNotificationSchema,
      (notification) => {
        completed.push(notification.params.elicitationId);
      },
    );
    const result = await connected.client.callTool({
      name: 'oauth_link',
      arguments: { provider: 'github' },
    });
    expect(textOf(result)).toBe('Linked github.');
    const [params] = connected.elicitations;
    expect(params?.mode).toBe('url');
    const url = params?.mode === 'url' ? new URL(params.url) : undefined;
    expect(url?.host).toBe('auth.example.com');
    expect(completed).toEqual([params?.mode === 'url' ? params.elicitationId : '']);
    expect(connected.demo.state.linkedAccounts).toEqual(['github']);
  });

  test('decline links nothing', async () => {
    connected = await connect({}, () => ({ action: 'decline' }));
    await connected.client.callTool({ name: 'oauth_link', arguments: {} });
    expect(connected.demo.state.linkedAccounts).toEqual([]);
  });
});
