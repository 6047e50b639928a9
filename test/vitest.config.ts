import { sourceProject } from './support/vitest-project.js';

/** Repository-level checks (lint rules, README examples) and the reference scenario run. */
export default sourceProject('repo', {
  include: ['repo/**/*.test.ts', 'scenarios/**/*.test.ts', 'conformance/**/*.test.ts'],
});
