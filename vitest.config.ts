import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/mcp/vitest.v2.config.ts',
      'apps/*/vitest.config.ts',
      'test/vitest.config.ts',
      'test/hardening/vitest.config.ts',
    ],
    reporters: ['default', './test/support/require-tests-reporter.ts'],
    passWithNoTests: false,
  },
});
