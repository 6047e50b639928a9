import { sourceProject } from '../../test/support/vitest-project.js';

export default sourceProject('mcp');
