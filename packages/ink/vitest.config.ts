import { sourceProject } from '../../test/support/vitest-project.js';

// FORCE_COLOR: the tests check colours, and a test worker's stdout is not a terminal.
// CI: Ink reads it once at import (is-in-ci) and then draws only its last frame on exit;
// these tests drive a virtual terminal a person would be looking at, so they must not
// inherit the CI machine's CI=true.
export default sourceProject('ink', {
  testTimeout: 60_000,
  include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
  env: { FORCE_COLOR: '1', CI: 'false', CONTINUOUS_INTEGRATION: 'false' },
});
