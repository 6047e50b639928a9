/** `--timeout` parsing and help, the progress/log status line, the SDK error prefix once. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { VirtualTerminal } from '../../../packages/ink/test/virtual-terminal.js';
import { parseCli, UsageError } from '../src/args.js';
import { helpText } from '../src/help.js';
import { lineInput, openQuestion } from '../src/line-input.js';
import { logText, progressText, statusLine } from '../src/status.js';
import { errorMessage } from '../src/text.js';

const en = createAppTranslator('en-US', { isolateValues: false });

describe('--timeout', () => {
  it('takes seconds, decimals too, as milliseconds', () => {
    expect(parseCli(['--timeout', '90', '--', 'srv'], en).timeoutMs).toBe(90_000);
    expect(parseCli(['--timeout', '0.25', '--', 'srv'], en).timeoutMs).toBe(250);
    expect(parseCli(['--', 'srv'], en).timeoutMs).toBeUndefined();
  });

  it.each(['0', '-1', 'abc', '', 'Infinity', '1e9'])('rejects %j with its own message', (value) => {
    expect(() => parseCli([`--timeout=${value}`, '--', 'srv'], en)).toThrow(
      new UsageError(en.t('mcp.cli.error.bad_timeout', { value })),
    );
  });

  it('is in --help with the SDK default', () => {
    const help = helpText(en, {
      paths: { dir: '/s', grants: '/s/g', audit: '/s/a' },
      user: 'u',
      workspace: { workspace: 'w', source: 'option', path: '/c/config.json' },
      policy: [],
    });
    expect(help).toMatch(/--timeout <seconds> +Each tool call may run this many seconds/);
    expect(help).toContain(en.t('mcp.cli.help.opt.timeout', { seconds: 60 }));
  });
});

/** A fake stderr: what was written, as a terminal or redirected. */
function stream(tty: boolean) {
  const out = new PassThrough() as PassThrough & NodeJS.WriteStream;
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  Object.assign(out, { isTTY: tty, columns: 40 });
  return { out, text: () => text };
}

