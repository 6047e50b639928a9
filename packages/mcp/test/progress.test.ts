import { afterEach, describe, expect, test } from 'vitest';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitAnswer } from '../src/index.js';
import { setup, TIMEOUT_CODE, TRANSPORTS, textOf, type Harness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/**
 * demo_sleep: 8 parts of 200 ms, a progress notification (parts done) as each starts. The
 * budget is 1 000 ms: a notification may come 800 ms late on a loaded machine and the call still
 * lives only because of the resets, while the whole call (1 600 ms) outlasts the budget.
 */
const sleepWithProgress = { name: 'demo_sleep', arguments: { ms: 1600, steps: 8 } };
const BUDGET_MS = 1000;
const expected = [0, 1, 2, 3, 4, 5, 6, 7].map((done) => ({
  progress: done,
  total: 8,
  message: `${done} of 8`,
}));

// Without an elicit renderer the caller's options go to the SDK as they are; with one, the kit's
// timer wrapper forwards them (and restarts its own budget on progress).
const renderers = [
  ['without an elicit renderer', undefined],
  ['with an elicit renderer', (): ElicitAnswer => ({ action: 'decline' })],
] as const;

describe.each(TRANSPORTS)('progress through the guarded client over %s', (kind) => {
  describe.each(renderers)('%s', (_label, elicit) => {
    test('onprogress gets every notification; resetting on progress keeps a 1 s budget alive for 1.6 s', async () => {
      harness = await setup(kind, { guard: elicit ? { elicit } : {} });
      harness.human.script('allow_always');
      const seen: Progress[] = [];
      const result = await harness.guarded.callTool(sleepWithProgress, undefined, {
        onprogress: (progress) => void seen.push(progress),
        timeout: BUDGET_MS,
        resetTimeoutOnProgress: true,
      });
      expect(textOf(result)).toBe('Slept 1600 ms.');
      expect(seen).toEqual(expected);

      // Control: the same call with resetTimeoutOnProgress: false runs out of its budget (the
      // guard resets on progress by default, issue 18).
      const early: Progress[] = [];
      await expect(
        harness.guarded.callTool(sleepWithProgress, undefined, {
          onprogress: (progress) => void early.push(progress),
          timeout: BUDGET_MS,
          resetTimeoutOnProgress: false,
        }),
      ).rejects.toMatchObject({ code: TIMEOUT_CODE, data: { timeout: BUDGET_MS } });
      expect(early.length).toBeLessThan(expected.length);
      expect(harness.human.requests).toHaveLength(1); // allow always: the second call was a cache hit
    });
  });
});
