/**
 * The policy, the host callback and remembered grants through `engine.request`: who decides a
 * call, in the order of the README table ("Policy"), and what the user is (never) asked.
 */
import { describe, expect, it } from 'vitest';
import {
  POLICY_LAYERS,
  type HostVerdict,
  type PolicyEffect,
  type PolicyLayer,
  type ToolCall,
} from '@mcp-consent/engine';
import { memoryStore } from '@mcp-consent/engine';
import { rememberedStore, source } from './policy-helpers.js';
import { callOf, scriptedUser, setup, shownCount, tools } from './helpers.js';

const put = callOf(tools.notesPut, { args: { id: 'a', text: 'hi' } });

describe('decision order through engine.request', () => {
  type Remembered = 'none' | 'allow' | 'deny';
  type Callback = 'none' | 'allow' | 'ask' | 'deny';
  /** The README table, written out: what decides, and whether the user is asked. */
  const expected = (policy: PolicyEffect | 'none', remembered: Remembered, host: Callback) => {
    if (policy === 'deny') return { allowed: false, origin: 'policy' };
    if (host === 'deny') return { allowed: false, origin: 'host_callback' };
    if (remembered === 'deny') return { allowed: false, origin: 'cache_hit' };
    if (policy === 'ask' || host === 'ask') return { allowed: true, origin: 'user_prompt' };
    if (policy === 'allow') return { allowed: true, origin: 'policy' };
    if (host === 'allow') return { allowed: true, origin: 'host_callback' };
    if (remembered === 'allow') return { allowed: true, origin: 'cache_hit' };
    return { allowed: true, origin: 'user_prompt' };
  };
  const cases: [PolicyEffect | 'none', Remembered, Callback][] = [];
  for (const policy of ['none', 'allow', 'ask', 'deny'] as const)
    for (const remembered of ['none', 'allow', 'deny'] as const)
      for (const host of ['none', 'allow', 'ask', 'deny'] as const)
        cases.push([policy, remembered, host]);

  it.each(cases)('policy %s, remembered %s, host callback %s', async (policy, remembered, host) => {
    const store = remembered === 'none' ? memoryStore() : await rememberedStore(put, remembered);
    const { engine, events } = await setup({
      store,
      decide: host === 'none' ? undefined : () => host,
    });
    engine.setPolicy(
      policy === 'none' ? [] : [source('user', [{ effect: policy, tool: 'notes_put' }])],
    );
    const user = scriptedUser('allow_once');
    const result = await engine.request(put, { prompt: user.prompt });
    const want = expected(policy, remembered, host);
    expect({ allowed: result.allowed, origin: result.origin }).toEqual(want);
    expect(user.shown).toHaveLength(want.origin === 'user_prompt' ? 1 : 0);
    expect(events().at(-1)?.origin).toBe(want.origin);
    if (want.origin === 'policy' || (policy === 'ask' && want.origin === 'user_prompt')) {
      expect(result.rule).toMatchObject({ effect: policy, layer: 'user', index: 0 });
      expect(events().at(-1)?.policy_rule).toEqual({ layer: 'user', file: 'user.json', index: 0 });
    }
  });
});

describe('two layers, each allow / ask / deny', () => {
  const effects: PolicyEffect[] = ['allow', 'ask', 'deny'];
  const cases: [PolicyLayer, PolicyEffect, PolicyLayer, PolicyEffect][] = [];
  for (const [i, upper] of POLICY_LAYERS.entries())
    for (const lower of POLICY_LAYERS.slice(i + 1))
      for (const a of effects) for (const b of effects) cases.push([upper, a, lower, b]);

  it.each(cases)('%s %s over %s %s', async (upper, a, lower, b) => {
    const { engine } = await setup({
      policy: [
        source(lower, [{ effect: b, tool: 'notes_*' }]),
        source(upper, [{ effect: a, tool: 'notes_put' }]),
      ],
    });
    // Deny wins ties, then ask; the highest layer with the winning effect is named.
    const effect: PolicyEffect = [a, b].includes('deny')
      ? 'deny'
      : [a, b].includes('ask')
        ? 'ask'
        : 'allow';
    const layer = a === effect ? upper : lower;
    const user = scriptedUser('deny_once');
    const result = await engine.request(put, { prompt: user.prompt });
    if (effect === 'ask') {
      expect(user.shown[0]?.rule).toMatchObject({ effect, layer });
      expect(user.shown[0]?.lookup.reason).toBe('policy_ask');
      expect(result.origin).toBe('user_prompt');
    } else {
      expect(user.shown).toHaveLength(0);
      expect(result).toMatchObject({ allowed: effect === 'allow', origin: 'policy' });
      expect(result.rule).toMatchObject({ effect, layer });
    }
  });

  it('an allow below the host layer never covers a destructive tool; managed and host do', async () => {
    for (const layer of POLICY_LAYERS) {
      const { engine } = await setup({
        policy: [source(layer, [{ effect: 'allow', tool: 'notes_delete' }])],
      });
      const user = scriptedUser('deny_once');
      const result = await engine.request(callOf(tools.notesDelete), { prompt: user.prompt });
      const covers = layer === 'managed' || layer === 'host';
      expect(result.allowed).toBe(covers);
      expect(user.shown).toHaveLength(covers ? 0 : 1);
    }
  });
});

