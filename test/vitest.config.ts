import { sourceProject } from './support/vitest-project.js';

/** Repository-level checks: lint rules, README examples. */
export default sourceProject('repo', { include: ['repo/**/*.test.ts'] });
