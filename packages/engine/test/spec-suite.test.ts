import { describe, expect, it } from 'vitest';
import { DAY_MS, memoryStore, type Grant, type GrantStore } from '@mcp-consent/engine';
import {
  callOf,
  deferred,
  flush,
  R6_FIELDS,
  scriptedUser,
  setup,
  shownCount,
  tools,
} from './helpers.js';
import { vi } from 'vitest';

describe('spec 003 T-suite at the engine level', () => {
  it('T1: a new call with no stored grant shows the prompt', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    void engine.request(callOf(tools.notesPut, { args: { id: 'a' } }), user);
    await shownCount(user, 1);
    expect(user.shown[0]!.call.tool.name).toBe('notes_put');
    expect(engine.pending()).toHaveLength(1);
  });

  it('T2: allow once runs this call; the next call to the same tool asks again', async () => {
    const { engine, events } = await setup();
    const user = scriptedUser('allow_once', 'deny_once');
    const first = await engine.request(callOf(tools.notesPut), user);
    expect(first).toMatchObject({ allowed: true, choice: 'allow_once', origin: 'user_prompt' });
    const second = await engine.request(callOf(tools.notesPut), user);
    expect(user.shown).toHaveLength(2);
    expect(second.allowed).toBe(false);
    expect(engine.grants()).toHaveLength(0);
    expect(events().map((event) => event.decision)).toEqual(['ALLOW_ONCE', 'DENY_ONCE']);
  });

  it('T3: allow always runs; the next call is a cache hit with no prompt, audited as cache_hit', async () => {
    const { engine, events } = await setup();
    const user = scriptedUser('allow_always');
    expect((await engine.request(callOf(tools.notesPut), user)).allowed).toBe(true);
    const again = await engine.request(callOf(tools.notesPut, { args: { id: 'other' } }), user);
    expect(again).toMatchObject({ allowed: true, origin: 'cache_hit', choice: 'allow_always' });
    expect(user.shown).toHaveLength(1);
    expect(events()).toHaveLength(2);
    expect(events().map((event) => [event.decision, event.origin])).toEqual([
      ['ALLOW_ALWAYS', 'user_prompt'],
      ['ALLOW_ALWAYS', 'cache_hit'],
    ]);
  });

  it('T4: deny once does not allow the call, and the next call asks again', async () => {
    const { engine } = await setup();
    const user = scriptedUser('deny_once', 'allow_once');
    const denied = await engine.request(callOf(tools.notesPut), user);
    expect(denied).toMatchObject({ allowed: false, choice: 'deny_once', origin: 'user_prompt' });
    expect((await engine.request(callOf(tools.notesPut), user)).allowed).toBe(true);
    expect(user.shown).toHaveLength(2);
  });

  it('T5: deny always persists; the next call is denied without a prompt, even after a restart', async () => {
    const store = memoryStore();
    const { engine, clock } = await setup({ store });
    const user = scriptedUser('deny_always');
    expect((await engine.request(callOf(tools.notesDelete), user)).allowed).toBe(false);
    await flush();
    expect(store.size).toBe(1);

    const restarted = await setup({ store, clock });
    const again = await restarted.engine.request(callOf(tools.notesDelete), scriptedUser());
    expect(again).toMatchObject({ allowed: false, origin: 'cache_hit', choice: 'deny_always' });
    expect(restarted.engine.pending()).toHaveLength(0);
  });

  it('T6: a tool catalog that takes 5 s to load delays neither lookup nor prompt', async () => {
    const { engine, clock } = await setup();
    const catalog = deferred<typeof tools.notesPut>();
    clock.setTimer(() => catalog.resolve(tools.notesPut), 5000);
    let catalogLoaded = false;
    void catalog.promise.then(() => (catalogLoaded = true));

    // The host knows only the tool's name until tools/list answers.
    const user = scriptedUser();
    void engine.request(callOf({ name: 'notes_put' }), user);
    expect(engine.lookup(callOf({ name: 'notes_put' })).status).toBe('prompt');
    await shownCount(user, 1);
    expect(user.shown[0]!.risk.tier).toBe('high'); // unknown = unannotated = worst case
    expect(catalogLoaded).toBe(false);

    clock.advance(5000);
    await flush();
    expect(catalogLoaded).toBe(true);
  });

  it('T7: an allow-always grant for a low-risk tool expires after 90 days and re-prompts as a renewal', async () => {
    const { engine, clock, events } = await setup();
    const user = scriptedUser('allow_always', 'allow_always');
    await engine.request(callOf(tools.notesList), user);
    expect(engine.grants()[0]!.riskTier).toBe('low');

    clock.advance(89 * DAY_MS);
    expect((await engine.request(callOf(tools.notesList), user)).origin).toBe('cache_hit');

    clock.advance(2 * DAY_MS);
    expect(engine.lookup(callOf(tools.notesList)).reason).toBe('expired');
    const renewed = await engine.request(callOf(tools.notesList), user);
    expect(user.shown).toHaveLength(2);
    expect(user.shown[1]!.lookup.reason).toBe('expired');
    expect(renewed.origin).toBe('auto_revoke_renewal');
    expect(events().at(-1)).toMatchObject({
      origin: 'auto_revoke_renewal',
      decision: 'ALLOW_ALWAYS',
    });
  });

  it("T8: user A's allow always in workspace 1 does not apply to user B in workspace 2", async () => {
    const { engine } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    const userB = scriptedUser();
    const other = callOf(tools.notesPut, { userId: 'bob', workspaceId: 'ws-2' });
    expect(engine.lookup(other)).toMatchObject({ status: 'prompt', reason: 'no_grant' });
    void engine.request(other, userB);
    await shownCount(userB, 1);
    expect(engine.grants({ userId: 'bob' })).toEqual([]);
    // Same user, other workspace: also asks.
    expect(engine.lookup(callOf(tools.notesPut, { workspaceId: 'ws-2' })).status).toBe('prompt');
  });
});

