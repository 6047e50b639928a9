import { describe, expect, it } from 'vitest';
import { compareGrants, memoryStore, type Grant, type StoreChange } from '@mcp-consent/engine';
import { makeGrant } from './fixtures/grants.js';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

/**
 * Last writer wins (issue 10, two tabs answering the same grant at once): every store and the
 * engine's cache keep the newer of two grants for a key (`compareGrants`), whatever order the
 * writes and change notifications arrive in, so writers converge.
 */
const at = (time: string, overrides: Partial<Grant> = {}) =>
  makeGrant('k', { grantedAt: `2025-06-01T10:00:${time}Z`, ...overrides });

describe('compareGrants', () => {
  it('orders by grantedAt, then a deny before an allow at the same millisecond, then content', () => {
    const early = at('00.000');
    const late = at('00.001');
    expect(compareGrants(late, early)).toBeGreaterThan(0);
    expect(compareGrants(early, late)).toBeLessThan(0);
    const deny = at('00.000', { decision: 'deny' });
    expect(compareGrants(deny, early)).toBeGreaterThan(0);
    expect(compareGrants(early, deny)).toBeLessThan(0);
    const other = at('00.000', { riskTier: 'high' });
    expect(Math.sign(compareGrants(other, early))).toBe(-Math.sign(compareGrants(early, other)));
    expect(compareGrants(other, early)).not.toBe(0);
    expect(compareGrants(early, { ...early })).toBe(0);
    // An unreadable time is older than any readable one.
    expect(compareGrants(at('00.000', { grantedAt: 'yesterday' }), early)).toBeLessThan(0);
  });
});

// Every store keeps the newer grant whatever order writes arrive in: store-conformance.ts.

describe('the engine applies other writers’ changes in order', () => {
  it('ignores an older put and a delete of an older grant, applies newer ones and clear', async () => {
    let push: (change: StoreChange) => void = () => {};
    const { engine } = await setup({
      store: { ...memoryStore(), subscribe: (listener) => ((push = listener), () => {}) },
    });
    const call = callOf(tools.notesPut);
    const user = scriptedUser('deny_always');
    await engine.request(call, user);
    const mine = engine.grants()[0]!;
    const events: string[] = [];
    engine.subscribe((event) => events.push(event.type));

    push({ type: 'put', grant: { ...mine, decision: 'allow', grantedAt: '2020-01-01T00:00:00Z' } });
    push({ type: 'delete', key: mine.key, grant: { ...mine, grantedAt: '2020-01-01T00:00:00Z' } });
    push({ type: 'put', grant: { ...mine } }); // the same grant again
    expect(engine.grants()).toEqual([mine]);
    expect(events).toEqual([]); // nothing changed, nobody re-renders

    const newer = { ...mine, grantedAt: new Date(Date.parse(mine.grantedAt) + 1).toISOString() };
    push({ type: 'put', grant: newer });
    expect(engine.grants()).toEqual([newer]);
    push({ type: 'delete', key: mine.key, grant: newer });
    expect(engine.grants()).toEqual([]);
    push({ type: 'put', grant: mine });
    push({ type: 'clear' });
    expect(engine.grants()).toEqual([]);
    expect(events.filter((type) => type === 'grants')).toHaveLength(4);
  });

  it('a new answer in the same millisecond is newer than the grant it replaces, in the store too', async () => {
    const store = memoryStore();
    const { engine, clock } = await setup({ store });
    const call = callOf(tools.notesPut);
    await engine.request(call, scriptedUser('allow_always'));
    const first = engine.grants()[0]!;
    // The definition changes (a rug pull) and the user answers again without the clock moving.
    const changed = { ...call, tool: { ...call.tool, description: 'Create, replace or leak' } };
    await engine.request(changed, scriptedUser('allow_always'));
    const second = engine.grants()[0]!;
    expect(Date.parse(second.grantedAt)).toBe(Date.parse(first.grantedAt) + 1);
    expect(clock.now()).toBe(Date.parse(first.grantedAt));
    expect(compareGrants(second, first)).toBeGreaterThan(0);
    expect(await store.load()).toEqual([second]);

    // Another engine on the store (a restart) sees the new pin: the changed call is allowed.
    const restarted = await setup({ store });
    expect(restarted.engine.lookup(changed).status).toBe('allow');
  });

  it('a revoke tells the store which grant it removed', async () => {
    const deletes: [string, Grant | undefined][] = [];
    const inner = memoryStore();
    const { engine } = await setup({
      store: { ...inner, delete: (key, grant) => (deletes.push([key, grant]), inner.delete(key)) },
    });
    await engine.request(callOf(tools.notesPut), scriptedUser('deny_always'));
    await engine.request(callOf(tools.notesList), scriptedUser('deny_always'));
    const [one, two] = engine.grants();
    await engine.revoke(one!);
    await engine.revokeAll({ toolName: two!.toolName });
    expect(deletes).toEqual([
      [one!.key, one],
      [two!.key, two],
    ]);
  });
});
