import { describe, expect, it, vi } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  isExpired,
  memoryStore,
  type EngineEvent,
  type GrantStore,
  type StoreChange,
} from '@mcp-consent/engine';
import { callOf, deferred, flush, scriptedUser, setup, shownCount, tools } from './helpers.js';

describe('prompt queue (seed 004)', () => {
  it('shows one prompt at a time, with its place in the queue', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    const first = engine.request(callOf(tools.notesPut), user);
    const second = engine.request(callOf(tools.notesList), user);
    await vi.waitFor(() => expect(engine.pending()).toHaveLength(2));
    await shownCount(user, 1);
    // The request carries the queue as it was when shown; pending() is live.
    expect(user.shown[0]).toMatchObject({ position: 1 });
    expect(engine.pending().map((p) => [p.position, p.call.tool.name])).toEqual([
      [1, 'notes_put'],
      [2, 'notes_list'],
    ]);
    engine.resolve(user.shown[0]!.id, 'allow_once');
    expect((await first).allowed).toBe(true);
    await shownCount(user, 2);
    expect(user.shown[1]).toMatchObject({ position: 1, queueLength: 1 });
    engine.resolve(user.shown[1]!.id, 'deny_once');
    expect((await second).allowed).toBe(false);
  });

  it('identical pending calls share one prompt and each gets the answer and its own audit event', async () => {
    const { engine, events } = await setup();
    const user = scriptedUser();
    const calls = [1, 2, 3].map(() =>
      engine.request(callOf(tools.notesPut, { args: { id: 'a' } }), user),
    );
    await vi.waitFor(() => expect(engine.pending()[0]?.requests).toBe(3));
    expect(engine.pending()).toHaveLength(1);
    engine.resolve(engine.pending()[0]!.id, 'allow_once');
    const results = await Promise.all(calls);
    expect(results.every((result) => result.allowed)).toBe(true);
    expect(user.shown).toHaveLength(1);
    expect(events()).toHaveLength(3);
  });

  it('an allow-always answer also settles queued calls to the same tool without asking again', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    const a = engine.request(callOf(tools.notesPut, { args: { id: 'a' } }), user);
    const b = engine.request(callOf(tools.notesPut, { args: { id: 'b' } }), user);
    await vi.waitFor(() => expect(engine.pending()).toHaveLength(2));
    engine.resolve(engine.pending()[0]!.id, 'allow_always');
    expect(await a).toMatchObject({ allowed: true, origin: 'user_prompt' });
    expect(await b).toMatchObject({ allowed: true, origin: 'cache_hit' });
    expect(user.shown).toHaveLength(1);
  });

  it('a prompt answered elsewhere closes the shown one, and its late answer is ignored', async () => {
    const { engine } = await setup();
    const late = deferred<'allow_once'>();
    const shown: AbortSignal[] = [];
    const result = engine.request(callOf(tools.notesPut), {
      prompt: (req) => {
        shown.push(req.signal);
        return late.promise;
      },
    });
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    engine.resolve(engine.pending()[0]!.id, 'deny_once');
    expect(shown[0]!.aborted).toBe(true);
    late.resolve('allow_once');
    await flush();
    expect(await result).toMatchObject({ allowed: false, settledBy: 'answer' });
    expect(engine.resolve('no-such-id', 'allow_once')).toBe(false);
  });

  it('cancel(id) denies every request waiting on that prompt', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    const result = engine.request(callOf(tools.notesPut), user);
    await shownCount(user, 1);
    expect(engine.cancel(user.shown[0]!.id)).toBe(true);
    expect(await result).toMatchObject({
      allowed: false,
      choice: 'deny_once',
      settledBy: 'cancel',
    });
    expect(engine.pending()).toEqual([]);
  });

  it('a prompt that times out answers Deny once, at the timeout and not before', async () => {
    const { engine, clock } = await setup({ promptTimeoutMs: 60_000 });
    const user = scriptedUser();
    let settled = false;
    const result = engine.request(callOf(tools.notesPut), user).finally(() => (settled = true));
    await shownCount(user, 1);
    clock.advance(59_999);
    await flush();
    expect(settled).toBe(false);
    clock.advance(1);
    expect(await result).toMatchObject({
      allowed: false,
      choice: 'deny_once',
      settledBy: 'timeout',
    });
    expect(user.shown[0]!.signal.aborted).toBe(true);
  });

  it('aborting one of two identical requests denies it and keeps the prompt for the other', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    const controller = new AbortController();
    const aborted = engine.request(callOf(tools.notesPut), { ...user, signal: controller.signal });
    const kept = engine.request(callOf(tools.notesPut), user);
    await vi.waitFor(() => expect(engine.pending()[0]?.requests).toBe(2));
    controller.abort();
    expect(await aborted).toMatchObject({ allowed: false, settledBy: 'abort' });
    expect(engine.pending()[0]?.requests).toBe(1);
    engine.resolve(engine.pending()[0]!.id, 'allow_once');
    expect((await kept).allowed).toBe(true);
  });

  it('a renderer that throws or answers nonsense denies the call', async () => {
    const { engine } = await setup();
    const crash = await engine.request(callOf(tools.notesPut), {
      prompt: () => {
        throw new Error('renderer crashed');
      },
    });
    expect(crash).toMatchObject({ allowed: false, settledBy: 'error' });
    expect(crash.error?.message).toBe('renderer crashed');
    const nonsense = await engine.request(callOf(tools.notesPut), {
      prompt: async () => 'yes please' as never,
    });
    expect(nonsense).toMatchObject({ allowed: false, settledBy: 'error' });
    expect(nonsense.error?.message).toMatch(/not a choice/);
  });

  it('denies malformed calls with a message that says what to fix (it never rejects)', async () => {
    const { engine } = await setup();
    const user = scriptedUser('allow_once');
    const bad = { ...callOf(tools.notesPut), userId: '', server: { id: '' } };
    const result = await engine.request(bad, user);
    expect(result).toMatchObject({ allowed: false, settledBy: 'error' });
    expect(result.error?.message).toMatch(
      /userId must be a non-empty, well-formed string; server.id must be a non-empty, well-formed string/,
    );
    expect(user.shown).toHaveLength(0);
  });
});

