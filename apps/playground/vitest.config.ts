import { sourceProject } from '../../test/support/vitest-project.js';

export default sourceProject('playground', { testTimeout: 180_000, hookTimeout: 180_000 });
