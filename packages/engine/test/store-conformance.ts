import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyChange,
  emptyStoreState,
  grantKey,
  type Grant,
  type GrantScope,
  type GrantStore,
  type StoreChange,
} from '@mcp-consent/engine';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

/**
 * One store conformance suite (DESIGN.md, "Stores"): what every grant store promises, whatever
 * keeps the grants. Run it with a factory that opens two handles on one backing storage (two
 * tabs, two processes, two host instances); each handle is a store another writer shares.
 * What a store cannot do (a memory store has no other writer to hear) is marked skipped, not
 * left out.
 */
export interface ConformanceHandles {
  /** Two stores on the same storage. For a store with no second handle, the same store twice. */
  a: GrantStore;
  b: GrantStore;
  /**
   * Writes a malformed record for `key` beside the good ones, the way a bug or a hand edit
   * would. Absent for stores that cannot hold one (memory), or refuse a whole corrupt storage
   * (a file is moved aside whole: see file-store.test.ts).
   */
  corrupt?: (key: string) => Promise<void>;
  /** What the handles reported as skipped since they were opened (warnings, onError). */
  reported?: () => readonly string[];
  /** Releases the storage (temp directories, databases). */
  dispose?: () => Promise<void>;
}

/** What a store can be asked beyond the common core; the tests for the rest are skipped. */
export interface ConformanceCapabilities {
  /** `subscribe` tells one handle what another wrote. */
  hears: boolean;
  /** `close` releases a handle, which then rejects. */
  closes: boolean;
  /** `corrupt` can plant a malformed record that the store skips and reports. */
  skipsMalformed: boolean;
}

/** The user and workspace every grant of the suite belongs to; scoped stores are opened for it. */
export const CONFORMANCE_SCOPE = { userId: 'user-1', workspaceId: 'workspace-1' } as const;

const at = (ms: number) => new Date(Date.parse('2025-06-01T10:00:00.000Z') + ms).toISOString();

/** A well-formed grant whose key is the key of its scope (what the engine writes). */
export function conformanceGrant(tool: string, overrides: Partial<Grant> = {}): Grant {
  const scope: GrantScope = {
    ...CONFORMANCE_SCOPE,
    serverId: 'files',
    toolName: tool,
    ...(overrides.argsHash !== undefined && { argsHash: overrides.argsHash }),
  };
  return {
    key: grantKey(scope),
    ...scope,
    decision: 'allow',
    grantedAt: at(0),
    expiresAt: '2025-08-30T10:00:00.000Z',
    grantedBy: 'user-1',
    riskTier: 'medium',
    ...overrides,
  };
}

const byKey = (grants: Grant[]) => [...grants].sort((x, y) => (x.key < y.key ? -1 : 1));

/** Resolves once `condition` holds, polling; the timeout is a ceiling for a busy machine. */
const until = (condition: () => boolean | Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('not yet');
    },
    { timeout: 10_000, interval: 5 },
  );

