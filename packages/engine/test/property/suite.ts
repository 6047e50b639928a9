import { describe, expect, it } from 'vitest';
import { runNeverFailOpen } from './run.js';

/**
 * Half of the "never fail open" property runs (two files, so both cores work on them).
 * NEVER_FAIL_OPEN_RUNS is the total: 2 000 by default (in `npm test`), 100 000 in
 * `npm run test:nightly`. The invariant is described in run.ts.
 */
export function neverFailOpenSuite(part: string): void {
  const runs = Math.ceil(Number(process.env.NEVER_FAIL_OPEN_RUNS ?? 2000) / 2);
  describe(`never fail open: two processes, one store, random races (part ${part})`, () => {
    it(
      `holds over ${runs} random sequences`,
      { timeout: Math.max(60_000, runs * 50) },
      async () => {
        const started = performance.now();
        const counts = await runNeverFailOpen(runs);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `[never-fail-open ${part}] ${counts.runs} runs, ${counts.steps} steps, ${counts.requests} requests, ` +
            `${counts.prompts} prompts, ${counts.answeredAllows} answered allows, ` +
            `${counts.grantAllows} allows and ${counts.grantDenies} denies from grants, ` +
            `${counts.revokes} revokes, ${counts.delivered} changes delivered, ${counts.restarts} restarts, ` +
            `0 violations, ${seconds} s`,
        );
        expect(counts.runs).toBe(runs);
        expect(counts.grantAllows).toBeGreaterThan(0);
        expect(counts.grantDenies).toBeGreaterThan(0);
      },
    );
  });
}
