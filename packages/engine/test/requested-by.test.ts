import { describe, expect, it, vi } from 'vitest';
import { callOf, scriptedUser, setup, shownCount, tools } from './helpers.js';

/** MCP Apps (ext-apps): a call an app's UI asked for goes through the same gate, saying so. */
const fromApp = { kind: 'app', app: 'Notes board' } as const;

describe('who asked for a call (MCP Apps, seed 004 requestedBy)', () => {
  it('pending() and the prompt say an app asked; the model is the default', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    void engine.request(callOf(tools.notesPut, { args: { id: 'a' }, requestedBy: fromApp }), user);
    void engine.request(callOf(tools.notesPut, { args: { id: 'b' } }), user);
    await vi.waitFor(() => expect(engine.pending()).toHaveLength(2));
    expect(engine.pending().map((pending) => pending.requestedBy)).toEqual([
      { kind: 'app', app: 'Notes board' },
      { kind: 'model' },
    ]);
    await shownCount(user, 1);
    expect(user.shown[0]!.call.requestedBy).toEqual(fromApp);
  });

  it('the same call from an app and from the model are asked apart, never sharing one answer', async () => {
    const { engine } = await setup();
    const user = scriptedUser();
    const call = callOf(tools.notesPut, { args: { id: 'a' } });
    const byModel = engine.request(call, user);
    const byApp = engine.request({ ...call, requestedBy: fromApp }, user);
    await vi.waitFor(() => expect(engine.pending()).toHaveLength(2));
    engine.resolve(engine.pending()[1]!.id, 'deny_once');
    expect((await byApp).allowed).toBe(false);
    engine.resolve(engine.pending()[0]!.id, 'allow_once');
    expect((await byModel).allowed).toBe(true);
  });

  it('the audit event names the app; remembered answers hold for both', async () => {
    const { engine, events } = await setup();
    const user = scriptedUser('allow_always');
    const call = callOf(tools.notesList, { requestedBy: fromApp });
    expect((await engine.request(call, user)).allowed).toBe(true);
    expect((await engine.request({ ...call, requestedBy: undefined }, user)).origin).toBe(
      'cache_hit',
    );
    expect(events().map((event) => [event.origin, event.requested_by_app])).toEqual([
      ['user_prompt', 'Notes board'],
      ['cache_hit', undefined],
    ]);
  });

  it('a malformed requester is refused before anything is asked', async () => {
    const { engine } = await setup();
    const user = scriptedUser('allow_once');
    const result = await engine.request(
      // @ts-expect-error: an app without a name, as a careless host might send it
      callOf(tools.notesList, { requestedBy: { kind: 'app' } }),
      user,
    );
    expect(result.allowed).toBe(false);
    expect(result.error?.message).toMatch(/requestedBy/);
    expect(user.shown).toHaveLength(0);
  });
});
