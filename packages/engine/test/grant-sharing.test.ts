import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  pinTool,
  type Grant,
  type GrantStore,
} from '@mcp-consent/engine';
import { callOf, storedGrant, tools } from './helpers.js';

/**
 * The engine keeps a store's grant object instead of a copy when nobody can change it (memory
 * per grant), and copies anything else.
 */
const frozenWhole = (grant: Grant): Grant => {
  const pin = grant.pin!;
  return Object.freeze({
    ...grant,
    pin: Object.freeze({ hash: pin.hash, parts: Object.freeze({ ...pin.parts }) }),
  });
};

async function engineWith(...grants: Grant[]) {
  const store: GrantStore = { ...memoryStore(), load: async () => grants };
  const engine = createPermissionEngine({
    store,
    clock: createManualClock(Date.UTC(2026, 10, 21)),
  });
  await engine.ready;
  return engine;
}

describe('grants the engine shares with its store', () => {
  it('keeps a grant frozen whole as the same object, pin and all', async () => {
    const stored = frozenWhole(storedGrant(tools.notesList, { riskTier: 'low' }));
    const engine = await engineWith(stored);
    const found = engine.lookup(callOf(tools.notesList));
    expect(found.status).toBe('allow');
    expect(found.grant).toBe(stored);
    expect(engine.grants()[0]).toBe(stored);
  });

  it('copies a grant that is not frozen, so changing the store’s object changes nothing', async () => {
    const pin = pinTool(tools.notesList)!;
    const stored = storedGrant(tools.notesList, {
      riskTier: 'low',
      pin: { hash: pin.hash, parts: { ...pin.parts } },
    });
    const engine = await engineWith(stored);
    (stored as { decision: string }).decision = 'deny';
    (stored.pin!.parts as { description: string }).description = 'changed';
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('allow');
    expect(engine.grants()[0]).toMatchObject({ decision: 'allow', pin });
  });
});
