import { sourceProject } from '../support/vitest-project.js';

/**
 * The kit's promises, measured (issue 10): fuzzed invariant, faults, concurrency, crash safety,
 * hostile servers against every renderer, package hygiene. Each suite prints one `[hardening]` line.
 */
export default sourceProject('hardening', {
  include: ['**/*.test.ts'],
  testTimeout: 300_000,
  hookTimeout: 300_000,
});
