import { sourceProject } from '../../test/support/vitest-project.js';

export default sourceProject('react', {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
});
