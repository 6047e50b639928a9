import { afterEach, describe, expect, test } from 'vitest';
import { denialOf, MODEL_TEXT } from '../src/index.js';
import { SERVER, setup, TRANSPORTS, USER, WORKSPACE, textOf, type Harness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe.each(TRANSPORTS)('spec T1–T5 over %s', (kind) => {
  test('T1: a call without a grant shows the prompt, with the host-configured server', async () => {
    harness = await setup(kind);
    harness.human.script('deny_once');
    await harness.guarded.callTool({ name: 'notes_put', arguments: { id: 'a', text: 'b' } });
    expect(harness.human.requests).toHaveLength(1);
    const [request] = harness.human.requests;
    expect(request?.call.server).toEqual(SERVER); // not the server's self-reported name
    expect(request?.call.tool.name).toBe('notes_put');
    expect(request?.call.tool.annotations).toMatchObject({
      idempotentHint: true,
      destructiveHint: false,
    });
    expect(request?.call.args).toEqual({ id: 'a', text: 'b' });
    expect(request?.risk.tier).toBe('medium');
    expect(request?.lookup).toMatchObject({ status: 'prompt', reason: 'no_grant' });
    expect(harness.raw.getServerVersion()?.name).not.toBe(SERVER.id);
  });

  test('T2: allow once runs the call; the second call prompts again', async () => {
    harness = await setup(kind);
    harness.human.script('allow_once', 'allow_once');
    const first = await harness.guarded.callTool({
      name: 'notes_put',
      arguments: { id: 'todo', text: 'one' },
    });
    expect(first.isError).toBeFalsy();
    expect((await harness.state()).notes.todo).toBe('one');
    await harness.guarded.callTool({ name: 'notes_put', arguments: { id: 'todo', text: 'two' } });
    expect(harness.human.requests).toHaveLength(2);
    expect((await harness.state()).calls.notes_put).toBe(2);
    expect(harness.audit.map((event) => [event.decision, event.origin])).toEqual([
      ['ALLOW_ONCE', 'user_prompt'],
      ['ALLOW_ONCE', 'user_prompt'],
    ]);
  });

  test('T3: allow always runs; the second call is a cache hit without a prompt', async () => {
    harness = await setup(kind);
    harness.human.script('allow_always');
    await harness.guarded.callTool({ name: 'notes_list', arguments: {} });
    const second = await harness.guarded.callTool({ name: 'notes_list', arguments: {} });
    expect(JSON.parse(textOf(second))).toHaveProperty('welcome');
    expect(harness.human.requests).toHaveLength(1);
    expect((await harness.state()).calls.notes_list).toBe(2);
    expect(harness.audit.map((event) => [event.decision, event.origin])).toEqual([
      ['ALLOW_ALWAYS', 'user_prompt'],
      ['ALLOW_ALWAYS', 'cache_hit'],
    ]);
    expect(harness.audit[1]).toMatchObject({
      koder_user_id: USER,
      workspace_id: WORKSPACE,
      server_id: SERVER.id,
    });
  });

  test('T4: deny once never reaches the server; the model gets an error result', async () => {
    harness = await setup(kind);
    const before = await harness.state();
    harness.human.script('deny_once', 'deny_once');
    const result = await harness.guarded.callTool({
      name: 'notes_put',
      arguments: { id: 'welcome', text: 'gone' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(MODEL_TEXT.declined('notes_put'));
    expect(textOf(result)).toMatch(/declined.*Do not retry/s);
    expect(denialOf(result)).toMatchObject({
      reason: 'declined',
      choice: 'deny_once',
      settledBy: 'answer',
    });
    expect(await harness.state()).toEqual(before);
    await harness.guarded.callTool({
      name: 'notes_put',
      arguments: { id: 'welcome', text: 'gone' },
    });
    expect(harness.human.requests).toHaveLength(2); // deny once is not remembered
    expect(await harness.state()).toEqual(before);
  });

  test('T5: deny always is persisted; the second call is denied without a prompt', async () => {
    harness = await setup(kind);
    const before = await harness.state();
    harness.human.script('deny_always');
    const first = await harness.guarded.callTool({
      name: 'legacy_tool',
      arguments: { input: 'x' },
    });
    const second = await harness.guarded.callTool({
      name: 'legacy_tool',
      arguments: { input: 'y' },
    });
    for (const result of [first, second]) expect(result.isError).toBe(true);
    expect(textOf(first)).toBe(MODEL_TEXT.declined('legacy_tool'));
    // The second was not asked: the agent reads that the user chose this earlier.
    expect(textOf(second)).toBe(MODEL_TEXT.rememberedDenial('legacy_tool'));
    expect(harness.human.requests).toHaveLength(1);
    expect(harness.human.requests[0]?.risk).toMatchObject({ tier: 'high', source: 'defaults' });
    expect(harness.engine.grants()).toEqual([
      expect.objectContaining({
        decision: 'deny',
        serverId: SERVER.id,
        toolName: 'legacy_tool',
        userId: USER,
      }),
    ]);
    expect(harness.audit.map((event) => [event.decision, event.origin])).toEqual([
      ['DENY_ALWAYS', 'user_prompt'],
      ['DENY_ALWAYS', 'cache_hit'],
    ]);
    expect(await harness.state()).toEqual(before);
  });
});