export function storeConformance(
  name: string,
  open: () => Promise<ConformanceHandles>,
  can: ConformanceCapabilities,
): void {
  describe(`${name}: store conformance`, () => {
    let opened: ConformanceHandles[] = [];
    const start = async () => {
      const handles = await open();
      opened.push(handles);
      return handles;
    };
    afterEach(async () => {
      for (const { a, b, dispose } of opened) {
        a.close?.();
        b.close?.();
        await dispose?.();
      }
      opened = [];
    });

    it('round-trips grants of every shape, replaces by key, deletes and clears', async () => {
      const { a, b } = await start();
      const pinned = conformanceGrant('pinned', {
        pin: {
          hash: 'h',
          parts: { name: 'n', title: 't', description: 'd', inputSchema: 's', annotations: 'a' },
        },
      });
      const perArgs = conformanceGrant('per-args', {
        decision: 'deny',
        expiresAt: null,
        argsHash: 'abc',
        riskTier: 'high',
      });
      const plain = conformanceGrant('plain');
      await a.put(pinned);
      await a.put(perArgs);
      await a.put(plain);
      expect(byKey(await b.load())).toEqual(byKey([pinned, perArgs, plain]));

      const later = { ...plain, riskTier: 'high' as const, grantedAt: at(60_000) };
      await b.put(later);
      expect(byKey(await a.load())).toEqual(byKey([pinned, perArgs, later]));

      await a.delete(plain.key);
      await a.delete(conformanceGrant('never-stored').key);
      expect(byKey(await b.load())).toEqual(byKey([pinned, perArgs]));
      await b.clear();
      expect(await a.load()).toEqual([]);
    });

    it('lands every one of many concurrent puts from both handles', async () => {
      const { a, b } = await start();
      const grants = Array.from({ length: 40 }, (_, i) => conformanceGrant(`t${i}`));
      await Promise.all(grants.map((grant, i) => (i % 2 ? a : b).put(grant)));
      expect(byKey(await a.load())).toEqual(byKey(grants));
    });

    it('keeps the newer grant whatever order two writers put it in (last writer wins)', async () => {
      const { a, b } = await start();
      const older = conformanceGrant('k', { grantedAt: at(0) });
      const newer = conformanceGrant('k', { grantedAt: at(1_000), decision: 'deny' });
      await a.put(newer);
      await b.put(older);
      expect(await a.load()).toEqual([newer]);
      expect(await b.load()).toEqual([newer]);
      const newest = conformanceGrant('k', { grantedAt: at(2_000) });
      await b.put(newest);
      expect(await a.load()).toEqual([newest]);

      // In one millisecond a deny is newer than an allow, whoever writes last.
      const allow = conformanceGrant('tie', { grantedAt: at(5) });
      const deny = conformanceGrant('tie', { grantedAt: at(5), decision: 'deny' });
      await a.put(deny);
      await b.put(allow);
      expect((await a.load()).find((grant) => grant.key === deny.key)).toEqual(deny);
    });

    it('two writers answering and revoking the same keys at once converge on what the rules say', async () => {
      const { a, b } = await start();
      // Fixed times and decisions, so a failure replays; the order of arrival is the race.
      const ops: { change: StoreChange; run: () => Promise<void> }[] = [];
      const put = (store: GrantStore, grant: Grant) =>
        ops.push({ change: { type: 'put', grant }, run: () => store.put(grant) });
      const revoke = (store: GrantStore, key: string, revokedAt: string) =>
        ops.push({
          change: { type: 'delete', key, revokedAt },
          run: () => store.delete(key, undefined, revokedAt),
        });
      for (let i = 0; i < 30; i++) {
        const tool = `race${i}`;
        put(a, conformanceGrant(tool, { grantedAt: at((i * 7) % 50) }));
        const decision = i % 3 === 0 ? 'deny' : 'allow';
        put(b, conformanceGrant(tool, { grantedAt: at((i * 11) % 50), decision }));
        if (i % 4 !== 3) revoke(i % 2 ? a : b, conformanceGrant(tool).key, at((i * 13) % 50));
      }
      await Promise.all(ops.map((op) => op.run()));
      const expected = emptyStoreState();
      for (const { change } of ops) applyChange(expected, change);
      expect(byKey(await a.load())).toEqual(byKey([...expected.grants.values()]));
      expect(byKey(await b.load())).toEqual(byKey([...expected.grants.values()]));
      expect(expected.grants.size).toBeGreaterThan(5); // the mix leaves grants to lose
    });

    it('a delete of an older grant spares the newer one; a plain delete removes it', async () => {
      const { a, b } = await start();
      const k = (ms: number) => conformanceGrant('k', { grantedAt: at(ms) });
      await a.put(k(2_000));
      await b.delete(k(0).key, k(1_000));
      expect(await a.load()).toEqual([k(2_000)]);
      await b.delete(k(0).key, k(2_000));
      expect(await a.load()).toEqual([]);
      await a.put(k(3_000));
      await b.delete(k(0).key);
      expect(await a.load()).toEqual([]);
    });

    it('remembers a revoke: a late put of a grant given before it is refused by any handle', async () => {
      const { a, b } = await start();
      const k = (ms: number, decision: Grant['decision'] = 'allow') =>
        conformanceGrant('k', { grantedAt: at(ms), decision });
      await a.put(k(0));
      await a.delete(k(0).key, undefined, at(5_000));
      await b.put(k(3_000));
      expect(await a.load()).toEqual([]);
      expect(await b.load()).toEqual([]);
      if (b.loadState) {
        expect(await b.loadState()).toEqual({
          grants: [],
          revocations: [{ key: k(0).key, revokedAt: at(5_000) }],
          clearedAt: null,
        });
      }
      // An allow in the revoke's own millisecond is voided; a deny then stands (deny wins ties).
      await b.put(k(5_000));
      expect(await a.load()).toEqual([]);
      await b.put(k(5_000, 'deny'));
      expect(await a.load()).toEqual([k(5_000, 'deny')]);
      // An answer given after the revoke is a new grant, and the revoke is no longer needed.
      await b.put(k(6_000));
      expect(await a.load()).toEqual([k(6_000)]);
      if (a.loadState) {
        expect(await a.loadState()).toEqual({
          grants: [k(6_000)],
          revocations: [],
          clearedAt: null,
        });
      }
    });

    it('remembers the last clear: older grants stay out, newer ones come in', async () => {
      const { a, b } = await start();
      await a.put(conformanceGrant('x', { grantedAt: at(1_000) }));
      await a.delete(conformanceGrant('y').key, undefined, at(2_000));
      await a.clear(at(10_000));
      if (b.loadState) {
        expect(await b.loadState()).toEqual({ grants: [], revocations: [], clearedAt: at(10_000) });
      }
      const newer = conformanceGrant('z', { grantedAt: at(11_000) });
      await b.put(conformanceGrant('x', { grantedAt: at(9_000) }));
      await b.put(newer);
      expect(await a.load()).toEqual([newer]);
      // An older clear arriving late changes nothing.
      await b.clear(at(5_000));
      expect(await a.load()).toEqual([newer]);
      if (a.loadState) expect((await a.loadState()).clearedAt).toBe(at(10_000));
    });

    it.runIf(can.hears)(
      "hears another handle's puts, revokes, deletes and clear (replayed, they give its grants)",
      async () => {
        const { a, b } = await start();
        if (!b.subscribe) throw new Error(`${name} has no subscribe`);
        const heard: StoreChange[] = [];
        b.subscribe((change) => heard.push(change));
        const view = emptyStoreState();
        for (const grant of await b.load()) view.grants.set(grant.key, grant);
        const step = async (change: () => Promise<void>) => {
          const count = heard.length;
          await change();
          await until(() => heard.length > count);
          // Whatever else arrives for this step arrives before the store is read again.
          await until(async () => {
            const replayed = structuredClone(view);
            for (const item of heard) applyChange(replayed, item);
            const expected = byKey(await a.load());
            return (
              JSON.stringify(byKey([...replayed.grants.values()])) === JSON.stringify(expected)
            );
          });
        };
        const k = conformanceGrant('k');
        await step(() => a.put(conformanceGrant('k', { grantedAt: at(1_000) })));
        await step(() => a.put(conformanceGrant('other', { grantedAt: at(1_000) })));
        await step(() => a.put(conformanceGrant('k', { grantedAt: at(2_000), riskTier: 'high' })));
        await step(() => a.delete(k.key, undefined, at(3_000)));
        await step(() => a.delete(conformanceGrant('other').key));
        await step(() => a.put(conformanceGrant('after', { grantedAt: at(4_000) })));
        await step(() => a.clear(at(20_000)));
        expect(heard.some((change) => change.type === 'clear')).toBe(true);
        expect(heard).toContainEqual({
          type: 'put',
          grant: conformanceGrant('k', { grantedAt: at(2_000), riskTier: 'high' }),
        });
      },
    );

    it.runIf(can.hears)(
      'lets an engine on the other handle apply an allow always and a revoke without reloading',
      async () => {
        const { a, b } = await start();
        const one = await setup({ store: a });
        const two = await setup({ store: b });
        const call = callOf(tools.notesList, CONFORMANCE_SCOPE);
        try {
          await one.engine.request(call, scriptedUser('allow_always'));
          await until(() => two.engine.lookup(call).status === 'allow');
          await one.engine.revoke(one.engine.grants()[0]!);
          await until(() => two.engine.lookup(call).status === 'prompt');
          expect(two.engine.grants()).toEqual([]);
        } finally {
          one.engine.dispose();
          two.engine.dispose();
        }
      },
    );

    it.runIf(can.skipsMalformed)(
      'skips a malformed record and reports it, and serves the others',
      async () => {
        const { a, b, corrupt, reported } = await start();
        if (!corrupt) throw new Error(`${name} has no corrupt()`);
        const good = conformanceGrant('good', { expiresAt: null });
        await a.put(good);
        await corrupt(conformanceGrant('broken').key);
        expect(await b.load()).toEqual([good]);
        if (b.loadState) expect((await b.loadState()).grants).toEqual([good]);
        expect(reported?.().join('\n')).toContain(conformanceGrant('broken').key);
        // The engine on it allows what the good grant covers and asks for the rest.
        const { engine } = await setup({ store: b });
        expect(engine.grants()).toEqual([good]);
        engine.dispose();
      },
    );

    it.runIf(can.closes)('after close rejects every call and hears nothing more', async () => {
      const { a, b } = await start();
      if (!b.close) throw new Error(`${name} has no close`);
      const heard: StoreChange[] = [];
      b.subscribe?.((change) => heard.push(change));
      await b.load();
      b.close();
      await a.put(conformanceGrant('after-close'));
      await expect(b.load()).rejects.toThrow();
      await expect(b.put(conformanceGrant('refused'))).rejects.toThrow();
      expect(await a.load()).toEqual([conformanceGrant('after-close')]);
      expect(heard).toEqual([]);
    });
  });
}
