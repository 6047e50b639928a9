import { sourceProject } from '../../test/support/vitest-project.js';

export default sourceProject('storybook', { testTimeout: 120_000, hookTimeout: 240_000 });
