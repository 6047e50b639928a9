import { sourceProject } from '../support/vitest-project.js';

/**
 * The kit's promises, measured (issue 10): fuzzed invariant, faults, concurrency, crash safety,
 * hostile servers against every renderer, package hygiene. Each suite prints one `[hardening]` line.
 */
export default sourceProject('hardening', {
  include: ['**/*.test.ts'],
  // Ink reads CI once at import (is-in-ci) and then draws only its last frame; the hostile suites
  // watch a virtual terminal a person would be looking at (as packages/ink/vitest.config.ts does).
  env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false' },
  testTimeout: 300_000,
  hookTimeout: 300_000,
});
