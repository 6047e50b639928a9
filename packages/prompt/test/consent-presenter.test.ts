import { describe, expect, it, vi } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type ManualClock,
  type PermissionEngine,
  type ToolCall,
} from '@mcp-consent/engine';
import {
  createConsentPresenter,
  type ConsentPresenter,
  type ElicitationFormApi,
  type ElicitRequest,
} from '@mcp-consent/prompt';

/**
 * One presenter for every kind of request (issue 15): a single FIFO that hands out the model
 * of its head and settles each request exactly once.
 */
const GUARD_MS = 500;
const server = { id: 'notes', name: 'Notes', trusted: true };
const tool = (name: string, annotations: Record<string, boolean>) => ({
  name,
  description: `${name} does its job`,
  inputSchema: { type: 'object' },
  annotations,
});
const call = (name = 'notes_put'): ToolCall => ({
  userId: 'u',
  workspaceId: 'w',
  server,
  tool: tool(name, { readOnlyHint: false, destructiveHint: false, openWorldHint: false }),
  args: { id: 'a' },
});
const form: ElicitRequest = {
  mode: 'form',
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
};

function setup(): { engine: PermissionEngine; clock: ManualClock; presenter: ConsentPresenter } {
  const clock = createManualClock();
  const engine = createPermissionEngine({ store: memoryStore(), clock });
  const presenter = createConsentPresenter({ clock, engine, guardMs: GUARD_MS });
  return { engine, clock, presenter };
}

async function until(check: () => boolean) {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 2000, interval: 1 });
}

