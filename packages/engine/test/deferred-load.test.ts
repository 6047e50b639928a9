import { describe, expect, it } from 'vitest';
import {
  memoryStore,
  type EngineEvent,
  type Grant,
  type GrantStore,
  type StoreChange,
  type StoreSnapshot,
} from '@mcp-consent/engine';
import { callOf, scriptedUser, setup, storedGrant, tools } from './helpers.js';

/**
 * A store's load may hand grants over unbuilt (`StoreSnapshot.deferred`): the engine indexes
 * them by their columns and reads each one when a call, a list or a change needs it. Whatever
 * is read late is held to the same rules as a grant loaded whole.
 */

const columnsOf = (grant: Grant) => [
  grant.key,
  grant.userId,
  grant.workspaceId,
  grant.serverId,
  grant.toolName,
  grant.argsHash ?? '',
];

/**
 * A store that hands every grant over deferred, counting the reads; `rows` are what `read`
 * returns (a malformed value stands for a corrupt row), `columns` what indexes them. `push`
 * tells the engine a change made by another writer.
 */
function deferringStore(
  rows: unknown[],
  options: { columns?: unknown[]; rest?: Partial<StoreSnapshot> } = {},
) {
  const reads: number[] = [];
  const backing = memoryStore();
  let push: (change: StoreChange) => void = () => {};
  const store: GrantStore = {
    ...backing,
    subscribe: (listener) => ((push = listener), () => {}),
    loadState: async (asked) => ({
      grants: [],
      revocations: [],
      clearedAt: null,
      ...options.rest,
      ...(asked?.deferred && {
        deferred: {
          columns: options.columns ?? rows.flatMap((row) => columnsOf(row as Grant)),
          read: (index: number) => {
            reads.push(index);
            if (rows[index] instanceof Error) throw rows[index];
            return rows[index];
          },
        },
      }),
    }),
  };
  return { store, reads, backing, push: (change: StoreChange) => push(change) };
}

