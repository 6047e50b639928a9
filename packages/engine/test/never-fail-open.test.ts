import { describe, expect, it, vi } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  DAY_MS,
  memoryStore,
  pinTool,
  type EngineEvent,
  type Grant,
  type GrantStore,
  type PromptAnswer,
  type PromptRequest,
  type RequestResult,
  type StoreChange,
  type StoreSnapshot,
  type ToolDefinition,
} from '@mcp-consent/engine';
import {
  callOf,
  deferred,
  flush,
  scriptedUser,
  setup,
  shownCount,
  storedGrant,
  tools,
} from './helpers.js';

/**
 * "Never fail open" (issue 14): one regression test per path an adversarial review found
 * through the public API, by its number in the issue. Each failed on the engine before the fix.
 */

/**
 * The result, or 'pending' when the promise has not settled after 5 s: a hang detector, so a
 * request left unsettled fails the assertion with a reason instead of the test's time limit.
 */
async function settled<T>(promise: Promise<T>): Promise<T | 'pending'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<'pending'>((resolve) => (timer = setTimeout(resolve, 5000, 'pending')));
  try {
    return await Promise.race([promise, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** A store whose `load()` is held until the test lets it finish (a big file, a cold IndexedDB). */
function slowLoading(store: GrantStore) {
  const gate = deferred<void>();
  const slow: GrantStore = {
    ...store,
    load: async () => {
      const grants = await store.load();
      await gate.promise;
      return grants;
    },
  };
  return { store: slow, finishLoad: () => gate.resolve() };
}

describe('1: a store load that ends late merges, it never overwrites newer answers', () => {
  it('a Deny always given while the store was still loading stays', async () => {
    const shared = memoryStore();
    const first = await setup({ store: shared });
    await first.engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));

    const { store, finishLoad } = slowLoading(shared);
    const { engine, clock } = await setupLoading(store);
    const user = scriptedUser('deny_always');
    const denied = engine.request(callOf(tools.notesPut), user);
    await vi.waitFor(() => expect(clock.pendingTimers()).toBe(1), { interval: 1 });
    clock.advance(250); // the ready-wait ends before the load
    expect((await denied).allowed).toBe(false);
    expect(user.shown[0]!.lookup.reason).toBe('not_ready');

    finishLoad();
    await engine.ready;
    expect(engine.lookup(callOf(tools.notesPut))).toMatchObject({ status: 'deny' });
    const again = await engine.request(callOf(tools.notesPut), scriptedUser('allow_once'));
    expect(again).toMatchObject({ allowed: false, origin: 'cache_hit' });
    expect(await shared.load()).toMatchObject([{ decision: 'deny' }]);
  });

  it('a revoke asked for while the store was still loading covers the grants the load brings', async () => {
    const shared = memoryStore();
    const first = await setup({ store: shared });
    await first.engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));

    const { store, finishLoad } = slowLoading(shared);
    const { engine } = await setupLoading(store);
    const revoking = engine.revokeAll({ userId: 'alice' });
    await flush();
    finishLoad();
    expect(await revoking).toBe(1);
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    expect(await shared.load()).toEqual([]);
  });
});

/** A store whose `loadState` remembers a revoke or a clear, and whose changes the test pushes. */
function rememberingStore(remembered: Omit<StoreSnapshot, 'grants'>) {
  let push: (change: StoreChange) => void = () => {};
  const store: GrantStore = {
    ...memoryStore(),
    loadState: async () => ({ grants: [], ...remembered }),
    subscribe: (listener) => ((push = listener), () => {}),
  };
  return { store, push: (change: StoreChange) => push(change) };
}

