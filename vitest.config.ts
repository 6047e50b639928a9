import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/mcp/vitest.v2.config.ts',
      'apps/*/vitest.config.ts',
      'test/vitest.config.ts',
      'test/hardening/vitest.config.ts',
      'test/consumers/vitest.config.ts',
    ],
    reporters: ['default', './test/support/require-tests-reporter.ts'],
    passWithNoTests: false,
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine. Most
    // files wait on Chromium, a pty or a child server rather than compute, so two at a time
    // finish sooner there (measured: elements + react 978 s → 782 s on a loaded machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
