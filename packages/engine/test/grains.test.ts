/**
 * Grains (once, this session, for a time, always; narrowed to these arguments), deny notes,
 * edited arguments, answers the prompt did not offer, and origins that say who decided.
 */
import { describe, expect, it } from 'vitest';
import {
  createPermissionEngine,
  hashArgsSync,
  InvalidAnswerError,
  memoryStore,
  type PromptAnswer,
  type PromptRequest,
} from '@mcp-consent/engine';
import { callOf, scriptedUser, setup, shownCount, tools } from './helpers.js';
import { source } from './policy-helpers.js';

const put = (args: object = { id: 'a', text: 'hi' }) => callOf(tools.notesPut, { args });
const HOUR = 60 * 60_000;

describe('this session', () => {
  it('answers later calls, is listed, and is never written to the store', async () => {
    const store = memoryStore();
    const { engine, events } = await setup({ store, sessionId: 'chat-1' });
    const user = scriptedUser({ choice: 'allow_always', session: true });
    const first = await engine.request(put(), { prompt: user.prompt });
    expect(user.shown[0]?.grains?.allow).toContain('session');
    expect(first).toMatchObject({ allowed: true, grain: 'session' });
    expect(events().at(-1)).toMatchObject({ decision: 'ALLOW_ALWAYS', grain: 'session' });
    const again = await engine.request(put(), { prompt: user.prompt });
    expect(again).toMatchObject({ allowed: true, origin: 'cache_hit', grain: 'session' });
    expect(user.shown).toHaveLength(1);
    const [grant] = engine.grants();
    expect(grant).toMatchObject({ sessionId: 'chat-1', toolName: 'notes_put' });
    expect(grant!.key.startsWith('mcp_session:')).toBe(true);
    expect(store.size).toBe(0);
    expect(await store.load()).toEqual([]);
  });

  it('vanishes on endSession()', async () => {
    const { engine } = await setup();
    const user = scriptedUser({ choice: 'allow_always', session: true }, 'deny_once');
    await engine.request(put(), { prompt: user.prompt });
    const before = engine.sessionId;
    engine.endSession('chat-2');
    expect(engine.sessionId).toBe('chat-2');
    expect(engine.sessionId).not.toBe(before);
    expect(engine.grants()).toEqual([]);
    const after = await engine.request(put(), { prompt: user.prompt });
    expect(user.shown).toHaveLength(2);
    expect(after).toMatchObject({ allowed: false, origin: 'user_prompt' });
  });

  it('vanishes on restart: a new engine on the same store asks again', async () => {
    const store = memoryStore();
    const first = await setup({ store, sessionId: 'chat-1' });
    await first.engine.request(put(), {
      prompt: scriptedUser({ choice: 'allow_always', session: true }).prompt,
    });
    first.engine.dispose();
    const second = await setup({ store, sessionId: 'chat-1' });
    const user = scriptedUser('deny_once');
    await second.engine.request(put(), { prompt: user.prompt });
    expect(user.shown).toHaveLength(1);
    expect(second.engine.grants()).toEqual([]);
  });

  it('a session deny denies until the session ends; revoke removes a session grant', async () => {
    const { engine } = await setup();
    const user = scriptedUser({ choice: 'deny_always', session: true }, 'allow_once');
    await engine.request(put(), { prompt: user.prompt });
    const denied = await engine.request(put(), { prompt: user.prompt });
    expect(denied).toMatchObject({ allowed: false, origin: 'cache_hit', grain: 'session' });
    expect(await engine.revoke(engine.grants()[0]!)).toBe(true);
    expect((await engine.request(put(), { prompt: user.prompt })).origin).toBe('user_prompt');
  });

  it('a whole server for the session (read-only tools only, when so chosen)', async () => {
    const { engine } = await setup();
    const user = scriptedUser(
      { choice: 'allow_always', session: true, scope: 'server_read_only' },
      'deny_once',
    );
    await engine.request(callOf(tools.notesList), { prompt: user.prompt });
    const other = { ...tools.notesList, name: 'notes_search' };
    expect((await engine.request(callOf(other), { prompt: user.prompt })).origin).toBe('cache_hit');
    expect(engine.grants()[0]?.toolName).toBe('*read-only');
    // A write is not read-only: asked.
    expect((await engine.request(put(), { prompt: user.prompt })).origin).toBe('user_prompt');
    expect(user.shown).toHaveLength(2);
  });

  it('read-only tools only: never one rated high risk, whatever the server claims', async () => {
    const { engine } = await setup();
    const user = scriptedUser(
      { choice: 'allow_always', session: true, scope: 'server_read_only' },
      'deny_once',
      'deny_once',
      'deny_once',
    );
    await engine.request(callOf(tools.notesList), { prompt: user.prompt });
    // Read-only but may reach the internet (open world): high risk, so it may send data out.
    const fetcher = {
      name: 'web_fetch',
      description: 'Fetch a page',
      annotations: { readOnlyHint: true, openWorldHint: true },
    };
    // Read-only and closed-world, but the server rates it high itself.
    const exporter = {
      name: 'notes_export',
      description: 'Export notes',
      annotations: { readOnlyHint: true, openWorldHint: false },
      _meta: { koder: { risk: 'high' } },
    };
    // Read-only as it claims, and (ignored when read-only) destructive: no annotation says closed.
    const liar = {
      name: 'liar_delete',
      annotations: { readOnlyHint: true, destructiveHint: true },
    };
    for (const tool of [fetcher, exporter, liar]) {
      const result = await engine.request(callOf(tool), { prompt: user.prompt });
      expect(result, tool.name).toMatchObject({ allowed: false, origin: 'user_prompt' });
      expect(engine.lookup(callOf(tool)).status, tool.name).toBe('prompt');
    }
    expect(user.shown).toHaveLength(4);
    // A read-only, closed-world tool below high risk is still covered.
    const search = { ...tools.notesList, name: 'notes_search' };
    expect((await engine.request(callOf(search), { prompt: user.prompt })).origin).toBe(
      'cache_hit',
    );
  });

  it('is not offered for a destructive tool unless the host allows it', async () => {
    const del = callOf(tools.notesDelete, { args: { id: 'a' } });
    const plain = await setup();
    const user = scriptedUser('deny_once');
    await plain.engine.request(del, { prompt: user.prompt });
    expect(user.shown[0]?.grains).toMatchObject({ allow: ['once'], server: false });
    const opted = await setup({ sessionGrainsForDestructive: true });
    const answer = scriptedUser({ choice: 'allow_always', session: true });
    const result = await opted.engine.request(del, { prompt: answer.prompt });
    expect(answer.shown[0]?.grains?.allow).toEqual(['once', 'session']);
    expect(result).toMatchObject({ allowed: true, grain: 'session' });
    expect((await opted.engine.request(del, { prompt: answer.prompt })).origin).toBe('cache_hit');
  });
});

