import { sourceProject } from '../support/vitest-project.js';

/**
 * The packed packages in three fresh apps (issue 19): `npm test` builds first, this project
 * packs, installs, builds and runs them. One file, so the tarballs are packed once.
 */
export default sourceProject('consumers', {
  include: ['*.test.ts'],
  // Every test waits on an app being installed and built: all of them may wait at once.
  maxConcurrency: 10,
  testTimeout: 240_000,
  hookTimeout: 240_000,
});
