import { describe, expect, it } from 'vitest';
import { createPermissionEngine, type RequestResult, type ToolCall } from '@mcp-consent/engine';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

const isResult = (value: unknown): value is RequestResult =>
  typeof value === 'object' && value !== null && !(value instanceof Promise);

describe('engine.requestNow', () => {
  it('hands a remembered grant’s decision back at once, audited, and the call is the frozen copy', async () => {
    const { engine, events } = await setup();
    const call = callOf(tools.notesList);
    await engine.request(call, scriptedUser('allow_always'));
    const user = scriptedUser();
    const now = engine.requestNow({ ...call, args: { page: 1 } }, user);
    if (!isResult(now)) throw new Error('a cache hit came back as a promise');
    expect(now).toMatchObject({ allowed: true, choice: 'allow_always', origin: 'cache_hit' });
    expect(Object.isFrozen(now.call!.args)).toBe(true);
    expect(events().at(-1)).toMatchObject({ decision: 'ALLOW_ALWAYS', origin: 'cache_hit' });
    expect(user.shown).toHaveLength(0);
  });

  it('gives a promise when it must ask, and the user’s answer settles it', async () => {
    const { engine } = await setup();
    const pending = engine.requestNow(callOf(tools.notesPut), scriptedUser('deny_once'));
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).resolves.toMatchObject({ allowed: false, choice: 'deny_once' });
  });

  it('a remembered denial comes back at once as a denial', async () => {
    const { engine } = await setup();
    const call = callOf(tools.notesPut, { args: { id: 'a', text: 'b' } });
    await engine.request(call, scriptedUser('deny_always'));
    const now = engine.requestNow(call, scriptedUser());
    expect(isResult(now) && now.allowed).toBe(false);
    expect(now).toMatchObject({ choice: 'deny_always', origin: 'cache_hit' });
  });

  it('never throws: a malformed call or a missing prompt is a denial with the error', async () => {
    const { engine } = await setup();
    const malformed = engine.requestNow({ userId: '' } as unknown as ToolCall, scriptedUser());
    expect(malformed).toMatchObject({ allowed: false, settledBy: 'error' });
    const noPrompt = engine.requestNow(callOf(tools.notesList), {} as never);
    expect(noPrompt).toMatchObject({ allowed: false, origin: 'no_renderer' });
  });

  it('asks, as request does, before the store has synced', async () => {
    let release!: () => void;
    const store = {
      load: () => new Promise<never[]>((resolve) => (release = () => resolve([]))),
      put: async () => undefined,
      delete: async () => undefined,
      clear: async () => undefined,
    };
    const engine = createPermissionEngine({ store, readyWaitMs: 0 });
    const result = engine.requestNow(callOf(tools.notesList), scriptedUser('allow_once'));
    expect(result).toBeInstanceOf(Promise);
    await expect(result).resolves.toMatchObject({ allowed: true, choice: 'allow_once' });
    release();
  });
});