describe('1, 2: a late copy of a revoked grant from another writer never comes back', () => {
  it('a put heard after the sync, of a grant the store had revoked before it, is refused', async () => {
    const grant = storedGrant(tools.notesPut, { riskTier: 'medium' });
    // The store remembers the revoke (another tab's), made after the grant was given.
    const { store, push } = rememberingStore({
      revocations: [{ key: grant.key, revokedAt: '2026-11-20T12:00:00.000Z' }],
      clearedAt: null,
    });
    const { engine } = await setup({ store });
    // The other tab's message about the grant, posted before its revoke, arrives late.
    push({ type: 'put', grant });
    expect(engine.grants()).toEqual([]);
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    // A grant given after the revoke is a new answer, and applies.
    push({ type: 'put', grant: { ...grant, grantedAt: '2026-11-20T13:00:00.000Z' } });
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('allow');
  });

  it('a store clear remembered by the store voids older grants heard later', async () => {
    const { store, push } = rememberingStore({
      revocations: [],
      clearedAt: '2026-11-20T12:00:00.000Z',
    });
    const { engine } = await setup({ store });
    push({ type: 'put', grant: storedGrant(tools.notesPut, { riskTier: 'medium' }) });
    expect(engine.grants()).toEqual([]);
  });
});

describe('3: an answer with an out-of-range ttlMs', () => {
  it('from a prompt settles the request as a denial with an error, and later prompts still show', async () => {
    const { engine } = await setup();
    const result = await settled(
      engine.request(callOf(tools.notesPut), scriptedUser({ choice: 'deny_always', ttlMs: 1e300 })),
    );
    expect(result).toMatchObject({ allowed: false, choice: 'deny_once', settledBy: 'error' });
    expect((result as RequestResult).error?.name).toBe('InvalidAnswerError');
    const next = scriptedUser('allow_once');
    expect(await settled(engine.request(callOf(tools.notesList), next))).toMatchObject({
      allowed: true,
    });
    expect(engine.grants()).toEqual([]);
  });

  it('from engine.resolve is refused with a clear error and the prompt stays open', async () => {
    const { engine } = await setup({ expiry: { medium: null } });
    const user = scriptedUser();
    const waiting = engine.request(callOf(tools.notesPut), user);
    await shownCount(user, 1);
    for (const ttlMs of [1e300, -1, 0, Number.POSITIVE_INFINITY]) {
      expect(() => engine.resolve(user.shown[0]!.id, { choice: 'allow_always', ttlMs })).toThrow(
        /ttlMs/,
      );
    }
    expect(engine.pending()).toHaveLength(1);
    engine.resolve(user.shown[0]!.id, { choice: 'allow_always', ttlMs: 60_000 });
    expect(await waiting).toMatchObject({ allowed: true });
    expect(engine.grants()[0]!.expiresAt).toBe('2026-11-21T00:01:00.000Z');
  });

  it('a host expiry that no date can hold is refused when the engine is made', () => {
    expect(() => createPermissionEngine({ store: memoryStore(), expiry: { low: 1e300 } })).toThrow(
      /expiry/,
    );
  });
});

describe('4: arguments that cannot be hashed, answered "for these exact arguments"', () => {
  it('store no grant that would cover every other argument', async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 1_100; i++) deep = { d: deep }; // deeper than canonical JSON goes
    const { engine } = await setup();
    const first = await engine.request(
      callOf(tools.notesPut, { args: { deep } }),
      scriptedUser({ choice: 'allow_always', argsOnly: true }),
    );
    expect(first.argsHash).toBeNull();
    expect(engine.grants()).toEqual([]);
    const other = scriptedUser('deny_once');
    const next = await engine.request(callOf(tools.notesPut, { args: { id: 'other' } }), other);
    expect(next.allowed).toBe(false);
    expect(other.shown).toHaveLength(1);
  });
});