describe('for a time', () => {
  it('expires on the injected clock, and the tier lifetime still bounds it', async () => {
    const { engine, clock, store, events } = await setup();
    const user = scriptedUser();
    const pending = engine.request(put(), { prompt: user.prompt });
    await shownCount(user, 1);
    const request = user.shown[0]!;
    expect(request.grains?.timed).toEqual([15 * 60_000, HOUR, 24 * HOUR]);
    engine.resolve(request.id, { choice: 'allow_always', ttlMs: HOUR });
    expect(await pending).toMatchObject({ allowed: true, grain: 'timed' });
    expect((await store.load())[0]?.expiresAt).toBe(new Date(clock.now() + HOUR).toISOString());
    clock.advance(HOUR - 1);
    // A later call decided by it says it was an answer for a time, not "always".
    expect(await engine.request(put(), { prompt: user.prompt })).toMatchObject({
      origin: 'cache_hit',
      choice: 'allow_always',
      grain: 'timed',
    });
    expect(events().at(-1)).toMatchObject({ origin: 'cache_hit', grain: 'timed' });
    clock.advance(1);
    expect(engine.lookup(put())).toMatchObject({ status: 'prompt', reason: 'expired' });
  });

  it('offers the host’s lifetimes, or none', async () => {
    const custom = await setup({ timedGrains: [5 * 60_000] });
    const user = scriptedUser('deny_once');
    await custom.engine.request(put(), { prompt: user.prompt });
    expect(user.shown[0]?.grains).toMatchObject({ timed: [5 * 60_000] });
    const none = await setup({ timedGrains: [] });
    const other = scriptedUser('deny_once');
    await none.engine.request(put(), { prompt: other.prompt });
    expect(other.shown[0]?.grains?.allow).not.toContain('timed');
  });
});

