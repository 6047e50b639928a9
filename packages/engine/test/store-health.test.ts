import { describe, expect, it } from 'vitest';
import { memoryStore, type GrantStore, type StoreHealth } from '@mcp-consent/engine';
import { callOf, flush, scriptedUser, setup, tools } from './helpers.js';

/**
 * A store that can lose its source of other writers' changes (a LISTEN connection, an event
 * stream) says so through `watchHealth`: meanwhile the engine asks instead of deciding from a
 * cache that may miss a revoke, and decides again once the store says it caught up.
 */
function storeWithHealth(base: GrantStore = memoryStore()) {
  const watchers = new Set<(health: StoreHealth) => void>();
  let failLoads = false;
  const store: GrantStore = {
    ...base,
    load: () => (failLoads ? Promise.reject(new Error('database down')) : base.load()),
    put: (grant) => base.put(grant),
    delete: (key, grant, revokedAt) => base.delete(key, grant, revokedAt),
    clear: (at) => base.clear(at),
    watchHealth(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
  };
  const tell = (health: StoreHealth) => watchers.forEach((listener) => listener(health));
  return {
    store,
    watchers,
    lost: () => tell({ live: false, error: new Error('LISTEN connection lost') }),
    back: () => tell({ live: true }),
    failLoads: (value: boolean) => {
      failLoads = value;
    },
  };
}

const call = callOf(tools.notesPut);

describe('a store that loses its source of changes', () => {
  it('makes a cached Allow always ask while it is lost, and decide again once it caught up', async () => {
    const health = storeWithHealth();
    const { engine } = await setup({ store: health.store });
    await engine.request(call, scriptedUser('allow_always'));
    expect(engine.lookup(call).status).toBe('allow');

    health.lost();
    expect(engine.getSnapshot().status).toBe('failed');
    expect(engine.lookup(call)).toMatchObject({ status: 'prompt', reason: 'store_failed' });
    const user = scriptedUser('deny_once');
    const asked = await engine.request(call, user);
    expect(user.shown).toHaveLength(1);
    expect(asked.allowed).toBe(false);

    health.back();
    expect(engine.getSnapshot().status).toBe('ready');
    const quiet = scriptedUser();
    expect(await engine.request(call, quiet)).toMatchObject({ allowed: true });
    expect(quiet.shown).toHaveLength(0);
  });

  it('keeps a cached Deny always final while it is lost', async () => {
    const health = storeWithHealth();
    const { engine } = await setup({ store: health.store });
    await engine.request(call, scriptedUser('deny_always'));
    health.lost();
    const user = scriptedUser('allow_once');
    // It may ask (the cache is not trusted) but never allows without this answer.
    const outcome = await engine.request(call, user);
    expect(outcome.allowed).toBe(user.shown.length === 1);
  });

  it('a store down at start is loaded again once it is back', async () => {
    const health = storeWithHealth();
    const first = await setup({ store: health.store });
    await first.engine.request(call, scriptedUser('allow_always'));
    first.engine.dispose();

    health.failLoads(true);
    const { engine } = await setup({ store: health.store });
    expect(engine.getSnapshot().status).toBe('failed');
    expect(engine.lookup(call).status).toBe('prompt');

    health.failLoads(false);
    health.back();
    await flush();
    expect(engine.getSnapshot().status).toBe('ready');
    expect(engine.lookup(call).status).toBe('allow');
  });

  it('stays failed through repeated losses, and stops watching when disposed', async () => {
    const health = storeWithHealth();
    const { engine } = await setup({ store: health.store });
    health.lost();
    health.lost();
    expect(engine.getSnapshot().status).toBe('failed');
    await flush();
    expect(engine.getSnapshot().status).toBe('failed');
    engine.dispose();
    // Disposed: no watcher is left behind.
    expect(health.watchers.size).toBe(0);
  });
});