describe('grants: pins, scope, time and revocation', () => {
  it('a changed tool definition (rug pull) asks again and says what changed', async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    const changed = {
      ...tools.notesPut,
      description: 'Now also uploads every note',
      inputSchema: { type: 'object' },
    };
    const user = scriptedUser('deny_once');
    await engine.request(callOf(changed), user);
    expect(user.shown[0]!.lookup).toMatchObject({
      reason: 'definition_changed',
      changed: ['description', 'inputSchema'],
    });
  });

  it('a grant cannot be used while the definition is unknown (catalog not loaded)', async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    expect(engine.lookup(callOf({ name: 'notes_put' }))).toMatchObject({
      status: 'prompt',
      reason: 'definition_unknown',
    });
  });

  it('an arguments-only grant matches those arguments and nothing else', async () => {
    const { engine } = await setup();
    const args = { id: 'a', text: 'hello' };
    await engine.request(
      callOf(tools.notesPut, { args }),
      scriptedUser({ choice: 'allow_always', argsOnly: true }),
    );
    expect(
      (
        await engine.request(
          callOf(tools.notesPut, { args: { text: 'hello', id: 'a' } }),
          scriptedUser(),
        )
      ).origin,
    ).toBe('cache_hit');
    // Without a hash, lookup hashes the arguments itself; told they cannot be hashed, it asks.
    expect(engine.lookup(callOf(tools.notesPut, { args: { id: 'b' } }))).toMatchObject({
      status: 'prompt',
      reason: 'no_grant',
    });
    expect(engine.lookup(callOf(tools.notesPut, { args }))).toMatchObject({ status: 'allow' });
    expect(
      engine.lookup(callOf(tools.notesPut, { args: { id: 'b' } }), { argsHash: null }),
    ).toMatchObject({ status: 'prompt', reason: 'args_hash_unknown' });
    const user = scriptedUser('deny_once');
    await engine.request(callOf(tools.notesPut, { args: { id: 'b' } }), user);
    expect(user.shown).toHaveLength(1);
  });

  it('a user-chosen lifetime shortens the grant ("for 30 minutes"), host expiry can be turned off', async () => {
    const { engine, clock } = await setup({ expiry: { medium: null } });
    await engine.request(
      callOf(tools.notesPut),
      scriptedUser({ choice: 'allow_always', ttlMs: 30 * 60_000 }),
    );
    clock.advance(29 * 60_000);
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('allow');
    clock.advance(60_000);
    expect(engine.lookup(callOf(tools.notesPut)).reason).toBe('expired');
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    expect(engine.grants()[0]!.expiresAt).toBeNull();
    clock.advance(10 * 365 * 24 * 3_600_000);
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('allow');
  });

  it('deny always beats allow always at any scope', async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    await engine.request(callOf(tools.notesPut, { args: { id: 'x' } }), {
      prompt: () => ({ choice: 'deny_always', argsOnly: true }),
      forcePrompt: true,
    });
    expect(
      engine.lookup(callOf(tools.notesPut, { args: { id: 'x' } }), {
        argsHash: engine.grants().find((g) => g.argsHash)!.argsHash,
      }).status,
    ).toBe('deny');
  });

  it('revoking a grant makes the next call ask again; revokeAll clears a scope only', async () => {
    const { engine, store } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    await engine.request(callOf(tools.notesList, { userId: 'bob' }), scriptedUser('allow_always'));
    const [grant] = engine.grants({ userId: 'alice' });
    expect(await engine.revoke(grant!)).toBe(true);
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    expect(await engine.revokeAll({ userId: 'bob' })).toBe(1);
    expect(engine.grants()).toEqual([]);
    expect((store as ReturnType<typeof memoryStore>).size).toBe(0);
  });

  it('forcePrompt with persist:false asks even with a grant and stores nothing', async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    const user = scriptedUser('allow_always');
    const result = await engine.request(callOf(tools.notesPut), {
      ...user,
      forcePrompt: true,
      persist: false,
    });
    expect(user.shown[0]!.kind).toBe('permission');
    expect(result).toMatchObject({ allowed: true, choice: 'allow_once' });
    expect(engine.grants()).toHaveLength(1);
  });

  it('a dry-run preview is a prompt of its own kind: always asked, never remembered', async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    const user = scriptedUser('allow_always');
    const dryRun = { preview: { id: 'a', text: 'hello' }, hint: 'pass __confirm' };
    const result = await engine.request(callOf(tools.notesPut), { ...user, dryRun });
    expect(user.shown[0]).toMatchObject({ kind: 'dry_run', dryRun });
    expect(result).toMatchObject({ allowed: true, choice: 'allow_once' });
    expect(engine.grants()).toHaveLength(1);
  });

  it('says what a prompt is about before asking: defaultChoice and why Allow always is off', async () => {
    const { engine } = await setup();
    const user = scriptedUser('deny_once', 'deny_once');
    await engine.request(callOf(tools.notesDelete), user);
    await engine.request(callOf(tools.notesPut), user);
    expect(user.shown.map((r) => [r.defaultChoice, r.allowAlwaysDisabled])).toEqual([
      ['deny_once', 'destructive'],
      ['allow_once', null],
    ]);
    expect(engine.assess(callOf(tools.notesDelete))).toMatchObject({
      risk: { tier: 'high' },
      allowAlwaysEnabled: false,
      defaultChoice: 'deny_once',
    });
  });
});

