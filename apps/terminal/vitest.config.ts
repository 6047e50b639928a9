import { sourceProject } from '../../test/support/vitest-project.js';

// One test file at a time: each pseudo-terminal test runs the CLI and a server through tsx,
// and on a loaded two-core machine running them side by side only makes every one slower.
export default sourceProject('terminal', { testTimeout: 120_000, fileParallelism: false });
