/** `--timeout` parsing and help, the progress/log status line, the SDK error prefix once. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { parseCli, UsageError } from '../src/args.js';
import { helpText } from '../src/help.js';
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

it('an SDK error shows its "MCP error N:" prefix once', () => {
  expect(
    errorMessage(new Error('MCP error -32042: MCP error -32042: This request requires auth.')),
  ).toBe('MCP error -32042: This request requires auth.');
  expect(errorMessage(new Error('MCP error -32001: Request timed out'))).toBe(
    'MCP error -32001: Request timed out',
  );
});
