/**
 * The host in scripts: with stdout (or stdin) redirected, `call` draws its prompt on the
 * controlling terminal and reads the answering key there, and stdout holds only the result.
 * With no terminal at all it fails closed. An unknown tool ends with exit 2 before any prompt.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { cursorVisible, demoCommand, inPty, literal, piped, tempDir } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const PROMPT = literal(`4. ${en.t('mcp.permission.action.deny_always')}`);
const READY = literal(en.t('mcp.permission.keys.hint'));
const answered = (key: string) => [{ expect: PROMPT }, { expect: READY }, { send: key }];
const ESC = '\u001B';

const store = tempDir();
const opts = ['--store', store.dir, '--name', 'Demo'];
const demo = () => ['--', ...demoCommand()];
/** A fresh output file for one run, created empty so a test can tell "nothing written". */
let files = 0;
const outFile = () => {
  const path = join(store.dir, `out-${++files}.txt`);
  writeFileSync(path, '');
  return path;
};
afterAll(() => store.cleanup());

describe('call with stdout redirected, in a pseudo-terminal', () => {
  it('`> out.json 2> err.log`: the prompt is on the terminal, a key answers it, the file holds only the JSON result', async () => {
    const out = outFile();
    const err = outFile();
    const run = await inPty(
      ['call', 'notes_put', '{"id":"s1","text":"from a script"}', '--json', ...opts, ...demo()],
      answered('1'),
      { configHome: store.dir, shell: '"$@" > "$OUT" 2> "$ERR"', env: { OUT: out, ERR: err } },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(readFileSync(err, 'utf8')).not.toContain(ESC);
    const written = readFileSync(out, 'utf8');
    expect(written).not.toContain(ESC);
    const result = JSON.parse(written) as { content: { type: string; text: string }[] };
    expect(result.content).toEqual([{ type: 'text', text: 'Saved note "s1".' }]);
    // The result went to the file only; the terminal got the prompt and was given back.
    expect(run.text).not.toContain('Saved note "s1".');
    expect(run.canonical && run.echo).toBe(true);
    expect(cursorVisible(run.raw)).toBe(true);
  });

  it('`$(…)` with stdin redirected too (and CI set): same prompt, the capture is the result', async () => {
    const out = outFile();
    const run = await inPty(
      ['call', 'notes_put', '{"id":"s2","text":"captured"}', ...opts, ...demo()],
      answered('1'),
      {
        configHome: store.dir,
        shell: 'r=$("$@" < /dev/null); code=$?; printf "%s" "$r" > "$OUT"; exit $code',
        env: { OUT: out, CI: 'true' },
      },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('Saved note "s2".');
    expect(run.canonical && run.echo).toBe(true);
  });

  it('Deny once: exit 1, the reason on stderr, nothing on stdout', async () => {
    const out = outFile();
    const err = outFile();
    const run = await inPty(
      ['call', 'notes_put', '{"id":"s3","text":"no"}', ...opts, ...demo()],
      answered('3'),
      { configHome: store.dir, shell: '"$@" > "$OUT" 2> "$ERR"', env: { OUT: out, ERR: err } },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe('');
    const reason = readFileSync(err, 'utf8');
    expect(reason).toContain('notes_put did not run');
    expect(reason).not.toContain(ESC);
  });

  it('Ctrl+C on the prompt: exit 130, the terminal given back, nothing on stdout', async () => {
    const out = outFile();
    const run = await inPty(
      ['call', 'notes_put', '{"id":"s4","text":"y"}', ...opts, ...demo()],
      [{ expect: READY }, { send: '\u0003' }],
      { configHome: store.dir, shell: '"$@" > "$OUT"', env: { OUT: out } },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(130);
    expect(readFileSync(out, 'utf8')).toBe('');
    expect(run.canonical && run.echo).toBe(true);
    expect(cursorVisible(run.raw)).toBe(true);
  });

  it('an unknown tool: the message on the terminal, exit 2, no prompt', async () => {
    const out = outFile();
    const run = await inPty(['call', 'nosuch', '{}', ...opts, ...demo()], [], {
      configHome: store.dir,
      shell: '"$@" > "$OUT"',
      env: { OUT: out },
    });
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(2);
    expect(run.text).toContain(en.t('mcp.cli.error.no_such_tool', { tool: 'nosuch' }));
    expect(run.text).not.toMatch(new RegExp(PROMPT));
    expect(readFileSync(out, 'utf8')).toBe('');
  });
});

describe('without any terminal', () => {
  it('fails closed with the message it always had, and stdout stays empty', async () => {
    const run = await piped(
      ['call', 'notes_put', '{"id":"s5","text":"x"}', ...opts, ...demo()],
      store.dir,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(en.t('mcp.error.no_prompt'));
  });

  it('an unknown tool: exit 2 with "no tool named", its name cleaned of control characters', async () => {
    const run = await piped(['call', `no\u001B[31msuch`, '{}', ...opts, ...demo()], store.dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('No tool named');
    expect(run.stderr).not.toContain(ESC);
    expect(run.stderr).not.toContain(en.t('mcp.error.no_prompt'));
  });

  it('--help lists every exit code, the unknown tool under 2', async () => {
    const run = await piped(['--help'], store.dir);
    expect(run.code).toBe(0);
    for (const [code, key] of [
      ['0', 'mcp.cli.help.exit.ok'],
      ['1', 'mcp.cli.help.exit.denied'],
      ['2', 'mcp.cli.help.exit.usage'],
      ['130', 'mcp.cli.help.exit.interrupted'],
    ] as const)
      expect(run.stdout).toMatch(new RegExp(`^ {2}${code} +${literal(en.t(key))}$`, 'm'));
    expect(en.t('mcp.cli.help.exit.usage')).toContain('no tool of that name');
  });
});

describe('interactive mode', () => {
  it('an unknown tool name gets the same message and no prompt', async () => {
    const run = await inPty(
      [...opts, ...demo()],
      [
        { expect: literal(en.t('mcp.cli.ask.tool').trimEnd()) },
        { send: 'nosuch\r' },
        { expect: literal(en.t('mcp.cli.error.unknown_tool', { tool: 'nosuch' })) },
        { expect: literal(en.t('mcp.cli.ask.tool').trimEnd()) },
        { send: 'q\r' },
      ],
      { configHome: store.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(run.text).not.toMatch(new RegExp(PROMPT));
  });

  it('wraps its own messages at spaces to the terminal width (60 columns)', async () => {
    const ask = { expect: literal(en.t('mcp.cli.ask.tool').trimEnd()) };
    const run = await inPty(
      [...opts, ...demo()],
      [ask, { send: 'nosuch\r' }, { expect: literal('Type a number') }, { send: 'q\r' }],
      { configHome: store.dir, cols: 60 },
    );
    expect(run.error).toBeNull();
    const message = en.t('mcp.cli.error.unknown_tool', { tool: 'nosuch' });
    expect(message.length).toBeGreaterThan(60);
    // Written as lines of at most 60 columns, each next one indented, not cut by the terminal.
    const from = run.text.indexOf('There is no tool');
    const lines = run.text.slice(from, run.text.indexOf('tool name.', from) + 10).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}\S/);
    expect(lines.map((line) => line.trim()).join(' ')).toBe(message);
  });

  it('`> results.txt`: the tool list, the questions and the prompt on the terminal, the results in the file', async () => {
    const out = outFile();
    const ask = { expect: literal(en.t('mcp.cli.ask.tool').trimEnd()) };
    const run = await inPty(
      [...opts, ...demo()],
      [
        ask,
        { send: 'notes_list\r' },
        { expect: literal(en.t('mcp.tool_args.none')) },
        { send: '\r' },
        ...answered('3'),
        ask,
        { send: 'q\r' },
      ],
      { configHome: store.dir, shell: '"$@" > "$OUT"', env: { OUT: out } },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    // What the person chooses from is where they type: the list before the first question.
    expect(run.text).toContain('notes_list · List notes');
    expect(run.text).toContain(en.t('mcp.cli.connected', { server: 'Demo', count: 14 }));
    const denied = 'notes_list did not run';
    expect(run.text).toContain(denied);
    const written = readFileSync(out, 'utf8');
    expect(written).not.toContain(ESC);
    expect(written).not.toContain('notes_list · List notes');
    expect(written).not.toContain(en.t('mcp.cli.ask.tool').trimEnd());
    expect(written).toContain(denied);
  });
});