describe('these arguments only', () => {
  it('an args-narrowed grant does not cover other arguments', async () => {
    const { engine } = await setup();
    const user = scriptedUser({ choice: 'allow_always', argsOnly: true }, 'deny_once');
    await engine.request(put({ id: 'a' }), { prompt: user.prompt });
    expect((await engine.request(put({ id: 'a' }), { prompt: user.prompt })).origin).toBe(
      'cache_hit',
    );
    const other = await engine.request(put({ id: 'b' }), { prompt: user.prompt });
    expect(other).toMatchObject({ allowed: false, origin: 'user_prompt' });
    expect(user.shown).toHaveLength(2);
  });

  it('for a session too', async () => {
    const { engine } = await setup();
    const user = scriptedUser({ choice: 'allow_always', argsOnly: true, session: true });
    await engine.request(put({ id: 'a' }), { prompt: user.prompt });
    expect(engine.grants()[0]?.argsHash).toBe(hashArgsSync({ id: 'a' }));
    void engine.request(put({ id: 'b' }), { prompt: user.prompt });
    await shownCount(user, 2);
  });
});

describe('edited arguments', () => {
  it('run as edited, are audited as edited with their hash, and key an args-narrowed grant', async () => {
    const { engine, events } = await setup();
    const edited = { id: 'b', text: 'fixed' };
    const user = scriptedUser({ choice: 'allow_always', argsOnly: true, args: edited });
    const result = await engine.request(put({ id: 'a', text: 'typo' }), { prompt: user.prompt });
    expect(user.shown[0]?.editable).toBe(true);
    expect(result).toMatchObject({ allowed: true, edited: true, argsHash: hashArgsSync(edited) });
    expect(result.call?.args).toEqual(edited);
    expect(events().at(-1)).toMatchObject({ edited: true, args_hash: hashArgsSync(edited) });
    expect(engine.grants()[0]?.argsHash).toBe(hashArgsSync(edited));
    // The grant covers what ran, not what was asked.
    expect(engine.lookup(put(edited)).status).toBe('allow');
    expect(engine.lookup(put({ id: 'a', text: 'typo' })).status).toBe('prompt');
  });

  it('are checked again: a deny rule, the host callback or a remembered denial covering them denies', async () => {
    const { engine, events } = await setup({
      policy: [
        source('user', [
          { effect: 'deny', args: [{ pointer: '/id', equals: 'b' }], reason: 'b is frozen' },
        ]),
      ],
      decide: async (call) =>
        (call.args as { id: string }).id === 'd'
          ? { effect: 'deny', reason: 'over budget' }
          : undefined,
    });
    const cases = [
      [{ id: 'b' }, { origin: 'policy', reason: 'b is frozen', rule: { layer: 'user', index: 0 } }],
      [{ id: 'd' }, { origin: 'host_callback', reason: 'over budget' }],
    ] as const;
    for (const [edited, outcome] of cases) {
      const user = scriptedUser({ choice: 'allow_once', args: edited });
      const result = await engine.request(put({ id: 'a' }), { prompt: user.prompt });
      expect(user.shown).toHaveLength(1);
      expect(result).toMatchObject({ allowed: false, edited: true, ...outcome });
      expect(result.call?.args).toEqual(edited);
      expect(events().at(-1)).toMatchObject({
        origin: outcome.origin,
        edited: true,
        args_hash: hashArgsSync(edited),
      });
    }
    // A remembered denial for the edited arguments (Deny always, these arguments only).
    const deny = scriptedUser({ choice: 'deny_always', argsOnly: true });
    await engine.request(put({ id: 'e' }), { prompt: deny.prompt });
    const user = scriptedUser({ choice: 'allow_always', args: { id: 'e' } });
    const result = await engine.request(put({ id: 'a' }), { prompt: user.prompt });
    expect(result).toMatchObject({ allowed: false, origin: 'cache_hit', edited: true });
    expect(engine.grants().filter((g) => g.decision === 'allow')).toEqual([]);
  });

  it("must be an object of the schema's fields (or the call's own): anything else is Deny once", async () => {
    const { engine, store } = await setup();
    for (const edited of [['b'], 'b', null, { id: 'a', __confirm: true }]) {
      const user = scriptedUser({ choice: 'allow_always', args: edited });
      const result = await engine.request(put({ id: 'a' }), { prompt: user.prompt });
      expect(result).toMatchObject({ allowed: false, choice: 'deny_once', origin: 'no_renderer' });
      expect(result.error?.message).toMatch(/edited arguments/);
    }
    expect(engine.grants()).toEqual([]);
    expect(await store.load()).toEqual([]);
  });

  it('are refused where the tool cannot be edited: Deny once', async () => {
    const { engine } = await setup();
    const user = scriptedUser({ choice: 'allow_once', args: { anything: 1 } });
    const result = await engine.request(callOf(tools.legacy), { prompt: user.prompt });
    expect(user.shown[0]?.editable).toBe(false);
    expect(result).toMatchObject({ allowed: false, choice: 'deny_once', origin: 'no_renderer' });
    expect(result.error).toBeInstanceOf(InvalidAnswerError);
  });
});

