import { runLayoutChecks } from '../../../test/scenarios/layout-checks.js';
import { useFixturePages } from './fixture-pages.js';

/**
 * The shared layout checks (test/scenarios/layout-checks.ts) on the React components: the
 * provider fixture at each viewport, with `<PermissionManager>` in the page when asked.
 */
const pages = useFixturePages();

runLayoutChecks('react', {
  start: (viewport, { manager, ...options }) =>
    pages.start({
      viewport,
      options,
      extras: { manager: manager ?? false },
      reducedMotion: 'reduce',
    }),
});
