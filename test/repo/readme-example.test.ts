import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(`${root}/README.md`, 'utf8');
const tmpDir = `${root}/test/repo/.tmp`;

afterAll(() => rmSync(tmpDir, { recursive: true, force: true }));

it('runs the README engine example and prints what its `// →` comments say', async () => {
  const block = /<!-- readme-example[^>]*-->\s*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block, 'README must contain the marked example block').toBeTruthy();
  const expected = [...block!.matchAll(/\/\/ → (.*)$/gm)].map((match) => match[1]!.trim());
  expect(expected.length).toBeGreaterThanOrEqual(4);

  mkdirSync(tmpDir, { recursive: true });
  const file = `${tmpDir}/readme-example.ts`;
  writeFileSync(file, `${block}\nexport {};\n`);
  const printed: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  });
  try {
    await import(/* @vite-ignore */ file);
  } finally {
    spy.mockRestore();
  }
  expect(printed).toEqual(expected);
});