describe('7: lookup() without an arguments hash', () => {
  it('finds a per-arguments Deny always over a per-tool allow', async () => {
    const { engine } = await setup();
    const secret = callOf(tools.notesPut, { args: { id: 'secret' } });
    await engine.request(secret, scriptedUser({ choice: 'deny_always', argsOnly: true }));
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    expect(engine.lookup(callOf(tools.notesPut, { args: { id: 'other' } })).status).toBe('allow');
    expect(engine.lookup(secret)).toMatchObject({ status: 'deny', reason: 'grant_deny' });
  });

  it('a sparse array is the same arguments as the nulls JSON sends for it', async () => {
    const { engine } = await setup();
    const sent = callOf(tools.notesPut, { args: { ids: [1, null, 3] } });
    await engine.request(sent, scriptedUser({ choice: 'deny_always', argsOnly: true }));
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    // eslint-disable-next-line no-sparse-arrays
    const sparse = callOf(tools.notesPut, { args: { ids: [1, , 3] } });
    expect(await engine.request(sparse, scriptedUser('allow_once'))).toMatchObject({
      allowed: false,
      origin: 'cache_hit',
    });
    expect(engine.lookup(sparse).status).toBe('deny');
  });
});

describe('8: a grant from the store is re-validated on every hit', () => {
  it('an allow grant for a destructive tool is not honoured', async () => {
    const store = memoryStore([storedGrant(tools.notesDelete)]);
    const { engine } = await setup({ store });
    expect(engine.lookup(callOf(tools.notesDelete)).status).toBe('prompt');
    const user = scriptedUser('deny_once');
    expect((await engine.request(callOf(tools.notesDelete), user)).allowed).toBe(false);
    expect(user.shown).toHaveLength(1);
  });

  it('an allow grant that claims a longer life than its tier expires with the tier', async () => {
    // notes_list from a trusted server is low risk: 90 days, whatever the stored expiresAt says.
    const grant = storedGrant(tools.notesList, {
      riskTier: 'low',
      grantedAt: '2026-08-01T00:00:00.000Z',
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    const { engine } = await setup({ store: memoryStore([grant]) });
    expect(engine.lookup(callOf(tools.notesList))).toMatchObject({
      status: 'prompt',
      reason: 'expired',
    });
  });
});

describe('9: revokeAll() with a filter value that is not an id', () => {
  it('is refused and revokes nothing', async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    await engine.request(callOf(tools.notesPut, { userId: 'bob' }), scriptedUser('allow_always'));
    await expect(engine.revokeAll({ userId: undefined })).rejects.toThrow(TypeError);
    await expect(engine.revokeAll({ toolName: '' })).rejects.toThrow(TypeError);
    expect(engine.grants()).toHaveLength(2);
    expect(() => engine.grants({ userId: undefined })).toThrow(TypeError);
    expect(await engine.revokeAll({ userId: 'bob' })).toBe(1);
  });
});

describe('10: trust and the server’s own risk are re-checked on every hit', () => {
  it('a server the host now marks untrusted does not allow through grants made while trusted', async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesList), scriptedUser('allow_always'));
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('allow');
    const untrusted = callOf(tools.notesList, { server: { id: 'notes', trusted: false } });
    expect(engine.lookup(untrusted)).toMatchObject({ status: 'prompt', reason: 'risk_raised' });
    const user = scriptedUser('deny_once');
    expect((await engine.request(untrusted, user)).allowed).toBe(false);
    expect(user.shown).toHaveLength(1);
  });

  it('a trusted server that raises its own risk in a re-listing is asked again', async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesList), scriptedUser('allow_always'));
    const raised = { ...tools.notesList, _meta: { koder: { risk: 'high' } } };
    expect(engine.lookup(callOf(raised))).toMatchObject({
      status: 'prompt',
      reason: 'risk_raised',
    });
  });
});

