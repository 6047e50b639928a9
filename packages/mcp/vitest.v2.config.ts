import { sourceProject } from '../../test/support/vitest-project.js';

/**
 * The core guard suite again, on the v2 SDK client (`guardClientV2`): the same files, not
 * copies; `test/harness.ts` reads `MCP_CONSENT_SDK` and binds the v2 client and transports.
 */
export default sourceProject('mcp-v2', {
  include: [
    'test/guard.test.ts',
    'test/t-suite.test.ts',
    'test/never-fail-open.test.ts',
    'test/elicitation.test.ts',
    'test/denials-and-edits.test.ts',
    'test/progress.test.ts',
    'test/result-review.test.ts',
    'test/first-listing.test.ts',
    'test/t6-catalog.test.ts',
  ],
  env: { MCP_CONSENT_SDK: 'v2' },
});
