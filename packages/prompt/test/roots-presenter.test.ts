import { describe, expect, it } from 'vitest';
import { createManualClock } from '@mcp-consent/engine';
import { createConsentPresenter, type RootsCall } from '@mcp-consent/prompt';

/** Roots join the one queue (issue 18): shown in turn, settled exactly once, never shared by a failure. */
const GUARD_MS = 500;
const server = { id: 'files', name: 'Files', trusted: false };
const call = (signal?: AbortSignal): RootsCall => ({
  server,
  roots: [
    { uri: 'file:///work/a', name: 'A' },
    { uri: 'file:///work/b', name: 'B' },
  ],
  ...(signal ? { signal } : {}),
});
const NONE = { answer: 'share_none', uris: [], grain: 'once' };

function setup() {
  const clock = createManualClock();
  const presenter = createConsentPresenter({ clock, guardMs: GUARD_MS });
  return { clock, presenter };
}

describe('consent presenter: roots', () => {
  it('queues a roots request behind an elicitation and settles it with what the user checked', async () => {
    const { clock, presenter } = setup();
    const elicited = presenter.elicit({
      params: {
        mode: 'form',
        message: 'Name?',
        requestedSchema: { type: 'object', properties: {} },
      },
      server,
    });
    const picked = presenter.roots(call());
    expect(presenter.getSnapshot()).toMatchObject({ waiting: 2, current: { kind: 'elicitation' } });
    clock.advance(GUARD_MS);
    const first = presenter.getSnapshot().current!;
    if (first.kind !== 'elicitation') throw new Error('not an elicitation');
    first.model.connect().choose('decline');
    await expect(elicited).resolves.toEqual({ action: 'decline' });

    const current = presenter.getSnapshot().current!;
    if (current.kind !== 'roots') throw new Error('not a roots request');
    expect(current.model.connect().server.name).toBe('Files');
    clock.advance(GUARD_MS);
    current.model.connect().toggle(1);
    current.model.connect().choose('share');
    await expect(picked).resolves.toEqual({
      answer: 'share',
      uris: ['file:///work/b'],
      grain: 'server',
    });
    expect(presenter.getSnapshot().settled.at(-1)).toMatchObject({
      kind: 'roots',
      end: 'answered',
      answer: { uris: ['file:///work/b'] },
    });
    expect(presenter.getSnapshot().current).toBeNull();
  });

  it('a failed, aborted, interrupted or disposed roots request shares nothing and remembers nothing', async () => {
    const { presenter } = setup();
    const failed = presenter.roots(call());
    presenter.fail(presenter.getSnapshot().current!.id);
    await expect(failed).resolves.toEqual(NONE);

    const controller = new AbortController();
    const aborted = presenter.roots(call(controller.signal));
    controller.abort();
    await expect(aborted).resolves.toEqual(NONE);
    expect(presenter.getSnapshot().settled.at(-1)).toMatchObject({ end: 'settled_elsewhere' });

    const interrupted = presenter.roots(call());
    presenter.interrupt();
    await expect(interrupted).resolves.toEqual(NONE);

    presenter.dispose();
    await expect(presenter.roots(call())).resolves.toEqual(NONE);
  });

  it('settles once: a late click after the answer changes nothing', async () => {
    const { clock, presenter } = setup();
    const picked = presenter.roots(call());
    const current = presenter.getSnapshot().current!;
    if (current.kind !== 'roots') throw new Error('not a roots request');
    clock.advance(GUARD_MS);
    const api = current.model.connect();
    api.choose('share_none');
    expect(api.choose('share')).toEqual({ accepted: false, reason: 'settled' });
    await expect(picked).resolves.toEqual({ answer: 'share_none', uris: [], grain: 'server' });
    expect(presenter.getSnapshot().settled).toHaveLength(1);
  });
});