describe('createConsentPresenter', () => {
  it('a prompt no renderer could show is denied as "could not ask", never as the user\'s choice (issue 17)', async () => {
    const { engine, presenter } = setup();
    const failed = engine.request(call('notes_a'), { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().current?.kind === 'permission');
    presenter.fail(presenter.getSnapshot().current!.id);
    await expect(failed).resolves.toMatchObject({ allowed: false, origin: 'no_renderer' });

    const disposed = engine.request(call('notes_b'), { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().current?.kind === 'permission');
    presenter.dispose();
    await expect(disposed).resolves.toMatchObject({ allowed: false, origin: 'no_renderer' });
    // The host's own `show` still gets an answer: Deny once.
    await expect(presenter.show(call('notes_c'))).resolves.toBe('deny_once');
  });

  it('puts a permission prompt and an elicitation in one queue, one model at a time, in order', async () => {
    const { engine, clock, presenter } = setup();
    const decided = engine.request(call(), { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().current?.kind === 'permission');
    const answered = presenter.elicit({ params: form, server });
    expect(presenter.getSnapshot()).toMatchObject({ waiting: 2, current: { kind: 'permission' } });

    const permission = presenter.getSnapshot().current!;
    if (permission.kind !== 'permission') throw new Error('not a permission prompt');
    expect(permission.model.connect().tool.name).toBe('notes_put');
    clock.advance(GUARD_MS);
    expect(permission.model.connect().choose('allow_once')).toEqual({ accepted: true });
    expect((await decided).allowed).toBe(true);

    const next = presenter.getSnapshot().current!;
    expect(next.kind).toBe('elicitation');
    if (next.kind !== 'elicitation') throw new Error('not an elicitation');
    clock.advance(GUARD_MS);
    const api = next.model.connect() as ElicitationFormApi;
    api.setValue('name', 'Ada');
    api.choose('accept');
    expect(await answered).toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(presenter.getSnapshot()).toMatchObject({ current: null, waiting: 0 });
    expect(presenter.getSnapshot().settled.map((item) => [item.kind, item.end])).toEqual([
      ['permission', 'answered'],
      ['elicitation', 'answered'],
    ]);
  });

  it('a dry-run preview is its own kind: approving is Allow once, and nothing is remembered', async () => {
    const { engine, clock, presenter } = setup();
    const decided = engine.request(call(), {
      prompt: presenter.prompt,
      dryRun: { preview: { id: 'a' }, hint: 'pass __confirm' },
    });
    await until(() => presenter.getSnapshot().current?.kind === 'dry_run');
    const item = presenter.getSnapshot().current!;
    if (item.kind !== 'dry_run') throw new Error('not a dry run');
    clock.advance(GUARD_MS);
    item.model.connect().choose('approve');
    expect(await decided).toMatchObject({ allowed: true, choice: 'allow_once' });
    expect(engine.grants()).toEqual([]);
  });

  it('settles each request once with its kind’s fail-closed answer: elsewhere, failed, disposed', async () => {
    const { engine, presenter } = setup();
    const elsewhere = engine.request(call(), { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().current !== null);
    engine.cancel(engine.pending()[0]!.id);
    expect(await elsewhere).toMatchObject({ allowed: false, settledBy: 'cancel' });

    const server_ = new AbortController();
    const gaveUp = presenter.elicit({ params: form, server, signal: server_.signal });
    server_.abort();
    expect(await gaveUp).toEqual({ action: 'cancel' });

    const crashed = presenter.elicit({ params: form, server });
    presenter.fail(presenter.getSnapshot().current!.id, new Error('renderer crashed'));
    expect(await crashed).toEqual({ action: 'cancel' });

    const first = engine.request(call('notes_a'), { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().current !== null);
    const queued = presenter.elicit({ params: form, server });
    presenter.dispose();
    expect(await first).toMatchObject({ allowed: false, choice: 'deny_once' });
    expect(await queued).toEqual({ action: 'cancel' });
    expect(await presenter.elicit({ params: form, server })).toEqual({ action: 'cancel' });
    expect(presenter.getSnapshot().settled.map((item) => item.end)).toEqual([
      'settled_elsewhere',
      'settled_elsewhere',
      'failed',
      'disposed',
      'disposed',
      'disposed',
    ]);
  });

  it('interrupt() settles everything held on the safe side and the presenter goes on', async () => {
    const { engine, clock, presenter } = setup();
    const first = engine.request(call(), { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().current !== null);
    const question = presenter.elicit({ params: form, server });
    presenter.interrupt();
    expect(await first).toMatchObject({ allowed: false, choice: 'deny_once' });
    expect(await question).toEqual({ action: 'cancel' });
    expect(presenter.getSnapshot().settled.map((item) => item.end)).toEqual([
      'interrupted',
      'interrupted',
    ]);
    const next = engine.request(call('notes_b'), { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().current !== null);
    const item = presenter.getSnapshot().current!;
    if (item.kind !== 'permission') throw new Error('not a permission prompt');
    clock.advance(GUARD_MS);
    item.model.connect().choose('allow_once');
    expect((await next).allowed).toBe(true);
  });

  it('the record of a request settled elsewhere shows its model closed', async () => {
    const { engine, presenter } = setup();
    const elsewhere = engine.request(call(), { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().current !== null);
    engine.cancel(engine.pending()[0]!.id);
    await elsewhere;
    expect(presenter.getSnapshot().settled.at(-1)).toMatchObject({
      end: 'settled_elsewhere',
      api: { status: 'closed' },
    });
  });

  it('a request no model can be built for is refused, not left waiting', async () => {
    const { presenter } = setup();
    const broken = presenter.elicit({ params: null as unknown as ElicitRequest, server });
    expect(await broken).toEqual({ action: 'cancel' });
    expect(presenter.getSnapshot().settled.at(-1)).toMatchObject({ end: 'failed' });
  });

  it('show(toolCall, onDecision): the engine’s assessment, the answer given to the callback', async () => {
    const { clock, presenter } = setup();
    const onDecision = vi.fn();
    const destructive = {
      ...call('notes_delete'),
      tool: tool('notes_delete', { destructiveHint: true, openWorldHint: false }),
    };
    const shown = presenter.show(destructive, onDecision);
    const item = presenter.getSnapshot().current!;
    if (item.kind !== 'permission') throw new Error('not a permission prompt');
    expect(item.request).toMatchObject({ defaultChoice: 'deny_once', allowAlwaysEnabled: false });
    expect(item.model.connect().focused).toBe('deny_once');
    clock.advance(GUARD_MS);
    item.model.connect().choose('deny_once');
    expect(await shown).toBe('deny_once');
    expect(onDecision).toHaveBeenCalledWith('deny_once');
  });

  it('says "checking" only once the engine has been deciding for 100 ms on its clock', async () => {
    const clock = createManualClock();
    const engine = createPermissionEngine({
      store: { ...memoryStore(), load: () => new Promise(() => {}) },
      clock,
    });
    const presenter = createConsentPresenter({ clock, engine });
    void engine.request(call(), { prompt: presenter.prompt });
    await until(() => engine.getSnapshot().checking === 1);
    clock.advance(99);
    expect(presenter.getSnapshot().checking).toBe(false);
    clock.advance(1);
    expect(presenter.getSnapshot().checking).toBe(true);
  });
});
