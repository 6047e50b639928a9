import { describe, expect, it, vi } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type ToolCall,
} from '@mcp-consent/engine';
import { createConsentPresenter, type SamplingCall } from '@mcp-consent/prompt';

/** Sampling joins the one presenter queue (issue 18): queued with the others, settled once. */
const GUARD_MS = 500;
const server = { id: 'notes', name: 'Notes' };
const step: SamplingCall = {
  step: 'request',
  server,
  params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 },
};
const call: ToolCall = {
  userId: 'u',
  workspaceId: 'w',
  server,
  tool: { name: 'notes_put', inputSchema: { type: 'object' } },
  args: {},
};

function setup() {
  const clock = createManualClock();
  const engine = createPermissionEngine({ store: memoryStore(), clock });
  const presenter = createConsentPresenter({ clock, engine, guardMs: GUARD_MS });
  return { clock, engine, presenter };
}

async function until(check: () => boolean) {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 2000, interval: 1 });
}

describe('presenter.sample', () => {
  it('queues a sampling step behind a permission prompt and settles it with the answer', async () => {
    const { clock, engine, presenter } = setup();
    const decided = engine.request(call, { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().current?.kind === 'permission');
    const answered = presenter.sample(step);
    expect(presenter.getSnapshot()).toMatchObject({ waiting: 2, current: { kind: 'permission' } });
    clock.advance(GUARD_MS);
    const permission = presenter.getSnapshot().current!;
    if (permission.kind !== 'permission') throw new Error('not a permission prompt');
    permission.model.connect().choose('deny_once');
    await decided;

    const item = presenter.getSnapshot().current!;
    if (item.kind !== 'sampling') throw new Error('not a sampling prompt');
    expect(item.model.connect().server.name).toBe('Notes');
    // Its guard starts when it reaches the screen.
    expect(item.model.connect().choose('approve')).toEqual({ accepted: false, reason: 'guard' });
    clock.advance(GUARD_MS);
    item.model.connect().setGrain('session');
    item.model.connect().choose('approve');
    await expect(answered).resolves.toEqual({ action: 'approve', grain: 'session' });
    expect(presenter.getSnapshot().settled.at(-1)).toMatchObject({
      kind: 'sampling',
      end: 'answered',
      answer: { action: 'approve', grain: 'session' },
    });
    // Settled once: a late click changes nothing.
    expect(item.model.connect().choose('deny')).toEqual({ accepted: false, reason: 'settled' });
  });

  it('fails closed: a failed render, an abort and dispose all deny', async () => {
    const { presenter } = setup();
    const failed = presenter.sample(step);
    presenter.fail(presenter.getSnapshot().current!.id);
    await expect(failed).resolves.toEqual({ action: 'deny', grain: 'once' });

    const controller = new AbortController();
    const aborted = presenter.sample({ ...step, signal: controller.signal });
    controller.abort();
    await expect(aborted).resolves.toEqual({ action: 'deny', grain: 'once' });
    expect(presenter.getSnapshot().settled.at(-1)).toMatchObject({ end: 'settled_elsewhere' });

    const disposed = presenter.sample({
      ...step,
      step: 'response',
      result: { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' },
    });
    presenter.dispose();
    await expect(disposed).resolves.toEqual({ action: 'deny', grain: 'once' });
  });
});
