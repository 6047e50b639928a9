import { sourceProject } from '../../test/support/vitest-project.js';

// The property and 1 MB tests take about a second alone; the full run shares two cores with
// the browser suites, so a 5 s ceiling fails them for load, not for behaviour.
export default sourceProject('prompt', { testTimeout: 20_000 });
