import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';

/**
 * The client scenarios of `@modelcontextprotocol/conformance` that apply to a host, run by its own
 * CLI against `guarded-client.ts` (a guarded SDK client). The auth scenarios do not apply: the kit
 * is not an OAuth client (README, "MCP requests the kit answers"). Each scenario must pass every
 * check, and the tools it calls must have gone through the permission prompt.
 */
const run = promisify(execFile);
const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const tsx = join(root, 'node_modules/.bin/tsx');
const client = `${tsx} --conditions=mcp-consent-source ${join(here, 'guarded-client.ts')}`;

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

const SCENARIOS = [
  { scenario: 'initialize', asked: [] },
  { scenario: 'tools_call', asked: ['permission add_numbers'] },
  {
    scenario: 'elicitation-sep1034-client-defaults',
    asked: ['permission test_client_elicitation_defaults', 'elicitation form'],
  },
  { scenario: 'sse-retry', asked: ['permission test_reconnection'] },
];

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Runs one scenario with the CLI; returns its checks and what the client wrote to stderr. */
async function scenario(name: string): Promise<{ checks: Check[]; stderr: string }> {
  const out = await mkdtemp(join(tmpdir(), 'conformance-'));
  dirs.push(out);
  await run(
    process.execPath,
    [
      '--import',
      join(here, 'node20-shim.mjs'),
      cli,
      'client',
      '--command',
      client,
      '--scenario',
      name,
      '--output-dir',
      out,
    ],
    { cwd: root, timeout: 60_000 },
  ).catch((error: Error & { stdout?: string }) => {
    throw new Error(`conformance ${name} failed:\n${error.stdout ?? ''}\n${error.message}`);
  });
  const [folder] = await readdir(out);
  const read = (file: string) => readFile(join(out, folder!, file), 'utf8');
  return {
    checks: JSON.parse(await read('checks.json')) as Check[],
    stderr: await read('stderr.txt'),
  };
}

describe('MCP conformance client scenarios against a guarded client', () => {
  test.each(SCENARIOS)('$scenario passes every check', async ({ scenario: name, asked }) => {
    const { checks, stderr } = await scenario(name);
    const verdicts = checks.filter((check) => check.status !== 'INFO');
    expect(verdicts.length).toBeGreaterThan(0);
    expect(verdicts.filter((check) => check.status !== 'SUCCESS')).toEqual([]);
    const prompts = stderr
      .split('\n')
      .filter((line) => line.startsWith('asked: '))
      .map((line) => line.slice('asked: '.length));
    expect(prompts).toEqual(asked);
  });
});