describe('grants a store hands over deferred', () => {
  it('answer calls as if loaded whole, each read once and only when needed', async () => {
    const put = storedGrant(tools.notesPut, { riskTier: 'medium' });
    const denied = storedGrant(tools.notesDelete, { decision: 'deny', expiresAt: null });
    const list = storedGrant(tools.notesList, { riskTier: 'low' });
    const { store, reads } = deferringStore([put, denied, list]);
    const { engine } = await setup({ store });
    expect(reads).toEqual([]); // ready without building a grant

    expect(engine.lookup(callOf(tools.notesPut))).toMatchObject({ status: 'allow', grant: put });
    expect(engine.lookup(callOf(tools.notesDelete))).toMatchObject({ status: 'deny' });
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('allow');
    expect(reads).toEqual([0, 1]);

    const user = scriptedUser();
    expect(await engine.request(callOf(tools.notesList), user)).toMatchObject({ allowed: true });
    expect(user.shown).toHaveLength(0);
    expect(
      engine
        .grants()
        .map((grant) => grant.toolName)
        .sort(),
    ).toEqual(['notes_delete', 'notes_list', 'notes_put'].sort());
    expect(reads.sort()).toEqual([0, 1, 2]);
  });

  it('a malformed one is left out and reported when read; the others are served', async () => {
    const good = storedGrant(tools.notesList, { riskTier: 'low' });
    const broken = { ...storedGrant(tools.notesPut), expiresAt: 'soon' };
    const throwing = storedGrant(tools.notesDelete);
    // The third row's read throws (a row that cannot be built).
    const rows = [good, broken, new Error('unreadable row')];
    const columns = [good, broken, throwing].flatMap(columnsOf);
    const { engine } = await setup({ store: deferringStore(rows, { columns }).store });
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));

    expect(engine.lookup(callOf(tools.notesPut))).toMatchObject({
      status: 'prompt',
      reason: 'no_grant',
    });
    expect(engine.lookup(callOf(tools.notesDelete)).status).toBe('prompt');
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('allow');
    const invalid = events.filter((event) => event.type === 'invalid');
    expect(invalid).toHaveLength(2);
    expect(invalid[0]).toMatchObject({ source: 'store', count: 1 });
    expect(engine.grants()).toEqual([good]);
  });

  it('columns that name another tool index nothing for it: the grant answers only its own', async () => {
    const put = storedGrant(tools.notesPut, { riskTier: 'medium' });
    // The columns claim the grant is notes_list's; the grant read is notes_put's.
    const columns = columnsOf(put);
    columns[4] = tools.notesList.name;
    const { store } = deferringStore([put], { columns });
    const { engine } = await setup({ store });
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('prompt');
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('allow');
  });

  it('a key column that is not the grant’s key is malformed, and columns of the wrong type too', async () => {
    const put = storedGrant(tools.notesPut, { riskTier: 'medium' });
    const list = storedGrant(tools.notesList, { riskTier: 'low' });
    const columns: unknown[] = [...columnsOf(put), ...columnsOf(list)];
    columns[0] = list.key;
    columns[9] = 42; // list's serverId column
    const { engine } = await setup({ store: deferringStore([put, list], { columns }).store });
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('prompt');
    expect(engine.grants()).toEqual([]);
    expect(events.filter((event) => event.type === 'invalid')).toHaveLength(1);
  });

  it('a revoke and a clear of the same load void the older grants read later', async () => {
    const put = storedGrant(tools.notesPut, { riskTier: 'medium' });
    const list = storedGrant(tools.notesList, { riskTier: 'low' });
    const { engine: revoked } = await setup({
      store: deferringStore([put], {
        rest: { revocations: [{ key: put.key, revokedAt: '2026-11-20T12:00:00.000Z' }] },
      }).store,
    });
    expect(revoked.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    const { engine: cleared } = await setup({
      store: deferringStore([list], { rest: { clearedAt: '2026-11-20T12:00:00.000Z' } }).store,
    });
    expect(cleared.lookup(callOf(tools.notesList)).status).toBe('prompt');
    expect(cleared.grants()).toEqual([]);
  });

  it('the user’s revoke and clear reach grants never read, and are not undone', async () => {
    const put = storedGrant(tools.notesPut, { riskTier: 'medium' });
    const list = storedGrant(tools.notesList, { riskTier: 'low' });
    const { store, backing } = deferringStore([put, list]);
    await backing.put(put);
    await backing.put(list);
    const { engine } = await setup({ store });
    expect(await engine.revoke(put.key)).toBe(true);
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('allow');
    expect(await engine.revokeAll()).toBe(1);
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('prompt');
    expect(engine.grants()).toEqual([]);
    expect(await backing.load()).toEqual([]);
  });

  it('changes heard before a grant is read apply by the store rules, never undoing it or a newer one', async () => {
    const put = storedGrant(tools.notesPut, { riskTier: 'medium' });
    const list = storedGrant(tools.notesList, { riskTier: 'low' });
    const { store, push } = deferringStore([put, list]);
    const { engine } = await setup({ store });
    // Another writer's Deny always, given after the stored allow: it wins.
    push({
      type: 'put',
      grant: { ...put, decision: 'deny', grantedAt: '2026-11-20T06:00:00.000Z' },
    });
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('deny');
    // A late copy of an older allow: the stored (newer) one stays.
    push({ type: 'put', grant: { ...list, grantedAt: '2026-11-19T00:00:00.000Z' } });
    expect(engine.lookup(callOf(tools.notesList))).toMatchObject({ status: 'allow', grant: list });
  });

  it('a clear heard before any grant is read removes them all, and none comes back', async () => {
    const put = storedGrant(tools.notesPut, { riskTier: 'medium' });
    const list = storedGrant(tools.notesList, { riskTier: 'low' });
    const { store, push } = deferringStore([put, list]);
    const { engine } = await setup({ store });
    push({ type: 'clear' });
    expect(engine.lookup(callOf(tools.notesPut)).status).toBe('prompt');
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('prompt');
    expect(engine.grants()).toEqual([]);
  });

  it('a deferred value of the wrong shape fails the load closed: every call asks', async () => {
    const store: GrantStore = {
      ...memoryStore(),
      loadState: async () =>
        ({ grants: [], revocations: [], clearedAt: null, deferred: { columns: 'x' } }) as never,
    };
    const { engine } = await setup({ store });
    expect(engine.getSnapshot().status).toBe('failed');
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('prompt');
  });
});
