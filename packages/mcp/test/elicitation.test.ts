import { afterEach, describe, expect, test } from 'vitest';
import type { ElicitAnswer, ElicitationRequest } from '../src/index.js';
import { SERVER, setup, TRANSPORTS, textOf, type Harness } from './harness.js';

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
    expect(request?.fields).toEqual([]);
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
    });
  });
});

describe('elicitation without a renderer (seed 000 tiers)', () => {
  test('default: decline (fail closed), with a warning', async () => {
    harness = await setup('memory');
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool(deleteGroceries);
    expect(textOf(result)).toMatch(/declined by user/);
    expect((await harness.state()).notes).toHaveProperty('groceries');
    expect(harness.warnings.join('\n')).toMatch(/no renderer/);
    expect(harness.events).toContainEqual(
      expect.objectContaining({ action: 'decline', via: 'policy' }),
    );
  });

  test('warn-and-proceed accepts a confirmation that asks for nothing, and warns', async () => {
    harness = await setup('memory', { guard: { noRenderer: 'warn-and-proceed' } });
    harness.human.script('allow_once');
    await harness.guarded.callTool(deleteGroceries);
    expect((await harness.state()).notes).not.toHaveProperty('groceries');
    expect(harness.warnings.join('\n')).toMatch(/without asking/);
    expect(harness.events).toContainEqual(
      expect.objectContaining({ action: 'accept', via: 'policy' }),
    );
  });

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

  test('the renderer gets normalized fields with defaults and option labels', async () => {
    const human = renderer({ action: 'accept', content: valid });
    harness = await setup('memory', { guard: { elicit: human.elicit } });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'survey', arguments: {} });
    const [request] = human.seen;
    const byName = Object.fromEntries((request?.fields ?? []).map((field) => [field.name, field]));
    expect(byName.email).toMatchObject({ kind: 'string', format: 'email', required: true });
    expect(byName.age).toMatchObject({
      kind: 'integer',
      minimum: 13,
      maximum: 120,
      required: false,
    });
    expect(byName.subscribe).toMatchObject({ kind: 'boolean', default: false });
    expect(byName.plan?.options).toEqual([
      { value: 'free', label: 'Free' },
      { value: 'team', label: 'Team' },
      { value: 'enterprise', label: 'Enterprise' },
    ]);
    expect(request?.initialValues).toEqual({ rating: 4, subscribe: false, plan: 'free' });
    expect((await harness.state()).surveys).toEqual([valid]);
  });

  test('invalid content is not sent: the form is asked again with errors', async () => {
    const human = renderer(
      { action: 'accept', content: { ...valid, email: 'not-an-email', age: 7, plan: 'gold' } },
      { action: 'accept', content: { ...valid, extra: 'dropped' } },
    );
    harness = await setup('memory', { guard: { elicit: human.elicit } });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'survey', arguments: {} });
    expect(human.seen[1]?.attempt).toBe(2);
    expect(human.seen[1]?.errors).toEqual([
      { field: 'email', code: 'format' },
      { field: 'age', code: 'too_small' },
      { field: 'plan', code: 'not_an_option' },
    ]);
    expect((await harness.state()).surveys).toEqual([valid]); // the unknown key never left the client
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
    expect(human.seen[0]?.url).toMatchObject({ protocol: 'https:', punycode: false });
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
