import { afterEach, describe, expect, test } from 'vitest';
import { createManualClock } from '@mcp-consent/engine';
import {
  createElicitationPrompt,
  type ElicitationFormApi,
  type ElicitResult,
  type FieldValue,
} from '@mcp-consent/prompt';
import type { ElicitAnswer, ElicitationRequest } from '../src/index.js';
import { SERVER, setup, TRANSPORTS, textOf, USER, WORKSPACE, type Harness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A test double for the human answering elicitations. */
function renderer(
  ...answers: Array<ElicitAnswer | ((request: ElicitationRequest) => ElicitAnswer)>
) {
  const seen: ElicitationRequest[] = [];
  const elicit = (request: ElicitationRequest): ElicitAnswer => {
    seen.push(request);
    const next = answers.shift();
    if (!next) throw new Error('unexpected elicitation');
    return typeof next === 'function' ? next(request) : next;
  };
  return { seen, elicit };
}

const deleteGroceries = { name: 'notes_delete', arguments: { id: 'groceries' } };

describe.each(TRANSPORTS)('elicitation inside a tool call over %s', (kind) => {
  test.each([
    ['accept', false],
    ['decline', true],
    ['cancel', true],
  ] as const)('notes_delete confirmation: %s', async (action, kept) => {
    const human = renderer(action === 'accept' ? { action, content: {} } : { action });
    harness = await setup(kind, { guard: { elicit: human.elicit } });
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool(deleteGroceries);
    expect(result.isError).toBeFalsy();
    const [request] = human.seen;
    expect(request?.server).toEqual(SERVER);
    expect(request?.mode).toBe('form');
    expect(request?.message).toContain('milk, eggs, coffee');
    expect(request?.params).toMatchObject({
      mode: 'form',
      requestedSchema: { type: 'object', properties: {} },
    });
    expect('groceries' in (await harness.state()).notes).toBe(kept);
    expect(harness.events).toContainEqual({
      type: 'elicitation',
      serverId: SERVER.id,
      mode: 'form',
      action,
      via: 'renderer',
      tool: 'notes_delete',
    });
    // The same answer in the engine's audit trail (seed 000), next to the call's decision.
    expect(harness.outcomes).toEqual([
      {
        event_type: 'mcp.elicitation.outcome',
        koder_user_id: USER,
        workspace_id: WORKSPACE,
        server_id: SERVER.id,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        mode: 'form',
        action,
        via: 'renderer',
        tool_name: 'notes_delete',
      },
    ]);
  });
});

describe.each(TRANSPORTS)('elicitation without a renderer over %s (seed 000 tiers)', (kind) => {
  test('default: decline (fail closed), with a warning; the note is still there', async () => {
    harness = await setup(kind);
    const before = await harness.state();
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool(deleteGroceries);
    expect(textOf(result)).toMatch(/declined by user/);
    const after = await harness.state();
    expect(after.notes).toEqual(before.notes);
    // The tool ran and asked; the server recorded the kit's decline and changed nothing.
    expect(after.elicitations).toEqual([{ tool: 'notes_delete', mode: 'form', action: 'decline' }]);
    expect(harness.warnings.join('\n')).toMatch(/no renderer/);
    expect(harness.events).toContainEqual(
      expect.objectContaining({ action: 'decline', via: 'policy' }),
    );
    expect(harness.outcomes).toMatchObject([{ action: 'decline', via: 'policy' }]);
  });

  test('warn-and-proceed accepts a confirmation that asks for nothing, and warns', async () => {
    harness = await setup(kind, { guard: { noRenderer: 'warn-and-proceed' } });
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool(deleteGroceries);
    expect(textOf(result)).toBe('✅ Deleted note "groceries".');
    const after = await harness.state();
    expect(after.notes).not.toHaveProperty('groceries');
    expect(after.elicitations).toEqual([{ tool: 'notes_delete', mode: 'form', action: 'accept' }]);
    expect(harness.warnings.join('\n')).toMatch(/without asking/);
    expect(harness.events).toContainEqual(
      expect.objectContaining({ action: 'accept', via: 'policy' }),
    );
    // Seed 000: even the proceed-with-warning tier leaves an entry in the audit trail.
    expect(harness.outcomes).toMatchObject([
      { event_type: 'mcp.elicitation.outcome', action: 'accept', via: 'policy' },
    ]);
  });
});

describe('elicitation without a renderer: what warn-and-proceed never does', () => {
  test('warn-and-proceed never invents required answers', async () => {
    harness = await setup('memory', { guard: { noRenderer: 'warn-and-proceed' } });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'survey', arguments: {} });
    expect((await harness.state()).surveys).toEqual([]);
  });

  test('warn-and-proceed never opens a URL', async () => {
    const opened: string[] = [];
    harness = await setup('memory', {
      guard: { noRenderer: 'warn-and-proceed', openUrl: (url) => void opened.push(url) },
    });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'oauth_link', arguments: {} });
    expect(opened).toEqual([]);
    expect((await harness.state()).linkedAccounts).toEqual([]);
  });
});