describe('the status line', () => {
  const event = { tool: 'long', progress: 2, total: 6, message: 'Step\u001B[31m two' };

  it('words progress with or without a total and message, cleaned again', () => {
    expect(progressText({ tool: 'long', progress: 2, total: 6 }, en)).toBe('long: 2 of 6');
    expect(progressText({ tool: 'long', progress: 2 }, en)).toBe('long: 2 so far');
    expect(progressText(event, en)).not.toContain('\u001B');
    expect(logText({ serverId: 's', level: 'error', message: 'disk\u202Efull' }, en)).not.toContain(
      '\u202E',
    );
  });

  it('redirected: one line per report and per log line', async () => {
    const { out, text } = stream(false);
    const status = statusLine(out, en, () => true);
    status.progress({ tool: 'long', progress: 1, total: 2 });
    status.log({ serverId: 's', level: 'info', message: 'hello' });
    status.clear();
    await new Promise((resolve) => setImmediate(resolve));
    expect(text()).toBe('long: 1 of 2\nServer log (info): hello\n');
  });

  it('on a terminal: redrawn in place, erased for a log line and redrawn, never over a prompt', async () => {
    let prompt = false;
    const { out, text } = stream(true);
    const status = statusLine(out, en, () => !prompt);
    status.progress({ tool: 'long', progress: 1, total: 2 });
    status.log({ serverId: 's', level: 'info', message: 'hello' });
    prompt = true;
    status.clear();
    status.progress({ tool: 'long', progress: 2, total: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    const erase = '\r\u001B[2K';
    expect(text()).toBe(
      `${erase}long: 1 of 2${erase}Server log (info): hello\n${erase}long: 1 of 2${erase}`,
    );
  });
});

describe('log lines while a prompt or a question is on screen', () => {
  const log = (message: string) => ({ serverId: 's', level: 'info' as const, message });
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('on a terminal: held while a prompt is up, the last N printed after it, with how many were dropped', async () => {
    let prompt = true;
    const { out, text } = stream(true);
    const status = statusLine(out, en, () => !prompt, { held: 2 });
    status.log(log('one'));
    status.log(log('two'));
    status.note('[mcp-consent] three');
    status.progress({ tool: 'long', progress: 1, total: 2 });
    status.flush();
    await tick();
    expect(text()).toBe('');
    prompt = false;
    status.flush();
    status.flush();
    await tick();
    const erase = '\r\u001B[2K';
    expect(text()).toBe(
      `${en.t('mcp.cli.server_log.dropped', { count: 1, kept: 2 })}\nServer log (info): two\n[mcp-consent] three\n${erase}long: 1 of 2`,
    );
    expect(en.t('mcp.cli.server_log.dropped', { count: 1, kept: 2 })).toBe(
      '1 earlier line was not shown while the prompt was open; the last 2 follow:',
    );
  });

  it('redirected: written as they come, prompt or not, without escape sequences', async () => {
    const { out, text } = stream(false);
    const status = statusLine(out, en, () => false, { held: 1 });
    status.log(log('one'));
    status.log(log('two'));
    status.flush();
    await tick();
    expect(text()).toBe('Server log (info): one\nServer log (info): two\n');
  });

  it('a question being typed: the line goes above it, no status line is drawn over it', async () => {
    const above: string[] = [];
    const { out, text } = stream(true);
    const question = {
      open: () => true,
      above(write: () => void) {
        above.push('before');
        write();
        above.push('after');
        return true;
      },
    };
    const status = statusLine(out, en, () => true, { question });
    status.progress({ tool: 'long', progress: 1, total: 2 });
    status.log(log('hello'));
    await tick();
    expect(above).toEqual(['before', 'after']);
    expect(text()).toBe('Server log (info): hello\n');
  });

  it.each([
    ['a one-line question', 'Tool? ', undefined, ['Tool? get-']],
    [
      'a question with the input on its own line',
      'Edit:\n> ',
      '{"a":0}',
      ['Edit:', '> {"a":0}get-'],
    ],
  ])(
    'readline on a terminal, %s: the log line above, the question and the typed text below',
    async (_, question, prefill, rows) => {
      const terminal = new VirtualTerminal(40, 10);
      terminal.stdout.write('before\n');
      const input = lineInput(terminal.stdin, terminal.stdout);
      const answer = input.ask(question, prefill);
      terminal.type('get-');
      await tick();
      expect(openQuestion.open()).toBe(true);
      const status = statusLine(terminal.stdout, en, () => true, { question: openQuestion });
      status.log(log('hello'));
      expect(terminal.screen().split('\n')).toEqual([
        'before',
        'Server log (info): hello',
        ...rows,
      ]);
      // The cursor stayed where the typing was: more keys go on the same line.
      terminal.type('sum\r');
      expect(await answer).toEqual({ kind: 'line', text: `${prefill ?? ''}get-sum` });
      expect(openQuestion.open()).toBe(false);
      input.close();
    },
  );

  it('Ctrl+D at a question ends its line', async () => {
    const terminal = new VirtualTerminal(40, 10);
    const input = lineInput(terminal.stdin, terminal.stdout);
    const answer = input.ask('Tool? ');
    terminal.type('\u0004');
    expect(await answer).toEqual({ kind: 'eof' });
    terminal.stdout.write('rc=0');
    expect(terminal.screen().split('\n')).toEqual(['Tool?', 'rc=0']);
  });
});

it('an SDK error shows its "MCP error N:" prefix once', () => {
  expect(
    errorMessage(new Error('MCP error -32042: MCP error -32042: This request requires auth.')),
  ).toBe('MCP error -32042: This request requires auth.');
  expect(errorMessage(new Error('MCP error -32001: Request timed out'))).toBe(
    'MCP error -32001: Request timed out',
  );
});
