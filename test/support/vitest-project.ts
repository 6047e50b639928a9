import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';
import { defineProject } from 'vitest/config';

/**
 * Shared settings for every package's test project: workspace packages resolve
 * to their TypeScript sources through the `mcp-consent-source` export condition, so tests
 * never need a prior build.
 */
export function sourceProject(
  name: string,
  test: NonNullable<UserConfig['test']> = {},
): ReturnType<typeof defineProject> {
  return defineProject({
    resolve: { conditions: ['mcp-consent-source', ...defaultClientConditions] },
    ssr: { resolve: { conditions: ['mcp-consent-source', ...defaultServerConditions] } },
    test: {
      name,
      include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
      environment: 'node',
      // A ceiling, not a goal: the full run shares two cores with the browser suites, and a
      // test that takes a second alone must not fail for load (vitest's default is 5 s).
      testTimeout: 20_000,
      // Files of a worker share its module cache instead of importing every package again (in
      // engine + mcp: import 62 → 18 s, the run 207 → 173 s). Files restore what they change
      // (fake timers, stubbed globals, NODE_ENV) in afterEach/afterAll.
      isolate: false,
      ...test,
    },
  });
}
