import { describe, expect, it } from 'vitest';
import {
  createPermissionEngine,
  memoryAuditSink,
  memoryStore,
  type Choice,
  type Grant,
  type GrantStore,
  type PermissionEngine,
  type PromptRequest,
  type StoreChange,
  type ToolCall,
  type ToolDefinition,
} from '@mcp-consent/engine';
import { report } from './support.js';

const TOOLS = 50;
const SCOPES = [
  { userId: 'alice', workspaceId: 'ws-1' },
  { userId: 'bob', workspaceId: 'ws-2' },
] as const;
const CALLS = 1_000;
const CHOICES: Choice[] = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];

/** Tools that may be allowed always (read-only, closed world), so every answer is accepted. */
const tools: ToolDefinition[] = Array.from({ length: TOOLS }, (_, i) => ({
  name: `tool_${i}`,
  description: `Tool ${i}`,
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true, openWorldHint: false },
}));

const microtasks = async (count: number) => {
  for (let i = 0; i < count; i++) await Promise.resolve();
};
const macrotask = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A shared grant store with change notification, as two tabs share IndexedDB and learn about
 * each other's writes through a BroadcastChannel: a write reaches the other subscribers a
 * macrotask later, never the writer itself.
 */
function sharedStore() {
  const inner = memoryStore();
  /** Each revoke's `revokedAt` as the tabs sent it to the store, in order. */
  const revocations: string[] = [];
  const listeners = new Set<(change: StoreChange) => void>();
  const broadcast = (from: (change: StoreChange) => void, change: StoreChange) =>
    setImmediate(() => {
      for (const listener of listeners) if (listener !== from) listener(change);
    });
  const tab = (): GrantStore => {
    let self: (change: StoreChange) => void = () => {};
    return {
      load: () => inner.load(),
      async put(grant) {
        await inner.put(grant);
        broadcast(self, { type: 'put', grant: { ...grant } });
      },
      async delete(key, grant, revokedAt) {
        if (revokedAt) revocations.push(revokedAt);
        await inner.delete(key, grant, revokedAt);
        broadcast(self, {
          type: 'delete',
          key,
          ...(grant ? { grant: { ...grant } } : {}),
          ...(revokedAt ? { revokedAt } : {}),
        });
      },
      async clear(clearedAt) {
        await inner.clear(clearedAt);
        broadcast(self, clearedAt ? { type: 'clear', clearedAt } : { type: 'clear' });
      },
      subscribe(listener) {
        self = listener;
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  };
  return { tab, inner, revocations };
}

describe('concurrency', () => {
  it(`${CALLS} concurrent calls over ${TOOLS} tools and ${SCOPES.length} scopes: one prompt per key, nothing lost`, async () => {
    const store = memoryStore();
    const audit = memoryAuditSink();
    const engine = createPermissionEngine({ store, audit });
    await engine.ready;

    const keyOf = (call: ToolCall) => `${call.userId}/${call.workspaceId}/${call.tool.name}`;
    const answers = new Map<string, Choice>();
    const prompts = new Map<string, number>();
    const calls: ToolCall[] = Array.from({ length: CALLS }, (_, i) => {
      const scope = SCOPES[i % SCOPES.length]!;
      const tool = tools[Math.floor(i / SCOPES.length) % TOOLS]!;
      // Identical calls for a key: the same arguments, so they share one prompt.
      const call = { ...scope, server: { id: 'srv' }, tool, args: { path: `/${tool.name}` } };
      answers.set(keyOf(call), CHOICES[Math.floor(Math.random() * CHOICES.length)]!);
      return call;
    });

    // The user answers once every call has reached the engine (prompts are shown one at a time,
    // so an early answer would let a late identical call ask again), after a random delay.
    const everyCallQueued = async () => {
      while (engine.pending().reduce((sum, prompt) => sum + prompt.requests, 0) < CALLS)
        await macrotask();
    };
    let gate: Promise<void> | undefined;
    const prompt = async (request: PromptRequest) => {
      const key = keyOf(request.call);
      prompts.set(key, (prompts.get(key) ?? 0) + 1);
      await (gate ??= everyCallQueued());
      await microtasks(Math.floor(Math.random() * 20));
      return answers.get(key)!;
    };

    const settledCounts = new Array<number>(CALLS).fill(0);
    const results = await Promise.all(
      calls.map((call, i) =>
        engine.request(call, { prompt }).finally(() => (settledCounts[i]! += 1)),
      ),
    );
    await macrotask();

    const keys = new Set(calls.map(keyOf));
    const lost = results.filter((result, i) => {
      const answer = answers.get(keyOf(calls[i]!))!;
      return result.allowed !== answer.startsWith('allow') || result.choice !== answer;
    });
    const alwaysKeys = [...answers].filter(([, choice]) => choice.endsWith('always'));
    const stored = await store.load();
    report(
      `concurrency: ${CALLS} calls, ${keys.size} keys, ${[...prompts.values()].reduce((a, b) => a + b, 0)} prompts ` +
        `(max ${Math.max(...prompts.values())} per key), ${settledCounts.filter((n) => n === 1).length} settled once, ` +
        `${lost.length} decisions lost, ${stored.length}/${alwaysKeys.length} always-answers stored, ${audit.events().length} audit events`,
    );
    expect(keys.size).toBe(TOOLS * SCOPES.length);
    expect(prompts.size).toBe(keys.size);
    expect([...prompts.values()].every((count) => count === 1)).toBe(true);
    expect(settledCounts.every((count) => count === 1)).toBe(true);
    expect(lost).toEqual([]);
    expect(stored).toHaveLength(alwaysKeys.length);
    expect(audit.events()).toHaveLength(CALLS);
  });

  describe('two tabs over one store', () => {
    const call: ToolCall = {
      userId: 'alice',
      workspaceId: 'ws-1',
      server: { id: 'srv' },
      tool: tools[0]!,
      args: {},
    };
    const view = (engine: PermissionEngine) =>
      engine
        .grants()
        .map((grant: Grant) => `${grant.key}=${grant.decision}`)
        .sort();
    const settle = async () => {
      for (let i = 0; i < 5; i++) await macrotask();
    };
    const lines: string[] = [];

    it('answering in one tab and revoking in the other: both converge', async () => {
      const shared = sharedStore();
      const a = createPermissionEngine({ store: shared.tab() });
      const b = createPermissionEngine({ store: shared.tab() });
      await Promise.all([a.ready, b.ready]);

      await a.request(call, { prompt: () => 'allow_always' });
      await settle();
      expect(view(b)).toEqual(view(a));
      expect(view(a)).toHaveLength(1);
      expect(b.lookup(call).status).toBe('allow');

      await b.revoke(b.grants()[0]!);
      await settle();
      expect(view(a)).toEqual([]);
      expect(view(b)).toEqual([]);
      expect(a.lookup(call).status).toBe('prompt');

      // Both tabs answer the same prompt, then one revokes while the other answers again.
      await Promise.all([
        a.request(call, { prompt: () => 'deny_always' }),
        b.request(call, { prompt: () => 'deny_always' }),
      ]);
      await settle();
      expect(view(a)).toEqual(view(b));
      await Promise.all([
        a.revokeAll({ userId: 'alice' }),
        b.request(call, { prompt: () => 'allow_always' }),
      ]);
      await settle();
      const stored = (await shared.inner.load()).map((grant) => `${grant.key}=${grant.decision}`);
      expect(view(a)).toEqual(view(b));
      expect(view(a)).toEqual(stored.sort());
      lines.push('answer/revoke across tabs converged');
    });

    /**
     * Was a known gap (found by this suite): a store change carried no version, so two tabs
     * writing the same key at once each applied the other's broadcast last and diverged. Stores and
     * the engine's cache now keep the newer grant (`compareGrants`: later `grantedAt`, a deny at the
     * same millisecond), so every order of writes and broadcasts ends on the same grant. Run over
     * many rounds and both answer orders, on the real clock (same or adjacent milliseconds).
     */
    it('both tabs answering the same grant differently at once: both converge to the store', async () => {
      const rounds = 100;
      let converged = 0;
      let denyWins = 0;
      for (let round = 0; round < rounds; round++) {
        const shared = sharedStore();
        const a = createPermissionEngine({ store: shared.tab() });
        const b = createPermissionEngine({ store: shared.tab() });
        await Promise.all([a.ready, b.ready]);
        const [first, second]: Choice[] =
          round % 2 ? ['allow_always', 'deny_always'] : ['deny_always', 'allow_always'];
        await Promise.all([
          a.request(call, { prompt: () => first! }),
          b.request(call, { prompt: () => second! }),
        ]);
        await settle();
        const stored = (await shared.inner.load()).map((grant) => `${grant.key}=${grant.decision}`);
        expect(view(a)).toEqual(view(b));
        expect(view(a)).toEqual(stored);
        expect(a.lookup(call).status).toBe(b.lookup(call).status);
        converged += 1;
        if (stored[0]?.endsWith('=deny')) denyWins += 1;
      }
      // One tab revokes an allow while the other, shown a changed definition, answers anew at
      // the same moment: an answer given after the revoke stays everywhere; one given in the same
      // millisecond is a tie, which a deny wins and an allow loses; never do the tabs disagree.
      const changed = { ...call, tool: { ...call.tool, description: 'Tool 0, changed' } };
      let kept = 0;
      let tiesLost = 0;
      for (let round = 0; round < rounds; round++) {
        const shared = sharedStore();
        const a = createPermissionEngine({ store: shared.tab() });
        const b = createPermissionEngine({ store: shared.tab() });
        await Promise.all([a.ready, b.ready]);
        await a.request(call, { prompt: () => 'allow_always' });
        await settle();
        const answer: Choice = round % 2 ? 'allow_always' : 'deny_always';
        const revoked = a.grants()[0]!;
        const [, answered] = await Promise.all([
          a.revoke(revoked),
          b.request(changed, { prompt: () => answer }),
        ]);
        await settle();
        const stored = (await shared.inner.load()).map((grant) => `${grant.key}=${grant.decision}`);
        expect(view(a)).toEqual(view(b));
        expect(view(a)).toEqual(stored);
        if (stored.length === 0) {
          // Lost only as a tie: an allow stamped no later than the revoke (in its millisecond;
          // the revoke may come well after the grant it revokes when the machine is busy).
          expect(answer).toBe('allow_always');
          expect(shared.revocations).toHaveLength(1);
          expect(Date.parse(answered.grant!.grantedAt)).toBeLessThanOrEqual(
            Date.parse(shared.revocations[0]!),
          );
          tiesLost += 1;
        } else {
          expect(stored).toEqual([`${revoked.key}=${answer.replace('_always', '')}`]);
          kept += 1;
        }
      }
      report(
        `concurrency (two tabs, simultaneous different answers): ${converged}/${rounds} rounds converged ` +
          `(tabs and store agree; deny kept ${denyWins}, allow ${rounds - denyWins}); ` +
          `revoke racing a new answer: ${kept}/${rounds} kept the new answer in both tabs and the store, ` +
          `${tiesLost} allows lost a same-millisecond tie to the revoke (no deny ever did)`,
      );
    });
  });
});
