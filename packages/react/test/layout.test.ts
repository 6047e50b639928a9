import { runLayoutChecks, type LayoutSurface } from '../../../test/scenarios/layout-checks.js';
import { runParityChecks } from '../../../test/scenarios/parity-checks.js';
import { useFixturePages } from './fixture-pages.js';

/**
 * The shared layout checks (test/scenarios/layout-checks.ts) and the checks of where the Lit
 * and React sheets must look alike (test/scenarios/parity-checks.ts) on the React components:
 * the provider fixture at each viewport, with `<PermissionManager>` in the page when asked.
 */
const pages = useFixturePages();

const surface: LayoutSurface = {
  start: (viewport, { manager, ...options }) =>
    pages.start({
      viewport,
      options,
      extras: { manager: manager ?? false },
      reducedMotion: 'reduce',
    }),
};
runLayoutChecks('react', surface);
runParityChecks('react', surface);
