import { sourceProject } from '../../test/support/vitest-project.js';

export default sourceProject('postgres', {
  // One PostgreSQL server and one PGlite template for the whole project (postgres-server.ts).
  globalSetup: ['test/postgres-server.ts'],
  // A ceiling for loading PGlite (WASM) on a busy machine, not a goal.
  hookTimeout: 60_000,
});
