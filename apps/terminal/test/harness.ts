/**
 * Runs `mcp-consent` from source (no build, bundled once: test/support/source-bundle.ts)
 * against the demo server from source, either
 * in a real pseudo-terminal (Python's `pty` module, through the Ink renderer's own
 * packages/ink/test/fixtures/pty-run.py) or with plain pipes.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundledCommand } from '../../../test/support/source-bundle.js';
import { requirePythonPty } from '../../../packages/ink/test/fixtures/python.js';
import { EVERYTHING_ENTRY } from '../../../packages/mcp/test/everything.js';

const execFileAsync = promisify(execFile);

/** `-- node <server-everything> stdio`: the real reference server as the CLI's server command. */
export const everythingServer = ['--', process.execPath, EVERYTHING_ENTRY, 'stdio'];
export const root = fileURLToPath(new URL('../../../', import.meta.url));
const cliEntry = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const ptyRunner = fileURLToPath(
  new URL('../../../packages/ink/test/fixtures/pty-run.py', import.meta.url),
);

/** `node <bundle of apps/terminal/src/cli.ts>`: the CLI from its sources. */
export const CLI = await bundledCommand(cliEntry);

const demoEntry = fileURLToPath(new URL('../../demo-server/src/stdio.ts', import.meta.url));
const demo = await bundledCommand(demoEntry);

/** The demo server's stdio entry from source, as a command line for after `--`. */
export function demoCommand(): string[] {
  return [...demo];
}

/** A fresh directory for the store (and XDG_CONFIG_HOME); removed by `cleanup`. */
export function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-consent-terminal-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Writes a policy file `name` in `dir` whose rules allow each of `tools`; returns its path (for
 * `--policy`), so a test's only prompt is the one it is about.
 */
export function allowPolicy(dir: string, name: string, tools: string[]): string {
  const path = join(dir, name);
  const rules = tools.map((tool) => ({ effect: 'allow', tool }));
  writeFileSync(path, JSON.stringify({ version: 1, rules }));
  return path;
}

/** English, no colours, no CI quirks, config under `configHome`. */
export function testEnv(configHome: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  for (const key of ['CI', 'LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'FORCE_COLOR', 'NODE_OPTIONS'])
    delete env[key];
  return {
    ...env,
    LANG: 'en_US.UTF-8',
    NO_COLOR: '1',
    TERM: 'xterm-256color',
    XDG_CONFIG_HOME: configHome,
  };
}

export type Step = { expect: string } | { send: string } | { sleep: number } | { mark: true };

export interface PtyRun {
  /** Everything written to the terminal, as bytes decoded to text. */
  raw: string;
  /** `raw` without escape sequences and carriage returns. */
  text: string;
  exitCode: number;
  error: string | null;
  /** Line editing and echo were on again when the program ended. */
  canonical: boolean;
  echo: boolean;
  /** The output up to each `{ mark: true }` step, decoded like `raw`. */
  marks: string[];
}

/**
 * Runs the CLI in a pseudo-terminal and plays `steps` (expect = a regex to wait for).
 * Fails with a clear message when python3 (and its pty module) is missing.
 */
export async function inPty(
  args: string[],
  steps: Step[],
  options: {
    configHome: string;
    timeoutSeconds?: number;
    cols?: number;
    rows?: number;
    /** Added to (or overriding) the test environment. */
    env?: Record<string, string>;
    /**
     * A `sh -c` script that runs the CLI as `"$@"`, to redirect its streams inside the
     * terminal (`'"$@" > out.json'`). @default the CLI runs directly on the terminal
     */
    shell?: string;
    /** The directory the CLI runs in. @default the repository root */
    cwd?: string;
  },
): Promise<PtyRun> {
  requirePythonPty();
  const command = [...CLI, ...args];
  const spec = {
    command: options.shell === undefined ? command : ['sh', '-c', options.shell, 'sh', ...command],
    cwd: options.cwd ?? root,
    env: { ...testEnv(options.configHome), ...options.env },
    cols: options.cols ?? 100,
    rows: options.rows ?? 40,
    timeout: options.timeoutSeconds ?? 110,
    steps,
  };
  const { stdout } = await execFileAsync('python3', [ptyRunner, JSON.stringify(spec)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(stdout) as Omit<PtyRun, 'raw' | 'text' | 'marks'> & {
    output: string;
    marks: number[];
  };
  const bytes = Buffer.from(report.output, 'base64');
  const raw = bytes.toString('utf8');
  const marks = report.marks.map((end) => bytes.subarray(0, end).toString('utf8'));
  const text = plain(raw);
  // A failed step says what the terminal showed last, so a wait that never ended explains itself.
  const error = report.error && `${report.error}\n--- last output ---\n${text.slice(-1500)}`;
  return { ...report, error, raw, text, marks };
}

/**
 * Runs the CLI with pipes (no terminal): stdin is empty (or `input`, then closed), nobody can
 * answer a prompt. It runs in a session of its own (`detached`: setsid), so it has no
 * controlling terminal and cannot open `/dev/tty` even when the tests run from one: the CI or
 * service case.
 */
export async function piped(
  args: string[],
  configHome: string,
  options: { cwd?: string; env?: Record<string, string>; input?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  // execFile drops `detached`, so spawn directly.
  const child = spawn(CLI[0]!, [...CLI.slice(1), ...args], {
    cwd: options.cwd ?? root,
    env: { ...testEnv(configHome), ...options.env },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  if (options.input !== undefined) child.stdin.end(options.input);
  const timer = setTimeout(() => child.kill('SIGTERM'), 90_000);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).finally(() => clearTimeout(timer));
  if (code === null) throw new Error(`the CLI was killed: ${args.join(' ')}`);
  const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');
  return { code, stdout: text(stdout), stderr: text(stderr) };
}

/** Terminal output without CSI/OSC sequences and carriage returns. */
export function plain(raw: string): string {
  /* eslint-disable no-control-regex -- terminal output is made of control characters */
  return raw
    .replace(/\u001B\][^\u0007\u001B]*(\u0007|\u001B\\)/g, '')
    .replace(/\u001B\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replace(/\u001B[()][A-Z0-9]/g, '')
    .replace(/\r/g, '');
  /* eslint-enable no-control-regex */
}

/** A string as a regex matching it literally (for `expect` steps). */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The cursor is visible at the end: every hide (`ESC[?25l`) was followed by a show. */
export function cursorVisible(raw: string): boolean {
  return raw.lastIndexOf('\u001B[?25l') <= raw.lastIndexOf('\u001B[?25h');
}

/**
 * A `--sampling-command` for tests: a node script (written to `dir`) that records the request
 * it got in `marker` (proof it ran) and replies `Model says: <the last message, upper case>`.
 */
export function markerModel(dir: string, marker: string): string {
  const script = join(dir, 'marker-model.mjs');
  writeFileSync(
    script,
    `import { writeFileSync } from 'node:fs';
let input = '';
process.stdin.on('data', (chunk) => (input += chunk)).on('end', () => {
  const request = JSON.parse(input);
  writeFileSync(process.argv[2], JSON.stringify(request));
  const text = 'Model says: ' + request.messages.at(-1).content.text.toUpperCase();
  const reply = { role: 'assistant', content: { type: 'text', text }, model: 'marker-model' };
  process.stdout.write(JSON.stringify(reply));
});
`,
  );
  return [process.execPath, script, marker].map((part) => JSON.stringify(part)).join(' ');
}