describe('a deny with a note', () => {
  it('returns the note to the agent and audits a flag, not the text', async () => {
    const { engine, events } = await setup();
    const user = scriptedUser({ choice: 'deny_once', reason: '  use the staging notes  ' });
    const result = await engine.request(put(), { prompt: user.prompt });
    expect(result).toMatchObject({ allowed: false, reason: 'use the staging notes' });
    expect(events().at(-1)?.deny_reason).toBe(true);
    expect(JSON.stringify(events())).not.toContain('staging');
  });

  it('audits the text only when the host opts in', async () => {
    const { engine, events } = await setup({ auditDenyReasonText: true });
    const user = scriptedUser({ choice: 'deny_always', reason: 'not today' });
    await engine.request(put(), { prompt: user.prompt });
    expect(events().at(-1)).toMatchObject({ deny_reason: true, deny_reason_text: 'not today' });
  });
});

describe('an answer the prompt did not offer is Deny once (no_renderer)', () => {
  const cases: [string, () => ReturnType<typeof callOf>, PromptAnswer][] = [
    [
      'this session for a destructive tool',
      () => callOf(tools.notesDelete),
      { choice: 'allow_always', session: true },
    ],
    [
      'a whole server where it is not offered',
      () => callOf(tools.notesDelete),
      { choice: 'allow_always', scope: 'server' },
    ],
    ['a note on an allow', () => put(), { choice: 'allow_once', reason: 'sure' }],
    ['a note that is too long', () => put(), { choice: 'deny_once', reason: 'x'.repeat(501) }],
    ['edited arguments on a deny', () => put(), { choice: 'deny_once', args: { id: 'z' } }],
    [
      'a session and a time together',
      () => put(),
      { choice: 'allow_always', session: true, ttlMs: HOUR },
    ],
  ];

  it.each(cases)('%s', async (_name, call, answer) => {
    const { engine, events } = await setup();
    const user = scriptedUser(answer);
    const result = await engine.request(call(), { prompt: user.prompt });
    expect(result).toMatchObject({ allowed: false, choice: 'deny_once', origin: 'no_renderer' });
    expect(result.error).toBeInstanceOf(InvalidAnswerError);
    expect(events().at(-1)?.origin).toBe('no_renderer');
    expect(engine.grants()).toEqual([]);
  });

  it('Allow always where a rule asks every time (only once is offered)', async () => {
    const { engine } = await setup({
      policy: [source('host', [{ effect: 'ask', tool: 'notes_put' }])],
    });
    const user = scriptedUser('allow_always');
    const result = await engine.request(put(), { prompt: user.prompt });
    expect(user.shown[0]?.grains?.allow).toEqual(['once']);
    expect(result).toMatchObject({ allowed: false, origin: 'no_renderer' });
    expect(engine.grants()).toEqual([]);
  });

  it('Allow always or for a time where the user turned Allow always off for the tier', async () => {
    const { engine } = await setup();
    engine.setExpiry({ medium: 0 });
    for (const answer of ['allow_always', { choice: 'allow_always', ttlMs: HOUR }] as const) {
      const user = scriptedUser(answer);
      const result = await engine.request(put(), { prompt: user.prompt });
      expect(user.shown[0]?.grains?.allow).toEqual(['once']);
      expect(result).toMatchObject({ allowed: false, origin: 'no_renderer' });
    }
    expect(engine.grants()).toEqual([]);
  });
});

