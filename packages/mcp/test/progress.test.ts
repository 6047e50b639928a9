import { afterEach, describe, expect, test } from 'vitest';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitAnswer } from '../src/index.js';
import { setup, TIMEOUT_CODE, TRANSPORTS, textOf, type Harness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** demo_sleep: 4 parts of 200 ms, a progress notification (parts done) as each starts. */
const sleepWithProgress = { name: 'demo_sleep', arguments: { ms: 800, steps: 4 } };
const expected = [0, 1, 2, 3].map((done) => ({
  progress: done,
  total: 4,
  message: `${done} of 4`,
}));

// Without an elicit renderer the caller's options go to the SDK as they are; with one, the kit's
// timer wrapper forwards them (and restarts its own budget on progress).
const renderers = [
  ['without an elicit renderer', undefined],
  ['with an elicit renderer', (): ElicitAnswer => ({ action: 'decline' })],
] as const;

describe.each(TRANSPORTS)('progress through the guarded client over %s', (kind) => {
  describe.each(renderers)('%s', (_label, elicit) => {
    test('onprogress gets every notification; resetting on progress keeps a 600 ms budget alive for 800 ms', async () => {
      harness = await setup(kind, { guard: elicit ? { elicit } : {} });
      harness.human.script('allow_always');
      const seen: Progress[] = [];
      const result = await harness.guarded.callTool(sleepWithProgress, undefined, {
        onprogress: (progress) => void seen.push(progress),
        timeout: 600,
        resetTimeoutOnProgress: true,
      });
      expect(textOf(result)).toBe('Slept 800 ms.');
      expect(seen).toEqual(expected);

      // Control: the same call with resetTimeoutOnProgress: false runs out of its 600 ms (the
      // guard resets on progress by default, issue 18).
      const early: Progress[] = [];
      await expect(
        harness.guarded.callTool(sleepWithProgress, undefined, {
          onprogress: (progress) => void early.push(progress),
          timeout: 600,
          resetTimeoutOnProgress: false,
        }),
      ).rejects.toMatchObject({ code: TIMEOUT_CODE, data: { timeout: 600 } });
      expect(early.length).toBeLessThan(4);
      expect(harness.human.requests).toHaveLength(1); // allow always: the second call was a cache hit
    });
  });
});
