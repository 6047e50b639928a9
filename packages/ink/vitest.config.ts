import { sourceProject } from '../../test/support/vitest-project.js';

// FORCE_COLOR: the tests check colours, and a test worker's stdout is not a terminal.
export default sourceProject('ink', {
  testTimeout: 60_000,
  include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
  env: { FORCE_COLOR: '1' },
});
