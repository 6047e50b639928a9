import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileStore } from '@mcp-consent/engine/file';
import { bundleFixture } from './fixtures/bundle.js';

/**
 * The killed-writer loop, shared by the engine's test (20 rounds) and the hardening suite
 * (200 rounds): writers putting grants into a file store are SIGKILLed at random moments.
 */

/** Writers running at the same time (each on its own file); startup of Node + tsx dominates. */
const PARALLEL = Math.max(1, Math.min(4, availableParallelism()));
/** The kill lands at a random moment up to this long after the writer said it is ready. */
const MAX_KILL_DELAY_MS = 60;

const writerSource = fileURLToPath(new URL('./fixtures/file-writer.ts', import.meta.url));

/** The writer and the store source it imports, as one plain ESM file for a bare `node`. */
const bundleWriter = (outDir: string) => bundleFixture(writerSource, outDir, 'file-writer');

export interface Round {
  acknowledged: string[];
  path: string;
  dir: string;
}

/** Starts a writer, kills it with SIGKILL at a random moment, and returns the keys it acknowledged. */
function killWriterAtRandom(writerScript: string, dir: string, prefix: string): Promise<Round> {
  const path = join(dir, 'grants.json');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writerScript, path, prefix], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (killTimer === undefined && stdout.startsWith('ready\n')) {
        killTimer = setTimeout(() => child.kill('SIGKILL'), Math.random() * MAX_KILL_DELAY_MS);
      }
    });
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(killTimer);
      if (signal !== 'SIGKILL') {
        reject(new Error(`the writer exited on its own (signal ${signal}):\n${stderr}`));
        return;
      }
      // Only complete lines count; a key cut off mid-line was not acknowledged as far as we know.
      const lines = stdout.split('\n').slice(0, -1);
      resolve({ acknowledged: lines.filter((line) => line !== 'ready'), path, dir });
    });
  });
}

/** Runs `rounds` writers (a few at a time), each killed at a random moment; removes nothing. */
export async function runKilledWriters(rounds: number): Promise<{ root: string; rounds: Round[] }> {
  const root = await mkdtemp(join(tmpdir(), 'mcp-consent-killed-writer-'));
  const writerScript = await bundleWriter(join(root, 'bin'));
  const results: Round[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rounds) {
      const round = next++;
      const dir = join(root, `round-${round}`);
      await mkdir(dir);
      results[round] = await killWriterAtRandom(writerScript, dir, `r${round}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { root, rounds: results };
}

/** What a round left behind, read back through a fresh store. */
export async function checkRound({ path, dir, acknowledged }: Round) {
  const killedMidWrite = (await readdir(dir)).some((name) => name.includes('.tmp-'));
  const loaded = await fileStore(path).load();
  const keys = new Set(loaded.map((grant) => grant.key));
  return {
    killedMidWrite,
    loaded: keys.size,
    lost: acknowledged.filter((key) => !keys.has(key)),
    // Never treated as corrupt, and temp files of the dead writer are gone after the load.
    leftovers: (await readdir(dir)).filter((name) => name !== 'grants.json'),
  };
}

export const removeKilledWriterRoot = (root: string) => rm(root, { recursive: true, force: true });
