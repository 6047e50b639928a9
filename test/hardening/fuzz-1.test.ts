import { describe, it } from 'vitest';
import { fuzzInvariant } from './fuzz-invariant.js';

/** Half of the fuzzed invariant (HARDENING_FUZZ_RUNS = total runs, default 100 000). */
const RUNS = Math.ceil(Number(process.env.HARDENING_FUZZ_RUNS ?? 100_000) / 2);

describe('fuzz: no allow without an allow answer or a live allow grant (part 1 of 2)', () => {
  it(`holds over ${RUNS} runs of annotations, trust, _meta, arguments and answers`, async () => {
    await fuzzInvariant(RUNS, '1/2');
  });
});
