import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Fails the run when any configured project executed zero tests, so a glob
 * that silently matches nothing (or a suite that skips everything) cannot pass.
 */
export default class RequireTestsReporter implements Reporter {
  private projectNames: string[] = [];

  onInit(vitest: Vitest): void {
    this.projectNames = vitest.projects.map((project) => project.name);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const passedByProject = new Map<string, number>(this.projectNames.map((name) => [name, 0]));
    for (const module of testModules) {
      let count = 0;
      for (const test of module.children.allTests()) {
        if (test.result().state === 'passed') count += 1;
      }
      const name = module.project.name;
      passedByProject.set(name, (passedByProject.get(name) ?? 0) + count);
    }
    const empty = [...passedByProject].filter(([, count]) => count === 0).map(([name]) => name);
    if (empty.length > 0) {
      process.exitCode = 1;
      console.error(
        `\n[require-tests] these test projects ran zero passing tests: ${empty.join(', ')}.\n` +
          'A project that runs nothing is a failure: check its include globs.\n',
      );
    }
  }
}