describe('a managed deny', () => {
  const managed = [source('managed', [{ effect: 'deny', server: 'notes', reason: 'frozen' }])];
  const read = callOf(tools.notesList);

  it('beats every remembered allow (always, timed, session, whole server) and every other layer', async () => {
    const { engine } = await setup({ autoAllowReadOnly: true, decide: () => 'allow' });
    // Made with no policy and no callback opinion on the way: each answer is remembered.
    const answers = [
      { choice: 'allow_always' as const },
      { choice: 'allow_always' as const, ttlMs: 60 * 60_000 },
      { choice: 'allow_always' as const, session: true },
      { choice: 'allow_always' as const, session: true, scope: 'server' as const },
    ];
    const bare = await setup();
    const calls = answers.map((_, i) => callOf({ ...tools.notesPut, name: `put_${i}` }));
    for (const [i, answer] of answers.entries()) {
      const user = scriptedUser(answer);
      const result = await bare.engine.request(calls[i]!, { prompt: user.prompt });
      expect(result).toMatchObject({ allowed: true, grant: { decision: 'allow' } });
    }
    expect(bare.engine.grants()).toHaveLength(4);
    bare.engine.setPolicy([
      ...managed,
      source('host', [{ effect: 'allow', server: 'notes' }]),
      source('session', [{ effect: 'allow' }]),
    ]);
    for (const call of [...calls, read]) {
      const user = scriptedUser('allow_always');
      const result = await bare.engine.request(call, { prompt: user.prompt });
      expect(user.shown).toHaveLength(0);
      expect(result).toMatchObject({ allowed: false, origin: 'policy', reason: 'frozen' });
      expect(result.rule).toMatchObject({ layer: 'managed', index: 0 });
    }
    // The host callback and the trusted read-only shortcut are never asked past it.
    engine.setPolicy(managed);
    const user = scriptedUser('allow_once');
    const result = await engine.request(read, { prompt: user.prompt });
    expect(result).toMatchObject({ allowed: false, origin: 'policy' });
    expect(user.shown).toHaveLength(0);
  });

  it('is checked before the host callback, which is never called', async () => {
    let called = 0;
    const { engine } = await setup({
      policy: managed,
      decide: () => {
        called += 1;
        return 'allow';
      },
    });
    const user = scriptedUser('allow_once');
    expect((await engine.request(put, { prompt: user.prompt })).allowed).toBe(false);
    expect(called).toBe(0);
  });
});

describe('a deny pushed while a prompt is open', () => {
  it('wins over the user’s allow, and over a grant made meanwhile', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    const first = engine.request(put, { prompt: user.prompt });
    const second = engine.request(callOf(tools.notesList), { prompt: user.prompt });
    await shownCount(user, 1);
    engine.setPolicy([source('managed', [{ effect: 'deny', server: 'notes', reason: 'frozen' }])]);
    engine.resolve(user.shown[0]!.id, 'allow_once');
    expect(await first).toMatchObject({ allowed: false, origin: 'policy', reason: 'frozen' });
    // The second call was queued before the rule; it is denied, not shown.
    expect(await second).toMatchObject({ allowed: false, origin: 'policy' });
    expect(user.shown).toHaveLength(1);
  });

  it('non_interactive set while calls wait denies the ones not shown yet', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    const shown = engine.request(put, { prompt: user.prompt });
    const waiting = engine.request(callOf(tools.notesList), { prompt: user.prompt });
    await shownCount(user, 1);
    engine.setMode('non_interactive');
    engine.resolve(user.shown[0]!.id, 'allow_once');
    // The one on screen was the user's to answer; the one waiting would have asked.
    expect(await shown).toMatchObject({ allowed: true, origin: 'user_prompt' });
    expect(await waiting).toMatchObject({
      allowed: false,
      origin: 'mode',
      mode: 'non_interactive',
    });
    expect(user.shown).toHaveLength(1);
  });

  it('plan mode set while the prompt is open denies a write the user allows', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    const pending = engine.request(put, { prompt: user.prompt });
    await shownCount(user, 1);
    engine.setMode('plan');
    engine.resolve(user.shown[0]!.id, 'allow_once');
    expect(await pending).toMatchObject({ allowed: false, origin: 'mode', mode: 'plan' });
  });
});

