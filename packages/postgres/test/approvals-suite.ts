import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createManualClock,
  type Choice,
  type GrantStore,
  type PromptRequest,
} from '@mcp-consent/engine';
import {
  postgresApprovals,
  postgresGrantStore,
  type PostgresApprovals,
  type PostgresApprovalsOptions,
  type Queryable,
} from '@mcp-consent/postgres';
import { callOf, setup, tools } from '../../engine/test/helpers.js';

/** Host instances on one database: each `instance()` is a handle of its own (a pool, or PGlite). */
export interface ApprovalsDatabase {
  instance(): Queryable;
  /** For reading rows as they are, outside the queue. */
  admin: Queryable;
}

const alice = { userId: 'alice', workspaceId: 'ws-1' };
const RECHECK_MS = 1_000;
const TIMEOUT_MS = 60_000;

const until = (condition: () => boolean | Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('not yet');
    },
    { timeout: 10_000, interval: 5 },
  );

/**
 * The approval queue of seed 004, run on PGlite and on a real PostgreSQL server: an engine on
 * instance A asks through the queue; instance B (another device of the same user) lists the
 * prompt and answers it.
 */
export function approvalsSuite(name: string, open: () => Promise<ApprovalsDatabase>): void {
  describe(name, () => {
    const cleanup: (() => unknown)[] = [];
    afterEach(async () => {
      for (const close of cleanup.splice(0).reverse()) await close();
    });

    function queue(db: Queryable, options: Partial<PostgresApprovalsOptions> = {}) {
      const approvals = postgresApprovals({
        db,
        scope: { userId: 'alice' },
        instanceId: 'B',
        ...options,
      });
      cleanup.push(() => approvals.close());
      return approvals;
    }

    /** Instance A: an engine whose prompts are rows, on a manual clock shared with its queue. */
    async function engineOnA(
      db: Queryable,
      options: { store?: GrantStore; notifications?: false; timeoutMs?: number } = {},
    ) {
      const clock = createManualClock(Date.UTC(2026, 10, 21));
      const approvals = queue(db, {
        scope: alice,
        instanceId: 'A',
        clock,
        recheckMs: RECHECK_MS,
        timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
        ...(options.notifications === false && { notifications: false }),
      });
      /** What the queue answered each prompt, in order. */
      const answers: Promise<Choice>[] = [];
      const made = await setup({
        clock,
        ...(options.store && { store: options.store }),
      });
      cleanup.push(() => made.engine.dispose());
      const prompt = (request: PromptRequest) => {
        const answer = approvals.enqueue(request, { signal: request.signal });
        answers.push(answer);
        return answer;
      };
      return { ...made, clock, approvals, prompt, answers };
    }

    const stateOf = async (admin: Queryable, id: string) =>
      (
        await admin.query('SELECT state, resolved_by FROM mcp_consent_approvals WHERE id = $1', [
          id,
        ])
      ).rows[0] as { state: string; resolved_by: string | null } | undefined;

    /**
     * `real` with its queries watched: A reads its row once right after queuing it, and under
     * load that read can still be on its way when a test breaks the connection or B answers,
     * and would then see the answer. `settled()` waits for every read to end; `break()` makes
     * each query after it fail as a lost connection would.
     */
    function watched(real: Queryable) {
      const reading = new Set<Promise<unknown>>();
      let broken = false;
      const db: Queryable = {
        query: (text, params) => {
          if (broken) return Promise.reject(new Error('connection lost'));
          const query = real.query(text, params);
          reading.add(query);
          query.finally(() => reading.delete(query)).catch(() => undefined);
          return query;
        },
      };
      return {
        db,
        settled: () => until(() => reading.size === 0),
        break: () => void (broken = true),
      };
    }

    /** Waits until A's queue has set its timeout and its re-check on the manual clock. */
    const armed = (clock: { pendingTimers(): number }) => until(() => clock.pendingTimers() >= 2);

    /** Waits for B to see `count` pending approvals; returns them. */
    async function pendingOn(b: PostgresApprovals, count: number) {
      let list = await b.listPending();
      await until(async () => (list = await b.listPending()).length === count);
      return list;
    }

    it('B lists the call A asks about and allows it once: A runs it once; a second resolve is refused', async () => {
      const database = await open();
      const a = await engineOnA(database.instance());
      const b = queue(database.instance());
      const call = callOf(tools.notesPut, { ...alice, args: { id: 'n1', text: 'hi' } });

      const result = a.engine.request(call, { prompt: a.prompt });
      const [pending] = await pendingOn(b, 1);
      expect(pending).toMatchObject({
        workspaceId: 'ws-1',
        serverId: 'notes',
        toolName: 'notes_put',
        requestedBy: 'A',
        summary: {
          kind: 'permission',
          toolName: 'notes_put',
          riskTier: expect.any(String),
          argsPreview: '{"id":"n1","text":"hi"}',
          answers: ['allow_once', 'allow_always', 'deny_once', 'deny_always'],
        },
      });
      expect(pending!.expiresAt).toBeGreaterThan(pending!.createdAt);

      expect(await b.resolve(pending!.id, 'allow_once')).toEqual({ ok: true });
      expect(await result).toMatchObject({
        allowed: true,
        choice: 'allow_once',
        settledBy: 'answer',
      });
      expect(await stateOf(database.admin, pending!.id)).toEqual({
        state: 'allow_once',
        resolved_by: 'B',
      });
      expect(await b.resolve(pending!.id, 'allow_once')).toEqual({
        ok: false,
        reason: 'not_pending',
      });
      expect(await b.resolve(pending!.id, 'deny_once')).toEqual({
        ok: false,
        reason: 'not_pending',
      });
      expect(await b.listPending()).toEqual([]);

      // Once: the next identical call asks again (a new row), and nothing answers it by itself.
      expect(a.engine.lookup(call).status).toBe('prompt');
      const again = a.engine.request(call, { prompt: a.prompt });
      const [next] = await pendingOn(b, 1);
      expect(next!.id).not.toBe(pending!.id);
      expect(await b.resolve(next!.id, 'deny_once')).toEqual({ ok: true });
      expect(await again).toMatchObject({ allowed: false, choice: 'deny_once' });
    });

    it('tells the id once the row is stored: the caller resolves its own row by it', async () => {
      const database = await open();
      const b = queue(database.instance());
      const a = await engineOnA(database.instance());
      let queued: string | undefined;
      const result = a.engine.request(callOf(tools.notesPut, alice), {
        prompt: (request) =>
          a.approvals.enqueue(request, { onQueued: (id) => (queued = id), signal: request.signal }),
      });
      await until(() => queued !== undefined);
      const [pending] = await b.listPending();
      expect(pending?.id).toBe(queued);
      expect(await a.approvals.resolve(queued!, 'deny_once')).toEqual({ ok: true });
      expect(await result).toMatchObject({ allowed: false, choice: 'deny_once' });
      expect(await b.resolve(queued!, 'allow_once')).toEqual({ ok: false, reason: 'not_pending' });
    });

    it("another user can neither list nor resolve alice's approval", async () => {
      const database = await open();
      const a = await engineOnA(database.instance());
      const b = queue(database.instance());
      const mallory = queue(database.instance(), { scope: { userId: 'mallory' }, instanceId: 'M' });
      const aliceElsewhere = queue(database.instance(), {
        scope: { userId: 'alice', workspaceId: 'ws-2' },
      });
      const result = a.engine.request(callOf(tools.notesPut, alice), { prompt: a.prompt });
      const [pending] = await pendingOn(b, 1);

      expect(await mallory.listPending()).toEqual([]);
      expect(await aliceElsewhere.listPending()).toEqual([]);
      expect(await mallory.resolve(pending!.id, 'allow_once')).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect(await aliceElsewhere.resolve(pending!.id, 'allow_once')).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect(await stateOf(database.admin, pending!.id)).toEqual({
        state: 'pending',
        resolved_by: null,
      });
      expect(await b.resolve('no-such-id', 'allow_once')).toEqual({
        ok: false,
        reason: 'not_found',
      });

      expect(await b.resolve(pending!.id, 'deny_always')).toEqual({ ok: true });
      expect(await result).toMatchObject({ allowed: false, choice: 'deny_always' });
    });

    it('two resolves at once, allow and deny: exactly one wins and A gets that one', async () => {
      const database = await open();
      const a = await engineOnA(database.instance());
      const b = queue(database.instance());
      const c = queue(database.instance(), { instanceId: 'C' });
      const result = a.engine.request(callOf(tools.notesPut, alice), { prompt: a.prompt });
      const [pending] = await pendingOn(b, 1);

      const outcomes = await Promise.all([
        b.resolve(pending!.id, 'allow_once'),
        c.resolve(pending!.id, 'deny_once'),
      ]);
      const winners = outcomes.flatMap((outcome, index) =>
        outcome.ok ? [index === 0 ? 'allow_once' : 'deny_once'] : [],
      );
      expect(winners).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
        { ok: false, reason: 'not_pending' },
      ]);
      const row = await stateOf(database.admin, pending!.id);
      expect(row?.state).toBe(winners[0]);
      expect(row?.resolved_by).toBe(winners[0] === 'allow_once' ? 'B' : 'C');
      expect(await result).toMatchObject({
        choice: winners[0],
        allowed: winners[0] === 'allow_once',
      });
    });

    it('a timeout settles the row as expired and denies the call; a late resolve is refused', async () => {
      const database = await open();
      const a = await engineOnA(database.instance());
      const b = queue(database.instance());
      const result = a.engine.request(callOf(tools.notesPut, alice), { prompt: a.prompt });
      const [pending] = await pendingOn(b, 1);

      await armed(a.clock);
      a.clock.advance(TIMEOUT_MS);
      expect(await a.answers[0]).toBe('deny_once');
      expect(await result).toMatchObject({ allowed: false, choice: 'deny_once' });
      expect(await stateOf(database.admin, pending!.id)).toEqual({
        state: 'expired',
        resolved_by: 'A',
      });
      expect(await b.resolve(pending!.id, 'allow_once')).toEqual({
        ok: false,
        reason: 'not_pending',
      });
      expect(await b.listPending()).toEqual([]);
    });

    it('an abort settles the row as aborted and denies the call', async () => {
      const database = await open();
      const a = await engineOnA(database.instance());
      const b = queue(database.instance());
      const controller = new AbortController();
      const result = a.engine.request(callOf(tools.notesPut, alice), {
        prompt: a.prompt,
        signal: controller.signal,
      });
      const [pending] = await pendingOn(b, 1);

      controller.abort();
      expect(await result).toMatchObject({ allowed: false, settledBy: 'abort' });
      expect(await a.answers[0]).toBe('deny_once');
      expect(await stateOf(database.admin, pending!.id)).toEqual({
        state: 'aborted',
        resolved_by: 'A',
      });
      expect(await b.resolve(pending!.id, 'allow_once')).toEqual({
        ok: false,
        reason: 'not_pending',
      });
    });

    it('Allow always from B stores a grant: the next call on A is a cache hit', async () => {
      const database = await open();
      const store = postgresGrantStore({ db: database.instance(), scope: alice });
      cleanup.push(() => store.close());
      const a = await engineOnA(database.instance(), { store });
      const b = queue(database.instance());
      const call = callOf(tools.notesPut, alice);
      const result = a.engine.request(call, { prompt: a.prompt });
      const [pending] = await pendingOn(b, 1);

      expect(await b.resolve(pending!.id, 'allow_always')).toEqual({ ok: true });
      expect(await result).toMatchObject({ allowed: true, choice: 'allow_always' });
      const elsewhere = postgresGrantStore({ db: database.instance(), scope: alice });
      cleanup.push(() => elsewhere.close());
      await until(async () => (await elsewhere.load()).length === 1);
      expect((await elsewhere.load())[0]).toMatchObject({
        toolName: 'notes_put',
        decision: 'allow',
      });
      expect(await a.engine.request(call, { prompt: a.prompt })).toMatchObject({
        allowed: true,
        settledBy: 'grant',
      });
      expect(a.answers).toHaveLength(1);
    });

    it('refuses an answer the prompt did not offer: no Allow always for a destructive tool', async () => {
      const database = await open();
      const a = await engineOnA(database.instance());
      const b = queue(database.instance());
      const result = a.engine.request(callOf(tools.notesDelete, alice), { prompt: a.prompt });
      const [pending] = await pendingOn(b, 1);
      expect(pending!.summary.answers).not.toContain('allow_always');

      expect(await b.resolve(pending!.id, 'allow_always')).toEqual({
        ok: false,
        reason: 'not_offered',
      });
      expect(await stateOf(database.admin, pending!.id)).toMatchObject({ state: 'pending' });
      expect(await b.resolve(pending!.id, 'deny_once')).toEqual({ ok: true });
      expect(await result).toMatchObject({ allowed: false });
    });

    it("keeps a server's text as data: markup and control characters stay in the JSON, unrendered", async () => {
      const database = await open();
      const a = await engineOnA(database.instance());
      const b = queue(database.instance());
      const text = '<img src=x onerror=alert(1)>\u0000\u001b[31m';
      const tool = { ...tools.notesPut, name: 'notes_put\u0000<b>' };
      const result = a.engine.request(callOf(tool, { ...alice, args: { text } }), {
        prompt: a.prompt,
      });
      const [pending] = await pendingOn(b, 1);
      expect(pending!.toolName).toBe('notes_put\uFFFD<b>');
      expect(JSON.parse(pending!.summary.argsPreview!)).toEqual({ text });
      expect(await b.resolve(pending!.id, 'deny_once')).toEqual({ ok: true });
      expect(await result).toMatchObject({ allowed: false });
    });

    it('with no NOTIFY, A still hears the answer on its next re-check', async () => {
      const database = await open();
      const onA = watched(database.instance());
      const a = await engineOnA(onA.db, { notifications: false });
      const b = queue(database.instance());
      const result = a.engine.request(callOf(tools.notesPut, alice), { prompt: a.prompt });
      const [pending] = await pendingOn(b, 1);
      await armed(a.clock);
      await onA.settled();
      expect(await b.resolve(pending!.id, 'allow_once')).toEqual({ ok: true });

      let answered = false;
      void a.answers[0]!.then(() => (answered = true));
      // Nothing tells A: it learns the answer only when its clock says to look again.
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(false);
      a.clock.advance(RECHECK_MS);
      expect(await result).toMatchObject({ allowed: true, choice: 'allow_once' });
    });

    it('when A cannot read its row, the call is denied at the timeout, even if B allowed it', async () => {
      const database = await open();
      const onA = watched(database.instance());
      const warnings: string[] = [];
      const clock = createManualClock(Date.UTC(2026, 10, 21));
      const approvals = queue(onA.db, {
        scope: alice,
        instanceId: 'A',
        clock,
        recheckMs: RECHECK_MS,
        timeoutMs: TIMEOUT_MS,
        notifications: false,
        warn: (message) => warnings.push(message),
      });
      const made = await setup({ clock });
      cleanup.push(() => made.engine.dispose());
      const held: Promise<Choice>[] = [];
      const result = made.engine.request(callOf(tools.notesPut, alice), {
        prompt: (request) => {
          held.push(approvals.enqueue(request, { signal: request.signal }));
          return held[0]!;
        },
      });
      const b = queue(database.instance());
      const [pending] = await pendingOn(b, 1);
      await armed(clock);
      await onA.settled();
      onA.break();
      expect(await b.resolve(pending!.id, 'allow_once')).toEqual({ ok: true });

      clock.advance(RECHECK_MS);
      await until(() => warnings.length > 0);
      clock.advance(TIMEOUT_MS);
      expect(await held[0]).toBe('deny_once');
      expect(await result).toMatchObject({ allowed: false });
      expect(warnings.join('\n')).toMatch(/could not/);
    });
  });
}