describe('failing stores fail closed', () => {
  it('a store that cannot load: ready rejects, every lookup asks', async () => {
    const store: GrantStore = {
      ...memoryStore(),
      load: () => Promise.reject(new Error('disk on fire')),
    };
    const { engine } = await setup({ store });
    await expect(engine.ready).rejects.toThrow('disk on fire');
    expect(engine.getSnapshot()).toMatchObject({ status: 'failed' });
    expect(engine.lookup(callOf(tools.notesPut))).toEqual({
      status: 'prompt',
      reason: 'store_failed',
    });
  });

  it('a failed write stops trusting the cache: the next call asks instead of using the unsaved grant', async () => {
    const store: GrantStore = {
      ...memoryStore(),
      put: () => Promise.reject(new Error('quota exceeded')),
    };
    const { engine } = await setup({ store });
    const seen: EngineEvent[] = [];
    engine.subscribe((event) => seen.push(event));
    expect(
      (await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'))).allowed,
    ).toBe(true);
    await vi.waitFor(() => expect(engine.getSnapshot().status).toBe('failed'));
    expect(
      seen.some((event) => event.type === 'status' && event.error?.message === 'quota exceeded'),
    ).toBe(true);
    const user = scriptedUser('deny_once');
    expect((await engine.request(callOf(tools.notesPut), user)).allowed).toBe(false);
    expect(user.shown[0]!.lookup.reason).toBe('store_failed');
  });

  it('changes from another tab or process reach the lookup cache', async () => {
    let push: (change: StoreChange) => void = () => {};
    const other = await setup();
    await other.engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    const grant = other.engine.grants()[0]!;
    const store: GrantStore = {
      ...memoryStore(),
      subscribe: (listener) => ((push = listener), () => {}),
    };
    const { engine } = await setup({ store });
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    push({ type: 'put', grant });
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('allow');
    push({ type: 'delete', key: grant.key });
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('prompt');
  });
});

describe('corrupt expiry', () => {
  it('a grant whose expiry cannot be read is left out and reported (asks instead of allowing)', async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    const grant = { ...engine.grants()[0]!, expiresAt: 'next tuesday' };
    const store = memoryStore([grant]);
    const restarted = createPermissionEngine({
      store,
      clock: createManualClock(Date.UTC(2026, 10, 21)),
    });
    const invalid: EngineEvent[] = [];
    restarted.subscribe((event) => event.type === 'invalid' && invalid.push(event));
    await restarted.ready;
    expect(restarted.lookup(callOf(tools.notesPut))).toMatchObject({
      status: 'prompt',
      reason: 'no_grant',
    });
    expect(invalid).toMatchObject([{ source: 'store', count: 1 }]);
    expect(isExpired(grant, 0)).toBe(true);
  });
});

describe('queue order', () => {
  it('prompts appear in the order the calls were made, even when argument hashing finishes out of order', async () => {
    const { engine } = await setup();
    const shown: string[] = [];
    const names = Array.from({ length: 8 }, (_, i) => `tool_${i}`);
    // The first call's arguments take far longer to hash than the others'.
    const args = (i: number) => (i === 0 ? { blob: 'x'.repeat(8_000_000) } : { i });
    const results = names.map((name, i) =>
      engine.request(callOf({ ...tools.notesPut, name }, { args: args(i) }), {
        prompt: (request) => {
          shown.push(request.call.tool.name);
          return 'deny_once';
        },
      }),
    );
    await Promise.all(results);
    expect(shown).toEqual(names);
  });
});