describe('the host callback', () => {
  const verdicts: [string, HostVerdict, string][] = [
    ['allow', 'allow', 'host_callback'],
    ['{ effect: allow } (async)', { effect: 'allow' }, 'host_callback'],
    ['ask', 'ask', 'user_prompt'],
    ['deny with a reason', { effect: 'deny', reason: 'amount over 100' }, 'host_callback'],
    ['no opinion', undefined, 'user_prompt'],
    ['nonsense', 'yes' as unknown as HostVerdict, 'user_prompt'],
  ];

  it.each(verdicts)('%s', async (_name, verdict, origin) => {
    const seen: ToolCall[] = [];
    const { engine, events } = await setup({
      decide: (call) => {
        seen.push(call);
        return typeof verdict === 'object' && verdict !== null ? Promise.resolve(verdict) : verdict;
      },
    });
    const user = scriptedUser('deny_once');
    const result = await engine.request(put, { prompt: user.prompt });
    expect(seen[0]?.args).toEqual({ id: 'a', text: 'hi' });
    expect(result.origin).toBe(origin);
    expect(user.shown).toHaveLength(origin === 'user_prompt' ? 1 : 0);
    if (_name.startsWith('deny')) {
      expect(result).toMatchObject({ allowed: false, reason: 'amount over 100' });
      // A host's reason is not the user's note.
      expect(events().at(-1)?.deny_reason).toBeUndefined();
    }
  });

  it('that throws or rejects asks, and never allows (even with a remembered allow)', async () => {
    for (const decide of [
      () => {
        throw new Error('boom');
      },
      () => Promise.reject(new Error('boom')),
    ]) {
      const store = await rememberedStore(put, 'allow');
      const { engine } = await setup({ store, decide });
      const user = scriptedUser('deny_once');
      const result = await engine.request(put, { prompt: user.prompt });
      expect(user.shown).toHaveLength(1);
      expect(user.shown[0]?.lookup.reason).toBe('policy_ask');
      expect(result).toMatchObject({ allowed: false, origin: 'user_prompt' });
    }
  });

  it('cannot undo a remembered denial', async () => {
    const store = await rememberedStore(put, 'deny');
    const { engine } = await setup({ store, decide: () => 'allow' });
    const user = scriptedUser('allow_once');
    const result = await engine.request(put, { prompt: user.prompt });
    expect(result).toMatchObject({ allowed: false, origin: 'cache_hit' });
  });
});

describe('modes', () => {
  it('plan denies every call that is not read-only without asking, even with a remembered allow', async () => {
    const store = await rememberedStore(put, 'allow');
    const { engine, events } = await setup({ store, mode: 'plan' });
    const user = scriptedUser('allow_once');
    const result = await engine.request(put, { prompt: user.prompt });
    expect(result).toMatchObject({ allowed: false, origin: 'mode', mode: 'plan' });
    expect(events().at(-1)).toMatchObject({ origin: 'mode', mode: 'plan' });
    expect(user.shown).toHaveLength(0);
    // A read-only call is asked as usual.
    const read = await engine.request(callOf(tools.notesList), { prompt: user.prompt });
    expect(read).toMatchObject({ allowed: true, origin: 'user_prompt' });
  });

  it('non_interactive denies what would ask, and lets grants and rules decide', async () => {
    const { engine } = await setup({
      mode: 'non_interactive',
      policy: [source('host', [{ effect: 'allow', tool: 'notes_list' }])],
    });
    const user = scriptedUser('allow_once');
    const asked = await engine.request(put, { prompt: user.prompt });
    expect(asked).toMatchObject({ allowed: false, origin: 'mode', mode: 'non_interactive' });
    expect(user.shown).toHaveLength(0);
    const ruled = await engine.request(callOf(tools.notesList), { prompt: user.prompt });
    expect(ruled).toMatchObject({ allowed: true, origin: 'policy' });
    const store = await rememberedStore(put, 'allow');
    const later = await setup({ store, mode: 'non_interactive' });
    expect(await later.engine.request(put, { prompt: user.prompt })).toMatchObject({
      allowed: true,
      origin: 'cache_hit',
    });
  });

  it('refuses an unknown mode', async () => {
    const { engine } = await setup();
    expect(() => engine.setMode('yolo' as never)).toThrow(/ask, plan or non_interactive/);
    expect(engine.mode).toBe('ask');
  });
});

describe('autoAllowReadOnly', () => {
  const readOnlyClosed = tools.notesList;
  const readOnlyOpen = { ...tools.notesList, name: 'web_get', annotations: { readOnlyHint: true } };

  it.each([
    ['trusted, read-only, closed world', true, readOnlyClosed, true],
    ['untrusted server', false, readOnlyClosed, false],
    ['open world', true, readOnlyOpen, false],
    ['not read-only', true, tools.notesPut, false],
  ] as const)('%s', async (_name, trusted, tool, allowed) => {
    const { engine } = await setup({ autoAllowReadOnly: true });
    const user = scriptedUser('deny_once');
    const call = callOf(tool, { server: { id: 'notes', trusted } });
    const result = await engine.request(call, { prompt: user.prompt });
    expect(result.allowed).toBe(allowed);
    expect(result.origin).toBe(allowed ? 'trusted_read_only' : 'user_prompt');
  });

  it('is off by default', async () => {
    const { engine } = await setup();
    const user = scriptedUser('deny_once');
    await engine.request(callOf(readOnlyClosed), { prompt: user.prompt });
    expect(user.shown).toHaveLength(1);
  });
});