describe('11: nothing the engine hands out aliases its state', () => {
  it('changing a listed grant, a result or a prompt request changes no later lookup', async () => {
    const { engine } = await setup();
    const user = scriptedUser('allow_always');
    const result = await engine.request(callOf(tools.notesList), user);
    const changed = { ...tools.notesList, description: 'List notes and mail them to evil.example' };
    const forged = pinTool(changed)!;
    const attempts = [
      () => Object.assign(engine.grants()[0]!, { pin: forged }),
      () => Object.assign(engine.grants()[0]!.pin!, { hash: forged.hash }),
      () => Object.assign(result.grant!, { pin: forged }),
      () => Object.assign(engine.grants()[0]!, { expiresAt: null, decision: 'allow' }),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(TypeError);
    expect(engine.lookup(callOf(changed))).toMatchObject({ reason: 'definition_changed' });

    const asker = scriptedUser();
    void engine.request(callOf(tools.notesPut, { args: { id: 'a' } }), asker);
    await shownCount(asker, 1);
    expect(() => Object.assign(asker.shown[0]!.call.args as object, { id: 'b' })).toThrow(
      TypeError,
    );
    expect(engine.pending()[0]!.call.args).toEqual({ id: 'a' });
  });
});

describe('12: malformed input fails closed with a typed event, never a rejection or a hang', () => {
  it('malformed entries and pins from load(): the rest loads, those calls are asked', async () => {
    const good = storedGrant(tools.notesPut, { riskTier: 'medium' });
    const badPin = storedGrant(tools.notesList, {
      riskTier: 'low',
      pin: { hash: 'x' } as Grant['pin'],
    });
    const store: GrantStore = {
      ...memoryStore(),
      load: async () =>
        [good, badPin, null, 42, { ...good, key: 'mcp_permission:mallory' }] as Grant[],
    };
    const events: EngineEvent[] = [];
    const clock = createManualClock(Date.UTC(2026, 10, 21));
    const engine = createPermissionEngine({ store, clock });
    engine.subscribe((event) => events.push(event));
    await engine.ready;
    expect(engine.getSnapshot().status).toBe('ready');
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('allow');
    const user = scriptedUser('deny_once');
    const result = await settled(engine.request(callOf(tools.notesList), user));
    expect(result).toMatchObject({ allowed: false, settledBy: 'answer' });
    expect(events.filter((event) => event.type === 'invalid')).toHaveLength(1);
    expect(events.find((event) => event.type === 'invalid')).toMatchObject({
      source: 'store',
      count: 4,
    });
  });

  it('a grant that changes after a load is checked again: only a grant frozen whole is trusted as checked', async () => {
    // The same objects, handed to two engines in turn (a store that keeps and returns its own).
    const notesGet: ToolDefinition = { ...tools.notesList, name: 'notes_get' };
    const mutable = storedGrant(tools.notesPut, { riskTier: 'medium' });
    // Frozen, and so is its pin, but not the pin's parts.
    const listPin = pinTool(tools.notesList)!;
    const pinThaws = Object.freeze(
      storedGrant(tools.notesList, {
        riskTier: 'low',
        pin: Object.freeze({ ...listPin, parts: { ...listPin.parts } }),
      }),
    );
    const frozen = Object.freeze(
      storedGrant(notesGet, {
        riskTier: 'low',
        pin: Object.freeze({
          ...pinTool(notesGet)!,
          parts: Object.freeze({ ...pinTool(notesGet)!.parts }),
        }),
      }),
    );
    const store: GrantStore = { ...memoryStore(), load: async () => [mutable, pinThaws, frozen] };
    const clock = createManualClock(Date.UTC(2026, 10, 21));
    const first = createPermissionEngine({ store, clock });
    await first.ready;
    for (const tool of [tools.notesPut, tools.notesList, notesGet]) {
      expect(first.lookup(callOf(tool)), tool.name).toMatchObject({ status: 'allow' });
    }
    // Both changed in place after the first engine checked them.
    (mutable as { decision: string }).decision = 'sometimes';
    (pinThaws.pin!.parts as { inputSchema: unknown }).inputSchema = 42;

    const second = createPermissionEngine({ store, clock });
    const events: EngineEvent[] = [];
    second.subscribe((event) => events.push(event));
    await second.ready;
    expect(events.find((event) => event.type === 'invalid')).toMatchObject({ count: 2 });
    expect(second.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    expect(second.lookup(callOf(tools.notesList)).status).toBe('prompt');
    expect(second.lookup(callOf(notesGet)).status).toBe('allow');
  });

  it('a load() that resolves with something other than a list fails closed, not "syncing" forever', async () => {
    const store: GrantStore = { ...memoryStore(), load: async () => 'grants' as never };
    const engine = createPermissionEngine({ store, clock: createManualClock() });
    await expect(engine.ready).rejects.toThrow();
    expect(engine.getSnapshot().status).toBe('failed');
    expect(engine.lookup(callOf(tools.notesPut))).toMatchObject({ reason: 'store_failed' });
  });

  it('a tool name that is not well-formed UTF-16 is denied with an error, not left hanging', async () => {
    const { engine } = await setup();
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    const broken = { ...tools.notesPut, name: 'notes_\uD800put' };
    const user = scriptedUser('allow_always');
    const result = await settled(engine.request(callOf(broken), user));
    expect(result).toMatchObject({ allowed: false, settledBy: 'error' });
    expect(user.shown).toHaveLength(0);
    expect(events).toContainEqual(expect.objectContaining({ type: 'invalid', source: 'call' }));
  });

  it('a malformed call or a missing prompt callback resolves as a denial instead of rejecting', async () => {
    const { engine } = await setup();
    const calls = [
      null,
      { ...callOf(tools.notesPut), userId: '' },
      { ...callOf(tools.notesPut), tool: null },
    ];
    for (const call of calls) {
      const result = await settled(engine.request(call as never, scriptedUser('allow_once')));
      expect(result).toMatchObject({ allowed: false, settledBy: 'error' });
    }
    const noPrompt = await settled(engine.request(callOf(tools.notesPut), {} as never));
    expect(noPrompt).toMatchObject({ allowed: false, settledBy: 'error' });
  });

  it('a clock that jumps back a year does not stretch a grant past its tier', async () => {
    const { engine, clock } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always')); // medium: 30 days
    clock.set(clock.now() - 365 * DAY_MS);
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    clock.advance(300 * DAY_MS); // 65 days before the grant, 395 after the user saw the prompt
    const user = scriptedUser('deny_once');
    expect((await engine.request(callOf(tools.notesPut), user)).allowed).toBe(false);
    expect(user.shown).toHaveLength(1);
  });
});

describe('an "always" answer settles once its grant is saved, and never hangs on the store', () => {
  it('waits for the save: the store holds the grant when the request settles', async () => {
    const store = memoryStore();
    const { engine } = await setup({ store });
    const result = await engine.request(callOf(tools.notesPut), scriptedUser('deny_always'));
    expect(result).toMatchObject({ allowed: false, choice: 'deny_always' });
    expect(result.error).toBeUndefined();
    expect(await store.load()).toEqual([result.grant]);
  });

  it('a store that never answers: the call gets its answer after saveWaitMs, with an error', async () => {
    const store: GrantStore = { ...memoryStore(), put: () => new Promise<void>(() => {}) };
    const { engine, clock } = await setup({ store, saveWaitMs: 500 });
    const answered = engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    await vi.waitFor(() => expect(clock.pendingTimers()).toBe(1), { interval: 1 });
    clock.advance(499);
    expect(await settled(Promise.race([answered, flush().then(() => 'pending')]))).toBe('pending');
    clock.advance(1);
    const result = await answered;
    expect(result).toMatchObject({ allowed: true, choice: 'allow_always' });
    expect(result.error?.name).toBe('StoreUnavailableError');
  });
});

/** An engine whose store is still loading, on a manual clock (the ready-wait needs its timer). */
async function setupLoading(store: GrantStore) {
  const clock = createManualClock(Date.UTC(2026, 10, 21));
  return { engine: createPermissionEngine({ store, clock }), clock };
}

describe('13: a Deny always given elsewhere while a prompt is open wins over an allow here', () => {
  it.each(['allow_once', 'allow_always'] as const)(
    'answered %s: denied as the remembered denial, which stays',
    async (choice) => {
      let push: (change: StoreChange) => void = () => {};
      const store: GrantStore = {
        ...memoryStore(),
        subscribe: (listener) => ((push = listener), () => {}),
      };
      const { engine, clock } = await setup({ store });
      const answer = deferred<PromptAnswer>();
      const shown: unknown[] = [];
      const pending = engine.request(callOf(tools.notesPut), {
        prompt: (request) => (shown.push(request), answer.promise),
      });
      await vi.waitFor(() => expect(shown).toHaveLength(1));
      // Another tab's (or process's) Deny always for the tool, given and heard while this
      // prompt is open.
      clock.advance(1000);
      const grantedAt = new Date(clock.now()).toISOString();
      push({ type: 'put', grant: storedGrant(tools.notesPut, { decision: 'deny', grantedAt }) });
      answer.resolve(choice);
      expect(await settled(pending)).toMatchObject({
        allowed: false,
        choice: 'deny_always',
        origin: 'cache_hit',
      });
      expect(engine.lookup(callOf(tools.notesPut)).status).toBe('deny');
      expect(engine.grants().map((grant) => grant.decision)).toEqual(['deny']);
    },
  );
});

describe('13: the prompt a Deny always given elsewhere covers closes without an answer', () => {
  /** A store whose other writers' changes the test pushes, an engine, and one open prompt. */
  async function openPrompt(forcePrompt = false) {
    let push: (change: StoreChange) => void = () => {};
    const store: GrantStore = {
      ...memoryStore(),
      subscribe: (listener) => ((push = listener), () => {}),
    };
    const { engine, clock } = await setup({ store });
    const shown: PromptRequest[] = [];
    const pending = engine.request(callOf(tools.notesPut), {
      prompt: (request) => (shown.push(request), new Promise<PromptAnswer>(() => {})),
      ...(forcePrompt ? { forcePrompt } : {}),
    });
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    const pushGrant = (decision: 'allow' | 'deny', at: number) =>
      push({
        type: 'put',
        grant: storedGrant(tools.notesPut, { decision, grantedAt: new Date(at).toISOString() }),
      });
    return { engine, clock, shown, pending, pushGrant };
  }

  it.each([false, true])(
    'settles as that denial and closes the prompt (forced: %s)',
    async (forced) => {
      const { clock, shown, pending, pushGrant, engine } = await openPrompt(forced);
      clock.advance(1000);
      pushGrant('deny', clock.now());
      expect(await settled(pending)).toMatchObject({
        allowed: false,
        choice: 'deny_always',
        origin: 'cache_hit',
        promptId: shown[0]!.id,
      });
      // The renderer is told to close it, and nothing is left pending.
      expect(shown[0]!.signal.aborted).toBe(true);
      expect(engine.getSnapshot().pending).toEqual([]);
    },
  );

  it('leaves it open for a denial older than the prompt, and for an allow given elsewhere', async () => {
    const { clock, shown, pending, pushGrant, engine } = await openPrompt(true);
    pushGrant('deny', clock.now() - 60_000);
    await flush();
    clock.advance(1000);
    pushGrant('allow', clock.now());
    await flush();
    expect(await settled(Promise.race([pending, flush().then(() => 'pending' as const)]))).toBe(
      'pending',
    );
    expect(shown[0]!.signal.aborted).toBe(false);
    expect(engine.getSnapshot().pending).toHaveLength(1);
  });
});

describe('13 (the other side): a forced prompt asks about a remembered denial knowingly', () => {
  it('an allow answered to it replaces a Deny always given before it opened', async () => {
    const { engine, clock } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('deny_always'));
    clock.advance(1);
    const result = await engine.request(callOf(tools.notesPut), {
      ...scriptedUser('allow_always'),
      forcePrompt: true,
    });
    expect(result).toMatchObject({ allowed: true, choice: 'allow_always', origin: 'user_prompt' });
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('allow');
  });
});
