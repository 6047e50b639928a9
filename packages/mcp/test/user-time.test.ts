import { afterEach, describe, expect, test, vi } from 'vitest';
import { ErrorCode, type Progress } from '@modelcontextprotocol/sdk/types.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { MAX_TIMER_MS, UserTimeGate, withUserTimeExcluded } from '../src/index.js';

afterEach(() => void vi.useRealTimers());

/** A request that never answers on its own and records the options the SDK would get. */
function pendingRequest() {
  const seen: RequestOptions[] = [];
  const run = (options: RequestOptions) => {
    seen.push(options);
    return new Promise<string>((_, reject) =>
      options.signal?.addEventListener('abort', () => reject(options.signal?.reason)),
    );
  };
  return { seen, run };
}

describe('withUserTimeExcluded', () => {
  test('times out after the budget with the SDK’s error, parking the SDK’s own timer', async () => {
    vi.useFakeTimers();
    const request = pendingRequest();
    const result = withUserTimeExcluded(new UserTimeGate(), { timeout: 1000 }, request.run);
    const failure = expect(result).rejects.toMatchObject({
      code: ErrorCode.RequestTimeout,
      data: { timeout: 1000 },
    });
    expect(request.seen[0]?.timeout).toBe(MAX_TIMER_MS);
    await vi.advanceTimersByTimeAsync(999);
    await vi.advanceTimersByTimeAsync(1);
    await failure;
  });

  test('defaults to the SDK’s 60 s', async () => {
    vi.useFakeTimers();
    const result = withUserTimeExcluded(new UserTimeGate(), undefined, pendingRequest().run);
    const failure = expect(result).rejects.toMatchObject({ data: { timeout: 60_000 } });
    await vi.advanceTimersByTimeAsync(60_000);
    await failure;
  });

  test('the clock stops while the user answers and resumes with what was left', async () => {
    vi.useFakeTimers();
    const gate = new UserTimeGate();
    let settled = false;
    const result = withUserTimeExcluded(gate, { timeout: 1000 }, pendingRequest().run).catch(
      (error: unknown) => {
        settled = true;
        throw error;
      },
    );
    result.catch(() => {});
    await vi.advanceTimersByTimeAsync(600);
    const leave = gate.enter();
    const leaveNested = gate.enter(); // two prompts at once: paused until both close
    await vi.advanceTimersByTimeAsync(100_000);
    leave();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(settled).toBe(false);
    leaveNested();
    await vi.advanceTimersByTimeAsync(399);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  test('resetTimeoutOnProgress restarts the budget; progress still reaches the caller', async () => {
    vi.useFakeTimers();
    const request = pendingRequest();
    const progress: Progress[] = [];
    let settled = false;
    const result = withUserTimeExcluded(
      new UserTimeGate(),
      { timeout: 1000, resetTimeoutOnProgress: true, onprogress: (p) => void progress.push(p) },
      request.run,
    ).catch(() => void (settled = true));
    await vi.advanceTimersByTimeAsync(900);
    request.seen[0]?.onprogress?.({ progress: 1 });
    await vi.advanceTimersByTimeAsync(900);
    expect(settled).toBe(false);
    expect(progress).toEqual([{ progress: 1 }]);
    await vi.advanceTimersByTimeAsync(100);
    await result;
    expect(settled).toBe(true);
  });

  test('the caller’s own signal and other options pass through', async () => {
    const controller = new AbortController();
    const request = pendingRequest();
    const result = withUserTimeExcluded(
      new UserTimeGate(),
      { signal: controller.signal, maxTotalTimeout: 5 },
      request.run,
    );
    expect(request.seen[0]).toMatchObject({ maxTotalTimeout: 5 });
    expect(request.seen[0]?.onprogress).toBeUndefined(); // no progress token added behind the caller's back
    controller.abort(new Error('host gave up'));
    await expect(result).rejects.toThrow('host gave up');
  });
});