describe('origins that tell the truth', () => {
  const open = () => scriptedUser();

  it('timeout', async () => {
    const { engine, clock, events } = await setup({ promptTimeoutMs: 1000 });
    const user = open();
    const pending = engine.request(put(), { prompt: user.prompt });
    await shownCount(user, 1);
    clock.advance(1000);
    expect(await pending).toMatchObject({ allowed: false, origin: 'timeout' });
    expect(events().at(-1)?.origin).toBe('timeout');
  });

  it('abort and cancel', async () => {
    const { engine } = await setup();
    const controller = new AbortController();
    const user = open();
    const aborted = engine.request(put(), { prompt: user.prompt, signal: controller.signal });
    await shownCount(user, 1);
    controller.abort();
    expect(await aborted).toMatchObject({ allowed: false, origin: 'cancelled' });
    const cancelled = engine.request(put(), { prompt: user.prompt });
    await shownCount(user, 2);
    engine.cancel(user.shown[1]!.id);
    expect(await cancelled).toMatchObject({ allowed: false, origin: 'cancelled' });
  });

  it('a renderer that throws or rejects, and no prompt callback', async () => {
    const { engine, events } = await setup();
    const throws = (): PromptAnswer => {
      throw new Error('render failed');
    };
    const rejects = (_: PromptRequest) => Promise.reject(new Error('render failed'));
    for (const prompt of [throws, rejects]) {
      expect(await engine.request(put(), { prompt })).toMatchObject({
        allowed: false,
        origin: 'no_renderer',
      });
    }
    const none = await engine.request(put(), {} as never);
    expect(none).toMatchObject({ allowed: false, origin: 'no_renderer' });
    expect(events().map((e) => e.origin)).toEqual(['no_renderer', 'no_renderer', 'no_renderer']);
  });

  it('the user, and a renewal after expiry', async () => {
    const { engine, clock } = await setup();
    const user = scriptedUser({ choice: 'allow_always', ttlMs: HOUR }, 'allow_once');
    expect((await engine.request(put(), { prompt: user.prompt })).origin).toBe('user_prompt');
    clock.advance(HOUR);
    expect((await engine.request(put(), { prompt: user.prompt })).origin).toBe(
      'auto_revoke_renewal',
    );
  });
});

describe('engine options', () => {
  it('refuses timed grains that are not a positive lifetime', () => {
    expect(() => createPermissionEngine({ store: memoryStore(), timedGrains: [0] })).toThrow(
      /timedGrains\[0\]/,
    );
  });
});
