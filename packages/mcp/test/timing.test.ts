import { afterEach, describe, expect, test, vi } from 'vitest';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { MAX_TIMER_MS, type ElicitAnswer } from '../src/index.js';
import { setup, TRANSPORTS, textOf, type Harness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await harness?.close();
  harness = undefined;
});

const deleteGroceries = { name: 'notes_delete', arguments: { id: 'groceries' } };

/** A user who takes `ms` to answer the server's confirmation. */
function slowUser(ms: number, answer: ElicitAnswer = { action: 'accept', content: {} }) {
  return () => new Promise<ElicitAnswer>((resolve) => setTimeout(() => resolve(answer), ms));
}

/**
 * Like slowUser, plus a promise that settles when the question appears. Fake
 * time may only move then: hashing the arguments (WebCrypto) is real async work.
 */
function slowUserAsked(ms: number) {
  let asked!: () => void;
  const shown = new Promise<void>((resolve) => (asked = resolve));
  const elicit = () => {
    asked();
    return slowUser(ms)();
  };
  return { shown, elicit };
}

describe('a slow answer to a nested elicitation (70 s on fake timers)', () => {
  test('does not time out the tool call (SDK default 60 s) nor the server’s elicitation', async () => {
    const user = slowUserAsked(70_000);
    harness = await setup('memory', { guard: { elicit: user.elicit } });
    harness.human.script('allow_once');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const call = harness.guarded.callTool(deleteGroceries); // no timeout given: the SDK's 60 s budget
    await user.shown;
    await vi.advanceTimersByTimeAsync(70_000);
    const result = await call;
    expect(textOf(result)).toBe('✅ Deleted note "groceries".');
    vi.useRealTimers();
    expect((await harness.state()).notes).not.toHaveProperty('groceries');
  });

  test('control: the same call on the unguarded client times out after 60 s', async () => {
    harness = await setup('memory', { guard: { elicit: slowUser(70_000) } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const call = harness.raw.callTool(deleteGroceries);
    const failure = expect(call).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    await vi.advanceTimersByTimeAsync(70_000);
    await failure;
    vi.useRealTimers();
    expect((await harness.state()).notes).toHaveProperty('groceries');
  });

  test('control: a server that elicits with the SDK default 60 s loses the answer', async () => {
    const user = slowUserAsked(70_000);
    harness = await setup('memory', {
      guard: { elicit: user.elicit },
      demo: { elicitTimeoutMs: 60_000 },
    });
    harness.human.script('allow_once');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const call = harness.guarded.callTool(deleteGroceries);
    await user.shown;
    await vi.advanceTimersByTimeAsync(70_000);
    expect(textOf(await call)).toMatch(/not confirmed/);
    vi.useRealTimers();
    expect((await harness.state()).notes).toHaveProperty('groceries');
  });
});

describe('a slow answer to the permission prompts (70 s on fake timers)', () => {
  test('the permission prompt and the dry-run preview run before any SDK request starts', async () => {
    harness = await setup('memory', { demo: { dryRun: false } });
    let shown!: () => void;
    let next = new Promise<void>((resolve) => (shown = resolve));
    const slowHuman = async () => {
      shown();
      await new Promise((resolve) => setTimeout(resolve, 70_000));
      return 'allow_once' as const;
    };
    harness.human.script(slowHuman, slowHuman);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const call = harness.guarded.callTool({
      name: 'messages_send',
      arguments: { channel: 'c', text: 't' },
    });
    for (let prompt = 0; prompt < 2; prompt += 1) {
      await next;
      next = new Promise<void>((resolve) => (shown = resolve));
      await vi.advanceTimersByTimeAsync(70_000);
    }
    expect(textOf(await call)).toBe('Sent to #c.');
    vi.useRealTimers();
    expect((await harness.state()).messages).toEqual([{ channel: 'c', text: 't' }]);
  });
});

describe.each(TRANSPORTS)(
  'the call timeout counts server time only, over %s (real time)',
  (kind) => {
    test('a 500 ms budget survives a 1 s answer, but not a 1 s server', async () => {
      harness = await setup(kind, { guard: { elicit: slowUser(1000) } });
      harness.human.script('allow_once', 'allow_once');
      const confirmed = await harness.guarded.callTool(deleteGroceries, undefined, {
        timeout: 500,
      });
      expect(textOf(confirmed)).toBe('✅ Deleted note "groceries".');

      const slowServer = harness.guarded.callTool(
        { name: 'demo_sleep', arguments: { ms: 1000 } },
        undefined,
        {
          timeout: 500,
        },
      );
      await expect(slowServer).rejects.toBeInstanceOf(McpError);
      await expect(slowServer).rejects.toMatchObject({
        code: ErrorCode.RequestTimeout,
        data: { timeout: 500 },
      });
    });
  },
);

describe('without an elicit renderer (no user time can be spent inside a call)', () => {
  test('the call goes to the SDK with the caller’s options: its own timeout, same budget and error', async () => {
    harness = await setup('memory', { demo: { dryRun: false } });
    harness.human.script('allow_always');
    const sdkCall = vi.spyOn(harness.raw, 'callTool');
    const requestOptions = { timeout: 300 };
    const slowServer = harness.guarded.callTool(
      { name: 'demo_sleep', arguments: { ms: 1000 } },
      undefined,
      requestOptions,
    );
    await expect(slowServer).rejects.toMatchObject({
      code: ErrorCode.RequestTimeout,
      data: { timeout: 300 },
    });
    expect(sdkCall).toHaveBeenCalledTimes(1);
    // The caller's options, plus a progress callback (so a progress token is sent) and the
    // reset on progress (issue 18); no timer wrapper.
    expect(sdkCall.mock.calls[0]![2]).toEqual({
      ...requestOptions,
      resetTimeoutOnProgress: true,
      onprogress: expect.any(Function),
    });
    // Still asked once and audited on every call: the fast path skips only the timer wrapper.
    const done = await harness.guarded.callTool({ name: 'demo_sleep', arguments: { ms: 0 } });
    expect(done.isError).toBeFalsy();
    expect(harness.human.requests).toHaveLength(1);
    expect(harness.audit.map((event) => event.origin)).toEqual(['user_prompt', 'cache_hit']);
  });

  test('with a renderer the wrapper parks the SDK’s timer and keeps the budget itself', async () => {
    harness = await setup('memory', { demo: { dryRun: false }, guard: { elicit: slowUser(0) } });
    harness.human.script('allow_once');
    const sdkCall = vi.spyOn(harness.raw, 'callTool');
    await harness.guarded.callTool({ name: 'demo_sleep', arguments: { ms: 0 } }, undefined, {
      timeout: 300,
    });
    expect(sdkCall.mock.calls[0]![2]).toMatchObject({ timeout: MAX_TIMER_MS });
    expect(sdkCall.mock.calls[0]![2]?.signal).toBeInstanceOf(AbortSignal);
  });
});

/** A human who answers the permission prompt after `ms`. */
const slowAllowOnce = (ms: number) => () =>
  new Promise<'allow_once'>((resolve) => setTimeout(() => resolve('allow_once'), ms));

describe.each(['stdio', 'http'] as const)(
  'a user slower than the call timeout, across processes over %s (real time)',
  (kind) => {
    test('timeout 1 s; the permission prompt and the confirmation each answered after 2 s: the note is deleted', async () => {
      // The server's own elicitation timeout (--elicit-timeout-ms) is the server's choice: 5 s here.
      harness = await setup(kind, {
        demo: { elicitTimeoutMs: 5000 },
        guard: { elicit: slowUser(2000) },
      });
      harness.human.script(slowAllowOnce(2000));
      const result = await harness.guarded.callTool(deleteGroceries, undefined, { timeout: 1000 });
      expect(textOf(result)).toBe('✅ Deleted note "groceries".');
      expect((await harness.state()).notes).not.toHaveProperty('groceries');
    });

    test('control: a server started with --elicit-timeout-ms 1000 loses the 2 s answer and keeps the note', async () => {
      harness = await setup(kind, {
        demo: { elicitTimeoutMs: 1000 },
        guard: { elicit: slowUser(2000) },
      });
      harness.human.script('allow_once');
      const result = await harness.guarded.callTool(deleteGroceries, undefined, { timeout: 1000 });
      expect(textOf(result)).toMatch(/was not confirmed \(MCP error -32001: Request timed out\)/);
      const state = await harness.state();
      expect(state.notes).toHaveProperty('groceries');
      expect(state.elicitations).toEqual([
        { tool: 'notes_delete', mode: 'form', action: 'unavailable' },
      ]);
    });
  },
);
