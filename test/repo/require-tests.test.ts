import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = fileURLToPath(
  new URL('./fixtures/require-tests/require-tests.config.ts', import.meta.url),
);
const vitestBin = `${root}node_modules/vitest/vitest.mjs`; // what `npx vitest` runs

/** Runs the real vitest CLI on the fixture config, limited to the given projects. */
function runFixture(...projects: string[]): Promise<{ code: number; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
  );
  const args = [vitestBin, 'run', '--config', config];
  for (const project of projects) args.push('--project', project);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: root, env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

// Each case starts a real vitest process; allow for a busy machine.
const SLOW = 120_000;

describe('npm test fails when a suite runs zero tests (require-tests reporter)', () => {
  it.each([
    [
      'a project whose include glob matches no file fails the run, even when another project passes',
      'fixture-no-files',
      /1 passed/,
    ],
    [
      'a project whose only test is skipped fails the run, though vitest alone would pass it',
      'fixture-all-skipped',
      /1 skipped/,
    ],
  ] as const)(
    '%s',
    async (_, project, summary) => {
      const { code, output } = await runFixture('fixture-passing', project);
      expect(output).toMatch(summary);
      expect(code).not.toBe(0);
      expect(output).toContain(
        `[require-tests] these test projects ran zero passing tests: ${project}.`,
      );
    },
    SLOW,
  );

  it(
    'projects that each run a passing test pass, with no [require-tests] complaint',
    async () => {
      const { code, output } = await runFixture('fixture-passing');
      expect(output).not.toContain('[require-tests]');
      expect(code).toBe(0);
    },
    SLOW,
  );
});
