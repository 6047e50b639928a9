import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import { requirePythonPty } from './fixtures/python.js';
import { foreignOutput, sgrLeftOn, stripStyles, VirtualTerminal } from './virtual-terminal.js';

const run = promisify(execFile);
const ESC = '\u001B';
const en = createTranslator('en-US');
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
type Step = { expect: string } | { send: string } | { sleep: number };

/** Runs the demo CLI in a real pseudo-terminal (Python's pty module) and plays `steps`. */
async function inPty(
  args: string[],
  steps: Step[],
  size = { cols: 80, rows: 24 },
  extraEnv: Record<string, string> = {},
) {
  requirePythonPty();
  const env: Record<string, string | undefined> = { ...process.env, TERM: 'xterm-256color' };
  delete env.CI; // Ink draws differently on CI
  delete env.NO_COLOR;
  Object.assign(env, extraEnv);
  const spec = {
    command: [
      `${root}node_modules/.bin/tsx`,
      '--conditions=mcp-consent-source',
      fixture('consent-cli.ts'),
      ...args,
    ],
    cwd: root,
    env,
    ...size,
    timeout: 45,
    steps,
  };
  const { stdout } = await run('python3', [fixture('pty-run.py'), JSON.stringify(spec)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(stdout) as {
    output: string;
    exitCode: number;
    error: string | null;
    canonical: boolean;
    echo: boolean;
  };
  const raw = Buffer.from(report.output, 'base64').toString('utf8');
  const terminal = new VirtualTerminal(size.cols, size.rows);
  terminal.replay(raw);
  const result = /result: (\{.*\})/.exec(raw)?.[1];
  return {
    ...report,
    raw,
    terminal,
    result: result ? (JSON.parse(result) as Record<string, unknown>) : null,
  };
}

/** The colour parameters (foreground, background, 256-colour and RGB) of every SGR sequence. */
const colourCodes = (raw: string) =>
  [...raw.matchAll(new RegExp(`${ESC}\\[([0-9;]*)m`, 'g'))]
    .flatMap((m) => m[1]!.split(';'))
    .filter((code) => /^(3[0-8]|4[0-8]|9[0-7]|10[0-7])$/.test(code));

/** The guard window of the demo (500 ms) and some slack for a loaded machine. */
const PAST_GUARD = { sleep: 0.9 };

describe('in a real pseudo-terminal', () => {
  it('shows the numbered prompt, ignores a key typed before it, and answers 2 = Allow always', async () => {
    const deny = en.t('mcp.permission.action.deny_always');
    const run = await inPty(
      [],
      [
        { send: '1' },
        { expect: `4\\. ${deny}` },
        PAST_GUARD,
        { send: '2' },
        { expect: 'result: \\{.*\\}' },
      ],
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    const drawn = stripStyles(run.raw);
    for (const [n, choice] of [
      [1, 'allow_once'],
      [2, 'allow_always'],
      [3, 'deny_once'],
      [4, 'deny_always'],
    ] as const) {
      expect(drawn).toContain(`${n}. ${en.t(`mcp.permission.action.${choice}`)}`);
    }
    expect(drawn).toContain(en.t('mcp.permission.risk.medium'));
    // The "1" typed while the host was starting was not an answer.
    expect(run.result).toEqual({ allowed: true, choice: 'allow_always', origin: 'user_prompt' });
    // The prompt is gone; the scrollback keeps one line about it, then the host's output.
    const screen = run.terminal.screen();
    expect(screen).toContain(
      `notes_put · Notes server · ${en.t('mcp.audit.decision.allow_always')}`,
    );
    expect(screen).not.toContain(en.t('mcp.permission.title'));
    expect(run.canonical && run.echo).toBe(true);
    expect(run.terminal.modes.get('25')).toBe(true);
  });

  it('NO_COLOR in the environment: the same prompt with no colour at all, the tier still in words', async () => {
    const steps: Step[] = [
      { expect: en.t('mcp.permission.action.deny_always') },
      PAST_GUARD,
      { send: '3' },
      { expect: 'result: \\{.*\\}' },
    ];
    const coloured = await inPty([], steps);
    const plain = await inPty([], steps, undefined, { NO_COLOR: '1' });
    expect(colourCodes(coloured.raw).length).toBeGreaterThan(0); // the control: colour is on by default
    expect(plain.error).toBeNull();
    expect(colourCodes(plain.raw)).toEqual([]);
    expect(stripStyles(plain.raw)).toContain(en.t('mcp.permission.risk.medium'));
    expect(plain.result).toMatchObject({ allowed: false, choice: 'deny_once' });
  });

  it('a tool name full of escape sequences is shown as codes and leaves the terminal clean', async () => {
    const run = await inPty(
      ['--hostile'],
      [
        { expect: en.t('mcp.permission.action.deny_always') },
        PAST_GUARD,
        { send: '\u001B' },
        { expect: 'result: \\{.*\\}' },
      ],
    );
    expect(run.error).toBeNull();
    expect(run.result).toMatchObject({ allowed: false, choice: 'deny_once' });
    // Nothing but Ink's own styling and redraw sequences reached the terminal ...
    expect(foreignOutput(run.raw)).toEqual([]);
    for (const raw of [
      '\u001B]',
      '\u001B[2J',
      '\u001B[3J',
      '\u001B[?1049h',
      '\u001B[H',
      '\u001B[10;10H',
      '\u009B',
      '\u202E',
    ]) {
      expect(run.raw).not.toContain(raw);
    }
    // ... the name was shown, each run of hidden characters as one label ...
    expect(stripStyles(run.raw)).toMatch(/rm_rf\[\d+ hidden characters\]click/);
    // ... and the terminal is as the host left it: cursor visible, main screen, no colour
    // or concealment left on, line editing and echo back.
    expect(run.terminal.modes.get('25')).toBe(true);
    expect(run.terminal.modes.get('1049')).toBeUndefined();
    expect(sgrLeftOn(run.raw)).toEqual([]);
    expect(run.canonical && run.echo).toBe(true);
  });

  it('Ctrl+C gives the terminal back, then interrupts the host as usual', async () => {
    const run = await inPty(
      [],
      [{ expect: en.t('mcp.permission.action.deny_always') }, PAST_GUARD, { send: '\u0003' }],
    );
    expect(run.error).toBeNull();
    expect([-2, 130]).toContain(run.exitCode); // SIGINT (tsx reports it as 130)
    expect(run.result).toBeNull();
    expect(run.canonical && run.echo).toBe(true);
    expect(run.terminal.modes.get('25')).toBe(true);
    expect(sgrLeftOn(run.raw)).toEqual([]);
  });

  it('a host that survives Ctrl+C gets Deny once for the prompt', async () => {
    const run = await inPty(
      ['--survive-sigint'],
      [
        { expect: en.t('mcp.permission.action.deny_always') },
        PAST_GUARD,
        { send: '\u0003' },
        { expect: 'result: \\{.*\\}' },
      ],
    );
    expect(run.error).toBeNull();
    expect(run.raw).toContain('host: SIGINT');
    expect(run.result).toMatchObject({ allowed: false, choice: 'deny_once' });
    expect(run.exitCode).toBe(0);
    expect(run.canonical && run.echo).toBe(true);
  });
});
