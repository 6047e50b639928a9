import { sourceProject } from '../../test/support/vitest-project.js';

export default sourceProject('mcp', { testTimeout: 20_000 });
