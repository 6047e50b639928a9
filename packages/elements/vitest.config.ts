import { sourceProject } from '../../test/support/vitest-project.js';

export default sourceProject('elements', { testTimeout: 60_000, hookTimeout: 120_000 });