describe('spec 003 negative tests', () => {
  it('N1: a call made before the store has synced falls back to the prompt, never a silent decision', async () => {
    const granted: Grant[] = [];
    const slowLoad = deferred<Grant[]>();
    const store: GrantStore = { ...memoryStore(), load: () => slowLoad.promise };
    const { engine, clock } = await setupUnsynced(store);
    expect(engine.lookup(callOf(tools.notesPut))).toEqual({
      status: 'prompt',
      reason: 'not_ready',
    });

    const user = scriptedUser();
    void engine.request(callOf(tools.notesPut), user);
    // "Checking permissions…": the request waits up to readyWaitMs for the sync.
    await vi.waitFor(() => expect(clock.pendingTimers()).toBe(1), { interval: 1 });
    expect(engine.getSnapshot().checking).toBe(1);
    await flush();
    expect(user.shown).toHaveLength(0);
    clock.advance(249);
    await flush();
    expect(user.shown).toHaveLength(0);
    clock.advance(1);
    await shownCount(user, 1);
    expect(user.shown[0]!.lookup.reason).toBe('not_ready');
    slowLoad.resolve(granted);
  });

  it('N2: every decision of T1–T5 emits exactly one R6 audit event without the raw arguments', async () => {
    const { engine, events } = await setup();
    const secret = 'hunter2-password';
    const user = scriptedUser('allow_once', 'allow_always', 'deny_once', 'deny_always');
    const steps = [
      tools.notesPut,
      tools.notesPut,
      tools.notesPut,
      tools.notesList,
      tools.notesDelete,
      tools.notesDelete,
    ];
    for (const [index, tool] of steps.entries()) {
      await engine.request(callOf(tool, { args: { secret } }), user);
      expect(events()).toHaveLength(index + 1); // one event per decision, written at once
    }
    const log = events();
    expect(log.map((event) => `${event.decision}/${event.origin}`)).toEqual([
      'ALLOW_ONCE/user_prompt',
      'ALLOW_ALWAYS/user_prompt',
      'ALLOW_ALWAYS/cache_hit',
      'DENY_ONCE/user_prompt',
      'DENY_ALWAYS/user_prompt',
      'DENY_ALWAYS/cache_hit',
    ]);
    for (const event of log) {
      expect(Object.keys(event).sort()).toEqual([...R6_FIELDS]);
      expect(event.event_type).toBe('mcp.permission.decision');
      expect(event.args_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(event.timestamp).toBe('2026-11-21T00:00:00.000Z');
      expect(JSON.stringify(event)).not.toContain(secret);
    }
  });

  it('N3: Allow always is disabled for destructive tools, and an allow_always answer is refused', async () => {
    const { engine } = await setup();
    const user = scriptedUser('allow_always');
    const result = await engine.request(callOf(tools.notesDelete), user);
    expect(user.shown[0]!.allowAlwaysEnabled).toBe(false);
    expect(result.allowed).toBe(false);
    expect(result.error?.message).toMatch(/Allow always is not available for "notes_delete"/);
    expect(engine.grants()).toEqual([]);

    // From elsewhere (a remote approver): a clear error, and the prompt stays open.
    const remote = scriptedUser();
    const waiting = engine.request(callOf(tools.notesDelete), remote);
    await shownCount(remote, 1);
    const [pending] = engine.pending();
    expect(() => engine.resolve(pending!.id, 'allow_always')).toThrow(/only be allowed once/);
    expect(engine.pending()).toHaveLength(1);
    engine.resolve(pending!.id, 'allow_once');
    expect((await waiting).allowed).toBe(true);
    expect(engine.grants()).toEqual([]);
  });
});

async function setupUnsynced(store: GrantStore) {
  const { createManualClock, createPermissionEngine } = await import('@mcp-consent/engine');
  const clock = createManualClock(Date.UTC(2026, 10, 21));
  return { engine: createPermissionEngine({ store, clock }), clock };
}
