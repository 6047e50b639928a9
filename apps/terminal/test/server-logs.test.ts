/**
 * The server's log lines in an 80×24 pseudo-terminal, against the real
 * `@modelcontextprotocol/server-everything` with its simulated logging on (a log line every
 * 5 s): a line that arrives while a question is being typed goes above the question, which is
 * drawn again with what was typed; one that arrives while the Ink prompt is open waits until
 * the prompt is answered, so the frame is neither written over nor left behind in pieces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { VirtualTerminal } from '../../../packages/ink/test/virtual-terminal.js';
import { allowPolicy, everythingServer, inPty, literal, tempDir, type PtyRun } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const COLS = 80;
const ROWS = 24;
const ASK_TOOL = en.t('mcp.cli.ask.tool').trimEnd();
const ASK_ARGS = en.t('mcp.cli.ask.args_edit', { empty: '{}' });
const TITLE = en.t('mcp.permission.title');
const READY = literal(en.t('mcp.permission.keys.hint'));
const SUM = 'The sum of 0 and 0 is 0.';
/** One log line of the simulated logging, whole (`Server log (info): Info-level message`). */
const LOG_LINE = /^Server log \([a-z]+\): [A-Za-z]+[- ]level[- ]message$/;
const LOG = 'Server log \\(';

const home = tempDir();
// The logging toggle is allowed by a policy, so the only prompt is the one for get-sum.
const policy = allowPolicy(home.dir, 'allow.json', ['toggle-simulated-logging']);
afterAll(() => home.cleanup());

/** The screen (scrollback included) as a person sees it after `raw`. */
function screen(raw: string): string[] {
  const terminal = new VirtualTerminal(COLS, ROWS);
  terminal.replay(raw);
  return terminal.screen().split('\n');
}

describe('server log lines at an 80×24 terminal, with server-everything logging every 5 s', () => {
  let run: PtyRun;
  /** The output up to: a log during the tool question, during the arguments question, the prompt open 11 s, after ↓. */
  let atTool: string, atArgs: string, promptOpen: string, promptWaited: string, afterDown: string;

  beforeAll(async () => {
    run = await inPty(
      ['--store', home.dir, '--policy', policy, '--name', 'Every', ...everythingServer],
      [
        { expect: literal(ASK_TOOL) },
        { send: 'toggle-simulated-logging\r' },
        {
          expect: literal(
            en.t('mcp.cli.ask.args', { tool: 'toggle-simulated-logging', empty: '{}' }).trimEnd(),
          ),
        },
        { send: '\r' },
        { expect: literal(en.t('mcp.cli.result.heading', { tool: 'toggle-simulated-logging' })) },
        { expect: literal(ASK_TOOL) },
        { sleep: 0.3 },
        // Half a tool name typed, then the next log line arrives.
        { send: 'get-' },
        { expect: LOG },
        { sleep: 0.3 },
        { mark: true },
        { send: 'sum\r' },
        // The skeleton {"a":0,"b":0} is on the line to edit; the next log line arrives.
        { expect: `${literal(ASK_ARGS)}\\s*> ` },
        { sleep: 0.3 },
        { expect: LOG },
        { sleep: 0.3 },
        { mark: true },
        { send: '\r' },
        { expect: literal(TITLE) },
        { expect: READY },
        { mark: true },
        // Two log lines or more are sent while the prompt is open.
        { sleep: 11 },
        { mark: true },
        { send: '\u001B[B' },
        { sleep: 0.5 },
        { mark: true },
        { send: '1' },
        { expect: literal(SUM) },
        { expect: literal(ASK_TOOL) },
        { sleep: 0.3 },
        // Ctrl+D quits; the shell's next line starts on a line of its own.
        { send: '\u0004' },
      ],
      {
        configHome: home.dir,
        cols: COLS,
        rows: ROWS,
        shell: '"$@"; echo "rc=$?"',
        timeoutSeconds: 90,
      },
    );
    [atTool = '', atArgs = '', promptOpen = '', promptWaited = '', afterDown = ''] = run.marks;
  }, 150_000);

  it('ran to the end', () => {
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
  });

  it('a log line during the tool question goes above it; the question keeps what was typed', () => {
    const rows = screen(atTool);
    expect(rows.at(-1)).toBe(`${ASK_TOOL} get-`);
    expect(rows.at(-2)).toMatch(LOG_LINE);
  });

  it('a log line during the arguments question goes above it; the question and the skeleton stay', () => {
    const rows = screen(atArgs);
    expect(rows.at(-1)).toBe('> {"a":0,"b":0}');
    expect(rows.at(-2)).toBe(ASK_ARGS);
    expect(rows.at(-3)).toMatch(LOG_LINE);
    // Every log line shown so far is whole, on a row of its own.
    for (const row of rows.filter((line) => line.includes('Server log')))
      expect(row).toMatch(LOG_LINE);
  });

  it('nothing is written while the permission prompt is open; after ↓ the frame is drawn once', () => {
    expect(promptWaited.slice(promptOpen.length)).not.toContain('Server log');
    const rows = screen(afterDown);
    expect(rows.filter((row) => row.includes(TITLE))).toHaveLength(1);
    expect(rows.filter((row) => row.includes('╭──'))).toHaveLength(1);
    expect(rows.at(-1)).toMatch(/^╰─+╯$/);
  });

  it('the held log lines are printed after the answer, whole, and no piece of the frame is left', () => {
    const rows = screen(run.raw);
    expect(rows.filter((row) => row.includes(TITLE))).toEqual([]);
    const answered = rows.findIndex((row) => /Get Sum Tool · Every · Allowed once/.test(row));
    expect(answered).toBeGreaterThan(0);
    const after = rows.slice(answered + 1);
    expect(after.filter((row) => LOG_LINE.test(row)).length).toBeGreaterThanOrEqual(2);
    expect(after).toContain(SUM);
    for (const row of rows.filter((line) => line.includes('Server log')))
      expect(row).toMatch(LOG_LINE);
  });

  it('Ctrl+D at the tool question ends the line, so the shell goes on below it', () => {
    expect(screen(run.raw)).toContain('rc=0');
  });
});
