/**
 * Progress and time against the real server-everything: every gated call carries a progress
 * token, progress reaches the caller and the host (sanitized), and the timeout restarts on
 * progress unless the caller says otherwise. The 70 s run uses the server's shortened clock
 * (support/fast-clock.mjs): no timed assertion, only which call outlives its timeout.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, type Progress } from '@modelcontextprotocol/sdk/types.js';
import type { ProgressEvent } from '../src/index.js';
import {
  everything,
  FAST_CLOCK,
  FAST_CLOCK_SCALE,
  type Everything,
  type EverythingTransport,
} from './everything.js';
import { textOf } from './harness.js';

let server: Everything | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** 6 steps of 250 ms: 1.5 s in all, one progress notification after each step. */
const longRun = {
  name: 'trigger-long-running-operation',
  arguments: { duration: 1.5, steps: 6 },
};
const steps = [1, 2, 3, 4, 5, 6].map((progress) => ({ progress, total: 6 }));

/** Issue 18: 70 s in 14 steps of 5 s, run on the server's shortened clock (3.5 s, steps of 250 ms). */
const seventySeconds = {
  name: 'trigger-long-running-operation',
  arguments: { duration: 70, steps: 14 },
};
/** The SDK's default request timeout on the same clock: 3 s, shorter than the whole run. */
const scaledDefaultTimeout = DEFAULT_REQUEST_TIMEOUT_MSEC / FAST_CLOCK_SCALE;

/**
 * Every step, in order. SDK 1.x runs notification handlers a microtask late, so the LAST
 * notification, read in the same chunk as the result (stdio), may find its call already
 * settled and be dropped by the SDK; every earlier one must arrive.
 */
function expectSteps(seen: readonly object[], expected: readonly object[]) {
  expect(seen.length).toBeGreaterThanOrEqual(expected.length - 1);
  expect(seen).toEqual(expected.slice(0, seen.length));
}

describe('a 70 s operation on a shortened clock (stdio)', () => {
  test('completes only because each progress restarts the default timeout; the host sees every step', async () => {
    const seen: ProgressEvent[] = [];
    server = await everything(
      'stdio',
      { onProgress: (event) => void seen.push(event) },
      {},
      FAST_CLOCK,
    );
    server.human.script('allow_always');
    // No onprogress from the caller: the guard still sends a token, and resets by default.
    const result = await server.guarded.callTool(seventySeconds, undefined, {
      timeout: scaledDefaultTimeout,
    });
    expect(textOf(result)).toBe(
      'Long running operation completed. Duration: 70 seconds, Steps: 14.',
    );
    expectSteps(
      seen,
      Array.from({ length: 14 }, (_, index) => ({
        tool: seventySeconds.name,
        progress: index + 1,
        total: 14,
      })),
    );

    // Control: without the reset the same budget runs out before the operation ends (-32001).
    await expect(
      server.guarded.callTool(seventySeconds, undefined, {
        timeout: scaledDefaultTimeout,
        resetTimeoutOnProgress: false,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    expect(server.human.requests).toHaveLength(1); // allow always: the control was a cache hit
  });
});

// Over stdio the 70 s run above covers the reset and the host's progress.
describe('progress over http', () => {
  test('a call longer than its timeout completes: the caller and the host see every step', async () => {
    const seen: ProgressEvent[] = [];
    server = await everything('http', { onProgress: (event) => void seen.push(event) });
    server.human.script('allow_always');
    // The caller's own onprogress gets the same notifications, as the server sent them.
    const caller: Progress[] = [];
    const result = await server.guarded.callTool(longRun, undefined, {
      timeout: 1000,
      onprogress: (progress) => void caller.push(progress),
    });
    expect(textOf(result)).toBe(
      'Long running operation completed. Duration: 1.5 seconds, Steps: 6.',
    );
    expectSteps(caller, steps);
    expectSteps(
      seen,
      steps.map((step) => ({ tool: longRun.name, ...step })),
    );

    // Control: the caller opts out of the reset, so the same budget runs out (-32001).
    await expect(
      server.guarded.callTool(longRun, undefined, { timeout: 1000, resetTimeoutOnProgress: false }),
    ).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    expect(server.human.requests).toHaveLength(1); // allow always: later calls were cache hits
  });
});

describe.each<EverythingTransport>(['stdio', 'http'])('progress over %s', (kind) => {
  test('with an elicit renderer (the user-time wrapper) the reset holds too', async () => {
    server = await everything(kind, { elicit: () => ({ action: 'decline' }) });
    server.human.script('allow_once', 'allow_once');
    const result = await server.guarded.callTool(longRun, undefined, { timeout: 1000 });
    expect(textOf(result)).toContain('Long running operation completed.');
    await expect(
      server.guarded.callTool(longRun, undefined, { timeout: 1000, resetTimeoutOnProgress: false }),
    ).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
  });
});
