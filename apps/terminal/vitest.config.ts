import { sourceProject } from '../../test/support/vitest-project.js';

// One test file at a time: each pseudo-terminal test runs the CLI and a server through tsx,
// and on a loaded two-core machine running them side by side only makes every one slower.
export default sourceProject('terminal', {
  testTimeout: 120_000,
  fileParallelism: false,
  // Isolated, unlike the other projects: vitest runs non-isolated projects of one sequence
  // group with one worker count, and this project has its own (one).
  isolate: true,
});
