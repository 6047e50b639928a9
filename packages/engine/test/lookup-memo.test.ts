import { describe, expect, it } from 'vitest';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

/**
 * A host reuses one server object per connection, and the engine resolves its grants' level
 * once per object. These are the ways a reused object could make a stale answer: another
 * user or workspace on it, its id changed in place, grants made or revoked after it was seen.
 */
describe('lookups through a server object the host reuses', () => {
  it('answers for the user, workspace and server id of each call, whatever was looked up before', async () => {
    const { engine } = await setup();
    const server = { id: 'notes', trusted: true };
    const alice = callOf(tools.notesList, { server });
    expect(engine.lookup(alice).reason).toBe('no_grant');
    await engine.request(alice, scriptedUser('allow_always'));
    expect(engine.lookup(alice).status).toBe('allow');

    expect(engine.lookup({ ...alice, userId: 'bob' }).reason).toBe('no_grant');
    expect(engine.lookup({ ...alice, workspaceId: 'ws-2' }).reason).toBe('no_grant');
    expect(engine.lookup(alice).status).toBe('allow');
    server.id = 'other';
    expect(engine.lookup(alice).reason).toBe('no_grant');
    server.id = 'notes';
    expect(engine.lookup(alice).status).toBe('allow');
  });

  it('sees a grant made for a tool after the server was looked up, and a revoke at once', async () => {
    const { engine } = await setup();
    const server = { id: 'notes', trusted: true };
    const list = callOf(tools.notesList, { server });
    const put = callOf(tools.notesPut, { server, args: { id: 'a', text: 'x' } });
    await engine.request(list, scriptedUser('allow_always'));
    expect(engine.lookup(put).reason).toBe('no_grant');
    await engine.request(put, scriptedUser('allow_always'));
    expect(engine.lookup(put).status).toBe('allow');

    expect(engine.lookup(list).status).toBe('allow');
    const [grant] = engine.grants({ toolName: 'notes_list' });
    await engine.revoke(grant!.key);
    expect(engine.lookup(list).reason).toBe('no_grant');
    expect(engine.lookup(put).status).toBe('allow');
  });

  it('sees a Deny always for some arguments made after an allow for the tool was looked up', async () => {
    const { engine } = await setup();
    const server = { id: 'notes', trusted: true };
    const put = (id: string) => callOf(tools.notesPut, { server, args: { id, text: 'x' } });
    await engine.request(put('a'), scriptedUser('allow_always'));
    expect(engine.lookup(put('secret')).status).toBe('allow');
    expect(engine.lookup(put('secret')).status).toBe('allow');
    const denied = await engine.request(put('secret'), {
      ...scriptedUser({ choice: 'deny_always', argsOnly: true }),
      forcePrompt: true,
    });
    expect(denied.allowed).toBe(false);
    expect(engine.lookup(put('secret')).status).toBe('deny');
    expect(engine.lookup(put('a')).status).toBe('allow');
  });

  it('finds a Deny always for these arguments without being given their hash', async () => {
    const { engine } = await setup();
    const server = { id: 'notes', trusted: true };
    const put = (id: string) => callOf(tools.notesPut, { server, args: { id, text: 'x' } });
    await engine.request(put('secret'), scriptedUser({ choice: 'deny_always', argsOnly: true }));
    await engine.request(put('a'), scriptedUser('allow_always'));
    expect(engine.lookup(put('secret')).status).toBe('deny');
    expect(engine.lookup(put('b')).status).toBe('allow');
  });
});