describe('form elicitation (survey)', () => {
  const valid = {
    name: 'Ada',
    email: 'ada@example.com',
    age: 36,
    plan: 'team',
    color: 'green',
    startDate: '2026-03-01',
  };

  test('a renderer built on @mcp-consent/prompt answers from request.params', async () => {
    const models: ElicitationFormApi[] = [];
    const human = renderer((request) => {
      let result: ElicitResult = { action: 'cancel' };
      const prompt = createElicitationPrompt(request.params, {
        server: request.server,
        signal: request.signal,
        clock: createManualClock(),
        guardMs: 0,
        onResult: (answer) => (result = answer),
      });
      const api = prompt.connect() as ElicitationFormApi;
      models.push(api);
      const typed: Record<string, FieldValue> = { ...valid, age: String(valid.age), plan: 'team' };
      for (const [name, value] of Object.entries(typed)) api.setValue(name, value);
      (prompt.connect() as ElicitationFormApi).accept();
      return result;
    });
    harness = await setup('memory', { guard: { elicit: human.elicit } });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'survey', arguments: {} });
    const byName = Object.fromEntries(models[0]!.form.fields.map((field) => [field.name, field]));
    expect(models[0]!.server.id).toBe(SERVER.id);
    expect(byName.email).toMatchObject({ kind: 'email', required: true });
    expect(byName.age).toMatchObject({
      kind: 'integer',
      minimum: 13,
      maximum: 120,
      required: false,
    });
    expect(byName.plan?.options).toEqual([
      { value: 'free', label: 'Free' },
      { value: 'team', label: 'Team' },
      { value: 'enterprise', label: 'Enterprise' },
    ]);
    // The schema defaults are the model's initial values, and are sent as typed content.
    expect([byName.rating?.defaultValue, byName.subscribe?.defaultValue]).toEqual(['4', false]);
    expect((await harness.state()).surveys).toEqual([
      { ...valid, plan: 'team', rating: 4, subscribe: false },
    ]);
  });

  test('invalid content is not sent: the form is asked again with errors', async () => {
    const human = renderer(
      { action: 'accept', content: { ...valid, email: 'not-an-email', age: 7, plan: 'gold' } },
      { action: 'accept', content: { ...valid, age: '36' } },
      { action: 'accept', content: { ...valid, extra: 'dropped' } },
    );
    harness = await setup('memory', { guard: { elicit: human.elicit } });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'survey', arguments: {} });
    expect(human.seen.map((request) => request.attempt)).toEqual([1, 2, 3]);
    expect(human.seen[1]?.errors).toEqual([
      { field: 'email', message: 'Email must be an email address' },
      { field: 'age', message: 'Age must be at least 13' },
      { field: 'plan', message: 'Choose one of the options for Plan' },
    ]);
    // A number sent as text is the wrong type: not coerced, not sent.
    expect(human.seen[2]?.errors).toEqual([{ field: 'age', message: 'Age must be a number' }]);
    expect((await harness.state()).surveys).toEqual([valid]); // the unknown key never left the client
  });

  test('the errors are in the host’s locale', async () => {
    const human = renderer(
      { action: 'accept', content: { ...valid, email: 'x' } },
      { action: 'decline' },
    );
    harness = await setup('memory', { guard: { elicit: human.elicit, locale: 'pt-BR' } });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'survey', arguments: {} });
    expect(human.seen[1]?.errors).toEqual([
      { field: 'email', message: 'Email deve ser um endereço de e-mail' },
    ]);
    expect((await harness.state()).surveys).toEqual([]);
  });

  test('after three invalid answers the kit declines', async () => {
    const bad = { action: 'accept', content: { name: '' } } as const;
    const human = renderer(bad, bad, bad);
    harness = await setup('memory', { guard: { elicit: human.elicit } });
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool({ name: 'survey', arguments: {} });
    expect(textOf(result)).toMatch(/declined/);
    expect(human.seen).toHaveLength(3);
    expect((await harness.state()).surveys).toEqual([]);
    expect(harness.events).toContainEqual(
      expect.objectContaining({ action: 'decline', via: 'invalid' }),
    );
  });

  test('a renderer that throws cancels (fail closed)', async () => {
    harness = await setup('memory', {
      guard: {
        elicit: () => {
          throw new Error('renderer crashed');
        },
      },
    });
    harness.human.script('allow_once');
    await harness.guarded.callTool(deleteGroceries);
    expect((await harness.state()).notes).toHaveProperty('groceries');
    expect(harness.events).toContainEqual(
      expect.objectContaining({ action: 'cancel', via: 'error' }),
    );
  });
});

describe('URL elicitation (oauth_link)', () => {
  test('the URL is opened only after the user accepted', async () => {
    const order: string[] = [];
    const human = renderer((request) => {
      order.push(`asked ${request.url?.host}`);
      return { action: 'accept' };
    });
    harness = await setup('memory', {
      guard: {
        elicit: human.elicit,
        openUrl: (url) => void order.push(`opened ${new URL(url).host}`),
      },
    });
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool({
      name: 'oauth_link',
      arguments: { provider: 'github' },
    });
    expect(textOf(result)).toBe('Linked github.');
    expect(order).toEqual(['asked auth.example.com', 'opened auth.example.com']);
    expect(human.seen[0]?.url).toMatchObject({
      valid: true,
      scheme: 'https:',
      host: 'auth.example.com',
      warnings: [],
    });
    expect(harness.events).toContainEqual(
      expect.objectContaining({ type: 'elicitation_complete', serverId: SERVER.id }),
    );
  });

  test('decline opens nothing', async () => {
    const opened: string[] = [];
    const human = renderer({ action: 'decline' });
    harness = await setup('memory', {
      guard: { elicit: human.elicit, openUrl: (url) => void opened.push(url) },
    });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'oauth_link', arguments: {} });
    expect(opened).toEqual([]);
    expect((await harness.state()).linkedAccounts).toEqual([]);
  });
});
